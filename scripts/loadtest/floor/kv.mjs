// The floor with KV: a Worker that answers one KV value read with the
// share worker's options (type text, cacheTtl), put there by the first
// request (docs/benchmarks.md, "The floor"). ?bytes=N: a value of about N
// bytes, as const.mjs.
import { body } from "./const.mjs";

export default {
  async fetch(req, env) {
    const url = new URL(req.url);
    const key = "s:floor:" + (url.searchParams.get("bytes") || "0");
    let v = await env.SHARES.get(key, { type: "text", cacheTtl: 86400 });
    if (v === null) {
      v = body(url);
      await env.SHARES.put(key, v);
    }
    return new Response(v, { headers: { "Content-Type": "application/json; charset=utf-8" } });
  },
};
