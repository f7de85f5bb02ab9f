// worker.mjs: the Worker's entry (scripts/worker copies it into build/ in
// place of the worker.mjs that syumai/workers' workers-assets-gen writes).
//
// Static files never reach this code: wrangler.toml's [assets] serves
// build/site (dist/ without its .br/.gz copies, with _headers) before the
// Worker runs. What reaches it is every other path: the share routes go to
// the Go program (cmd/worker, package api), /embed and the files under /s/
// to the assets, and the rest is a 404.
//
// Why not syumai/workers' own worker.mjs: it makes a new WebAssembly
// instance and runs the Go program from the start for every request
// (its Go side, workers.Serve, ends the program after one response), which
// costs a Go start-up each time. Here the program starts once per isolate,
// registers context.binding.handle and serves every later request.
import "./wasm_exec.js"; // syumai/workers' copy: the Go side sees `context` as a global
import mod from "./app.wasm";
import { securityHeaders, fileCache, noStore, maxBody } from "./api.mjs";

globalThis.tryCatch = (fn) => {
  try {
    return { result: fn() };
  } catch (e) {
    return { error: e };
  }
};

// context is what the Go program reads as globalThis.context: env (the
// bindings: SHARES, SHARE_RATE) and binding, through which the two call
// each other: Go puts handle and settle there; wait is ours.
const context = {
  env: undefined,
  binding: {
    // wait(p, seq): Go waits for promise p under seq; settle hands it
    // the outcome (one Go callback for every promise, main.go says why).
    wait(p, seq) {
      p.then(
        (v) => context.binding.settle(seq, true, v),
        (e) => context.binding.settle(seq, false, String(e)),
      );
    },
  },
};
let started = null;

function start() {
  if (started === null) {
    started = new Promise((resolve, reject) => {
      const go = new Go();
      const instance = new WebAssembly.Instance(mod, {
        ...go.importObject,
        workers: { ready: () => resolve() },
      });
      // If the program ever ends, the next request starts it again.
      go.run(instance, context).finally(() => {
        started = null;
        reject(new Error("the Go program ended"));
      });
    });
  }
  return started;
}

const shortID = /^[A-Za-z0-9_-]{12}$/;

// states keeps the Go program's 200 replies to GET /api/share/{id} in the
// isolate, least recently used first. An id is its state's content hash,
// so the reply under an id never changes and needs no invalidation; a
// class opening one link reads it from here after the first student,
// without the Go program or KV, and /s/{id} of an id kept here is known
// to exist. Only found states are kept (a missing id may be stored
// later). The bytes held are bounded by SHARE_CACHE_BYTES (a var: 0 turns
// the cache off, as docs/benchmarks.md does to measure the Go path) or
// else cacheBytes, counted as 2 bytes a character (a JavaScript string's
// widest form).
const cacheBytes = 8 << 20;
const states = new Map();
let statesBytes = 0;

function cacheLimit(env) {
  const v = env.SHARE_CACHE_BYTES;
  return v === undefined ? cacheBytes : Number(v) || 0;
}

function recall(id) {
  const e = states.get(id);
  if (e !== undefined) {
    states.delete(id); // most recently used: last
    states.set(id, e);
  }
  return e;
}

function remember(env, id, r) {
  const limit = cacheLimit(env);
  const size = 2 * (r.body.length + r.type.length + r.cache.length + r.etag.length + id.length);
  if (size > limit || states.has(id)) return;
  for (const [old, e] of states) {
    if (statesBytes + size <= limit) break;
    states.delete(old);
    statesBytes -= e.size;
  }
  states.set(id, { type: r.type, cache: r.cache, etag: r.etag, body: r.body, size });
  statesBytes += size;
}

function withSecurity(h) {
  for (const [k, v] of securityHeaders) h.set(k, v);
  return h;
}

function textReply(status, text, extra = {}) {
  const h = withSecurity(new Headers(extra));
  h.set("Cache-Control", noStore);
  return new Response(text, { status, headers: h });
}

function jsonError(status, msg, extra = {}) {
  return textReply(status, JSON.stringify({ error: msg }) + "\n", {
    "Content-Type": "application/json; charset=utf-8",
    ...extra,
  });
}

// page answers index.html from the assets with status (404: a dead short
// link; the page reads its address and says why).
async function page(req, env, status) {
  const url = new URL("/", req.url);
  const headers = new Headers();
  for (const k of ["Accept-Encoding", ...(status === 200 ? ["If-None-Match"] : [])]) {
    const v = req.headers.get(k);
    if (v !== null) headers.set(k, v);
  }
  const r = await env.ASSETS.fetch(new Request(url, { method: req.method, headers }));
  if (status === 200) return r;
  const h = withSecurity(new Headers(r.headers));
  h.delete("ETag");
  return new Response(r.body, { status, headers: h });
}

// readBody reads at most max bytes of the body, and says whether there
// was more.
async function readBody(req, max) {
  if (req.body === null) return [new Uint8Array(0), false];
  const out = new Uint8Array(max);
  let n = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return [out.subarray(0, n), false];
    if (n + value.length > max) {
      reader.cancel();
      return [out.subarray(0, n), true];
    }
    out.set(value, n);
    n += value.length;
  }
}

async function share(req, env, url) {
  const p = url.pathname;
  const read = req.method === "GET" || req.method === "HEAD";
  const id = p.startsWith("/s/") ? p.slice(3) : p.startsWith("/api/share/") ? p.slice(11) : null;
  if (read && id !== null) {
    const e = recall(id);
    if (e !== undefined) return p.startsWith("/s/") ? page(req, env, 200) : reply(req, 200, e);
  }
  context.env = env; // the same bindings for every request of the isolate
  await start();
  let body = null;
  let tooBig = false;
  if (req.method === "POST") [body, tooBig] = await readBody(req, maxBody);
  const client = req.headers.get("CF-Connecting-IP") || "unknown";
  const r = await new Promise((resolve) =>
    context.binding.handle(`${req.method} ${p} ${client}`, body, tooBig, (status, page, meta, body) => {
      const [type, cache, etag, allow, retryAfter] = meta.split("\n");
      resolve({ status, page, type, cache, etag, allow, retryAfter, body });
    }),
  );
  if (r.page) return page(req, env, r.status);
  if (read && r.status === 200 && p.startsWith("/api/share/")) remember(env, id, r);
  return reply(req, r.status, r);
}

// reply is the Go program's reply r (or a kept one) as a Response.
function reply(req, status, r) {
  const h = withSecurity(new Headers());
  h.set("Content-Type", r.type);
  h.set("Cache-Control", r.cache);
  if (r.allow) h.set("Allow", r.allow);
  if (r.retryAfter) h.set("Retry-After", r.retryAfter);
  if (r.etag) {
    h.set("ETag", r.etag);
    if (req.headers.get("If-None-Match") === r.etag) return new Response(null, { status: 304, headers: h });
  }
  return new Response(req.method === "HEAD" ? null : r.body, { status, headers: h });
}

export default {
  async fetch(req, env) {
    const url = new URL(req.url);
    const p = url.pathname;
    try {
      if (p.startsWith("/api/") || (p.startsWith("/s/") && shortID.test(p.slice(3)))) {
        return await share(req, env, url);
      }
      if (req.method !== "GET" && req.method !== "HEAD") {
        return jsonError(405, "method " + req.method + " is not allowed here", { Allow: "GET, HEAD" });
      }
      if (p === "/embed" || p === "/embed/") return await page(req, env, 200);
      if (p.startsWith("/s/")) {
        // index.html's relative addresses (app.js, main.wasm, ...) from
        // /s/; anything else is a damaged short link.
        const r = await env.ASSETS.fetch(new Request(new URL("/" + p.slice(3), url), req));
        return r.status === 404 ? await page(req, env, 404) : r;
      }
      // No static file has this path.
      return textReply(404, "404: no such page\n", { "Content-Type": "text/plain; charset=utf-8" });
    } catch (e) {
      console.error("ptxplay worker:", e);
      return jsonError(500, "internal error");
    }
  },
};
