// boot.js: the page's keyboard shortcuts and the wasm start. A file, not an
// inline script, so the Content-Security-Policy can forbid inline scripts.
(function () {
  // Vugu's renderer installs its helper with eval(), which the CSP forbids.
  // vugu.js, the same helper extracted at build time, has already run, so
  // that one call has nothing left to do; every other eval stays refused.
  var nativeEval = window.eval;
  window.eval = function (src) {
    if (typeof src === "string" && src.indexOf("if(window.vuguRender)return;") >= 0 && typeof window.vuguRender === "function") {
      return undefined;
    }
    return nativeEval(src);
  };
  // The page's shortcuts, also inside the editor (see web/root.go Key).
  var keys = { "F5": 1, "Shift-F5": 1, "F7": 1, "Shift-F7": 1, "F8": 1, "Alt-r": 1, "Alt-0": 1, "Escape": 1 };
  document.addEventListener("keydown", function (e) {
    var k = (e.altKey ? "Alt-" : "") + (e.shiftKey ? "Shift-" : "") + (e.key.length === 1 ? e.key.toLowerCase() : e.key);
    if (e.code === "Digit0" && e.altKey) k = "Alt-0";
    if (e.code === "KeyR" && e.altKey && !e.shiftKey) k = "Alt-r";
    if (keys[k] && typeof ptxKey === "function") {
      if (k === "Escape" && document.querySelector(".cm-tooltip-autocomplete")) return;
      e.preventDefault();
      ptxKey(k);
    }
  }, true);
  // The stepping controls (data-do: run, stop, step, ...) go to Go's
  // Root.Do through ptxDo, not through Vugu's event handlers, whose event
  // summary Go decodes with encoding/json on every click (issue 24: a
  // step's time). A disabled button gets no click.
  document.addEventListener("click", function (e) {
    var b = e.target && e.target.closest ? e.target.closest("button[data-do]") : null;
    if (b && !b.disabled && typeof ptxDo === "function") ptxDo(b.getAttribute("data-do"));
  });
  var go = new Go();
  WebAssembly.instantiateStreaming(fetch("main.wasm"), go.importObject).then(function (r) {
    go.run(r.instance);
  }, function (err) {
    document.getElementById("app").textContent = "ptxplay could not start: " + err;
    console.error(err);
  });
})();
