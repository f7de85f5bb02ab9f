// The floor with KV: a Worker that answers one KV value read with the
// share worker's options (type text, cacheTtl), put there by the first
// request (docs/benchmarks.md, "The floor").
const key = "s:floor";
const value = '{"source":"floor"}\n';

export default {
  async fetch(req, env) {
    let v = await env.SHARES.get(key, { type: "text", cacheTtl: 86400 });
    if (v === null) {
      await env.SHARES.put(key, value);
      v = value;
    }
    return new Response(v, { headers: { "Content-Type": "application/json; charset=utf-8" } });
  },
};
