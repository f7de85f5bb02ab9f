// main.js: the page's JavaScript bundle (esbuild, scripts/build): the
// CodeMirror editor and the data views' patcher, both driven from Go.
import "./editor.js";
import "./patch.js";
