// isolate-time.cjs: the time a Worker's isolate spends running (its
// JavaScript and wasm) while `wrangler dev --local` serves a load, from a
// CPU profile taken through the dev server's inspector
// (docs/benchmarks.md, "The floor"). It excludes what wrangler's local
// stack costs around the Worker, which the edge does not have.
//
//   node scripts/loadtest/floor/isolate-time.cjs INSPECTOR_PORT SECONDS [OUT.cpuprofile]
//
// Start it, run the load (scripts/loadtest) within SECONDS, then divide
// the printed isolate time by the requests served. V8 samples the isolate
// only while it runs, every 100 us: the figure is samples x 100 us.
const path = require("path");
const WebSocket = require(path.join(__dirname, "../../../cmd/worker/node_modules/ws"));
const [port, secs, out] = process.argv.slice(2);
if (!port || !secs) {
  console.error("usage: node isolate-time.cjs INSPECTOR_PORT SECONDS [OUT.cpuprofile]");
  process.exit(2);
}
const interval = 100; // us
const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
let seq = 0;
const pending = new Map();
const send = (method, params = {}) =>
  new Promise((resolve) => {
    pending.set(++seq, resolve);
    ws.send(JSON.stringify({ id: seq, method, params }));
  });
ws.on("message", (m) => {
  const d = JSON.parse(m);
  if (pending.has(d.id)) {
    pending.get(d.id)(d);
    pending.delete(d.id);
  }
});
ws.on("error", (e) => {
  console.error("isolate-time:", e.message);
  process.exit(1);
});
ws.on("open", async () => {
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval });
  await send("Profiler.start");
  await new Promise((r) => setTimeout(r, secs * 1000));
  const { profile } = (await send("Profiler.stop")).result;
  if (out) require("fs").writeFileSync(out, JSON.stringify(profile));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (const s of profile.samples) {
    const f = nodes.get(s).callFrame;
    const name = f.functionName || "(anonymous)";
    self.set(name, (self.get(name) || 0) + 1);
  }
  const n = profile.samples.length;
  console.log(`isolate time: ${((n * interval) / 1000).toFixed(1)} ms in ${secs} s (${n} samples)`);
  for (const [name, c] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`  ${((100 * c) / n).toFixed(1).padStart(5)}%  ${name}`);
  }
  process.exit(0);
});
