// The floor of `wrangler dev --local`: a Worker that answers a constant
// without reading anything (docs/benchmarks.md, "The floor"). ?bytes=N
// pads the JSON answer to about N bytes (a shared state's size).
const bodies = new Map();

export function body(url) {
  const n = Math.min(Number(url.searchParams.get("bytes")) || 0, 1 << 16);
  let b = bodies.get(n);
  if (b === undefined) {
    b = JSON.stringify({ source: "x".repeat(Math.max(0, n - 14)) }) + "\n";
    bodies.set(n, b);
  }
  return b;
}

export default {
  fetch(req) {
    return new Response(body(new URL(req.url)), { headers: { "Content-Type": "application/json; charset=utf-8" } });
  },
};
