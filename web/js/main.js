// main.js: the page's JavaScript bundle (esbuild, scripts/build): the
// CodeMirror editor, the data views' patcher and the quick render's patch,
// all driven from Go.
import "./editor.js";
import "./patch.js";
import "./quick.js";
