// The floor of `wrangler dev --local`: a Worker that answers a constant
// without reading anything (docs/benchmarks.md, "The floor").
const body = '{"source":"floor"}\n';

export default {
  fetch() {
    return new Response(body, { headers: { "Content-Type": "application/json; charset=utf-8" } });
  },
};
