// editor.js: the PTX editor, CodeMirror 6 driven from Go (web/editor_js.go).
// Go creates it with ptxEditor.create(el, text, hooks) and then sets its
// diagnostics, breakpoints and current line; the editor calls back through
// hooks: change(text) after typing stops, hover(word, line) for the docs,
// breakpoints(json) when the gutter is clicked, and keys(name) for the
// page's shortcuts pressed inside the editor.

import { EditorState, StateField, StateEffect, RangeSet } from "@codemirror/state";
import {
  EditorView, lineNumbers, gutter, GutterMarker, keymap,
  highlightActiveLine, highlightActiveLineGutter, drawSelection, hoverTooltip,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { StreamLanguage, syntaxHighlighting, HighlightStyle, bracketMatching } from "@codemirror/language";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { tags as t } from "@lezer/highlight";

// The PTX tokenizer: comments, directives, labels, predicates, the opcode
// and its modifiers, registers, numbers and strings.
const ptxMode = {
  name: "ptx",
  startState: () => ({ comment: false, opSeen: false }),
  token(stream, st) {
    if (stream.sol()) st.opSeen = false;
    if (st.comment) {
      if (stream.skipTo("*/")) { stream.next(); stream.next(); st.comment = false; } else stream.skipToEnd();
      return "comment";
    }
    if (stream.eatSpace()) return null;
    if (stream.match("//")) { stream.skipToEnd(); return "comment"; }
    if (stream.match("/*")) { st.comment = true; return "comment"; }
    if (stream.match(/^"([^"\\]|\\.)*"/)) return "string";
    const ch = stream.peek();
    if (ch === ";" || ch === "{" || ch === "}") { stream.next(); st.opSeen = false; return "punctuation"; }
    if (stream.match(/^@!?%?[A-Za-z_$][\w$]*/)) return "meta";
    if (stream.match(/^%[A-Za-z_$][\w$.]*/)) return "variableName";
    if (stream.match(/^0[fF][0-9a-fA-F]{8}|^0[dD][0-9a-fA-F]{16}|^0[xX][0-9a-fA-F]+U?|^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?U?/)) return "number";
    if (stream.match(/^\.[A-Za-z_][\w]*/)) return st.opSeen ? "typeName" : "keyword";
    if (stream.match(/^[A-Za-z_$][\w$]*(?=\s*:)/)) return "labelName";
    if (stream.match(/^[A-Za-z_$][\w$]*/)) {
      if (!st.opSeen) { st.opSeen = true; return "operatorKeyword"; }
      return "name";
    }
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "//", block: { open: "/*", close: "*/" } } },
};

const ptxHighlight = HighlightStyle.define([
  { tag: t.comment, color: "var(--cm-comment)", fontStyle: "italic" },
  { tag: t.keyword, color: "var(--cm-directive)" },
  { tag: t.operatorKeyword, color: "var(--cm-opcode)", fontWeight: "600" },
  { tag: t.typeName, color: "var(--cm-modifier)" },
  { tag: t.variableName, color: "var(--cm-register)" },
  { tag: t.number, color: "var(--cm-number)" },
  { tag: t.string, color: "var(--cm-number)" },
  { tag: t.labelName, color: "var(--cm-label)", fontWeight: "600" },
  { tag: t.meta, color: "var(--cm-pred)" },
]);

// Breakpoints: a set of gutter markers, toggled by clicking the gutter.
const toggleBreak = StateEffect.define();
const setBreaks = StateEffect.define();
const breakMarker = new (class extends GutterMarker {
  toDOM() { const s = document.createElement("span"); s.className = "cm-bp"; s.textContent = "●"; return s; }
})();
const spacerMarker = new (class extends GutterMarker {
  toDOM() { const s = document.createElement("span"); s.textContent = "●"; return s; }
})();
const breakField = StateField.define({
  create: () => RangeSet.empty,
  update(set, tr) {
    set = set.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(setBreaks)) set = RangeSet.of(e.value.map((pos) => breakMarker.range(pos)), true);
      if (e.is(toggleBreak)) {
        let has = false;
        set.between(e.value, e.value, () => { has = true; });
        set = has ? set.update({ filter: (from) => from !== e.value }) : set.update({ add: [breakMarker.range(e.value)] });
      }
    }
    return set;
  },
});

function breakLines(state) {
  const lines = [];
  state.field(breakField).between(0, state.doc.length, (from) => { lines.push(state.doc.lineAt(from).number); });
  return lines;
}

// The word under the pointer, with the dots and percent signs PTX names use.
function wordAt(state, pos) {
  const line = state.doc.lineAt(pos);
  const text = line.text;
  let a = pos - line.from, b = a;
  const inWord = (c) => /[\w.%$]/.test(c);
  while (a > 0 && inWord(text[a - 1])) a--;
  while (b < text.length && inWord(text[b])) b++;
  if (a === b) return null;
  return { from: line.from + a, to: line.from + b, word: text.slice(a, b), line: line.number };
}

export function create(parent, text, hooks) {
  let timer = 0;
  const changed = EditorView.updateListener.of((u) => {
    if (u.docChanged) {
      clearTimeout(timer);
      timer = setTimeout(() => hooks.change(u.state.doc.toString()), 250);
    }
    if (u.transactions.some((tr) => tr.effects.some((e) => e.is(toggleBreak)))) {
      hooks.breakpoints(JSON.stringify(breakLines(u.state)));
    }
  });
  const bpGutter = gutter({
    class: "cm-bp-gutter",
    markers: (v) => v.state.field(breakField),
    initialSpacer: () => spacerMarker,
    domEventHandlers: {
      mousedown(view, line) {
        view.dispatch({ effects: toggleBreak.of(line.from) });
        return true;
      },
    },
  });
  const hover = hoverTooltip((view, pos) => {
    const w = wordAt(view.state, pos);
    if (!w) return null;
    const doc = hooks.hover(w.word, w.line);
    if (!doc) return null;
    return {
      pos: w.from, end: w.to, above: true,
      create() {
        const dom = document.createElement("div");
        dom.className = "cm-ptx-doc";
        dom.textContent = doc;
        return { dom };
      },
    };
  }, { hoverTime: 250 });
  // The page's shortcuts work inside the editor too (F-keys and Alt).
  const pageKeys = keymap.of(["F5", "F6", "F7", "F8", "Shift-F7", "Shift-F5", "Alt-r", "Alt-s", "Alt-b"].map((k) => ({
    key: k, preventDefault: true, run: () => { hooks.keys(k); return true; },
  })));
  // The current line, and the function that places its mark (set below,
  // once the view exists; the listener runs it when the text or the
  // heights change).
  let marked = { line: 0, fault: false };
  let placer = null;
  const markPlacer = EditorView.updateListener.of((u) => {
    if (placer && (u.docChanged || u.heightChanged || u.geometryChanged)) placer(u.docChanged);
  });
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        pageKeys, bpGutter, breakField, lineNumbers(), highlightActiveLineGutter(), lintGutter(),
        history(), drawSelection(), highlightActiveLine(), bracketMatching(),
        StreamLanguage.define(ptxMode), syntaxHighlighting(ptxHighlight),
        hover, changed, markPlacer,
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ "aria-label": "PTX source", spellcheck: "false" }),
      ],
    }),
  });
  // The current line's mark (class cm-linemark and cm-current, or
  // cm-faultline for a fault's line; data-line its number) is one of a
  // column of bands under the text, one band a line, sized from the
  // editor's height map when the text or the heights change. Each band
  // always paints the editor's background, the marked one the mark's
  // colour, so a step changes the colour of two bands and nothing moves:
  // a box that moved, or that began or stopped painting, would change
  // what Chromium's compositor knows of the page's paint (the bounds and
  // opaque areas of its paint chunks) and cost a whole compositing update
  // every step (issue 24's profiles: about 1 ms; a moved box under its
  // own layer, by transform, costs the same). A decoration would need a
  // transaction, and every transaction that redraws a line reads the DOM
  // selection, which makes Chromium lay out whatever the step changed
  // elsewhere in the page there and then. Whether the line is in view
  // comes from the height map and the scroller's last scroll and resize
  // events, also without asking the DOM.
  const scroller = view.scrollDOM;
  const column = document.createElement("div");
  column.className = "cm-linemarks";
  column.setAttribute("aria-hidden", "true");
  scroller.appendChild(column);
  const bands = []; // bands[i]: line i+1's band
  let lit = null; // the band marked now
  let scrollTop = 0, scrollHeight = 0;
  scroller.addEventListener("scroll", () => { scrollTop = scroller.scrollTop; }, { passive: true });
  if (typeof ResizeObserver === "function") {
    new ResizeObserver((es) => { for (const e of es) scrollHeight = e.contentRect.height; }).observe(scroller);
    // The bands span the text's box, as wide as the longest line when
    // that is wider than the scroller; their left edge moves with the
    // gutters' width.
    const content = view.contentDOM;
    const sizeColumn = () => {
      column.style.left = content.offsetLeft + "px";
      column.style.width = content.getBoundingClientRect().width + "px";
    };
    const sizer = new ResizeObserver(sizeColumn);
    sizer.observe(content);
    const gutters = view.dom.querySelector(".cm-gutters");
    if (gutters) sizer.observe(gutters);
  }
  // sizeBands gives each line its band. The bands are as high as
  // CodeMirror's default line (--band on the column), which every line
  // here is (no wrapping, no widgets); a line in view of another height
  // gets its own, kept until the text changes. Nothing here walks the
  // whole text: an edit of a long file costs a band more or less and the
  // lines in view. Only what differs is written: a write of the same size
  // still costs Chromium a style invalidation.
  const odd = new Set(); // the bands with a height of their own
  function sizeBands(docChanged) {
    const doc = view.state.doc;
    while (bands.length < doc.lines) bands.push(column.appendChild(document.createElement("div")));
    while (bands.length > doc.lines) {
      const b = bands.pop();
      if (b === lit) lit = null;
      odd.delete(b);
      b.remove();
    }
    const top = view.documentPadding.top + "px";
    if (column.style.top !== top) column.style.top = top;
    const lh = view.defaultLineHeight;
    if (column.style.getPropertyValue("--band") !== lh + "px") column.style.setProperty("--band", lh + "px");
    if (docChanged) {
      for (const b of odd) b.style.height = "";
      odd.clear();
    }
    for (const blk of view.viewportLineBlocks) {
      const b = bands[doc.lineAt(blk.from).number - 1];
      const h = Math.abs(blk.height - lh) < 0.01 ? "" : blk.height + "px";
      if (b.style.height !== h) b.style.height = h;
      if (h) odd.add(b); else odd.delete(b);
    }
  }
  function placeMark() {
    const { line, fault } = marked;
    const band = line > 0 && line <= bands.length ? bands[line - 1] : null;
    if (lit && lit !== band) {
      lit.className = "";
      lit.removeAttribute("data-line");
    }
    lit = band;
    if (!band) return;
    const cls = "cm-linemark " + (fault ? "cm-faultline" : "cm-current");
    if (band.className !== cls) band.className = cls;
    if (band.dataset.line !== String(line)) band.dataset.line = String(line);
  }
  sizeBands(true);
  placer = (docChanged) => { sizeBands(docChanged); placeMark(); };
  const lineInView = (pos) => {
    if (!(scrollHeight > 0)) return false;
    const b = view.lineBlockAt(pos), top = b.top + view.documentPadding.top;
    return top >= scrollTop && top + b.height <= scrollTop + scrollHeight;
  };
  const api = {
    view,
    getDoc: () => view.state.doc.toString(),
    // setDoc replaces the text; breakpoints and marks go with the old text.
    setDoc(text) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        effects: [setBreaks.of([])],
      });
      marked = { line: 0, fault: false };
      placeMark();
      view.dispatch(setDiagnostics(view.state, []));
    },
    // setDiagnostics takes JSON: [{line, col, msg, severity}], 1-based.
    setDiagnostics(json) {
      const doc = view.state.doc;
      const ds = (JSON.parse(json) || []).filter((d) => d.line >= 1 && d.line <= doc.lines).map((d) => {
        const l = doc.line(d.line);
        let from = l.from + Math.max(0, Math.min((d.col || 1) - 1, l.length));
        let to = from;
        while (to < l.to && /[^\s,;]/.test(doc.sliceString(to, to + 1))) to++;
        if (to === from) { from = l.from; to = l.to; }
        return { from, to, severity: d.severity || "error", message: d.msg };
      });
      view.dispatch(setDiagnostics(view.state, ds));
    },
    // setBreakpoints takes JSON: [line, ...].
    setBreakpoints(json) {
      const doc = view.state.doc;
      const pos = (JSON.parse(json) || []).filter((n) => n >= 1 && n <= doc.lines).map((n) => doc.line(n).from);
      view.dispatch({ effects: setBreaks.of(pos) });
    },
    breakpoints: () => JSON.stringify(breakLines(view.state)),
    // setCurrent marks line (0: none); fault marks it as a fault's line;
    // scroll brings it into view when it is not.
    setCurrent(line, fault, scroll) {
      marked = { line, fault: !!fault };
      placeMark();
      const doc = view.state.doc;
      if (scroll && line > 0 && line <= doc.lines && !lineInView(doc.line(line).from)) {
        view.dispatch({ effects: EditorView.scrollIntoView(doc.line(line).from, { y: "nearest" }) });
      }
    },
    // goto puts the cursor on line and focuses the editor.
    goto(line) {
      const doc = view.state.doc;
      if (line < 1 || line > doc.lines) return;
      const l = doc.line(line);
      view.dispatch({ selection: { anchor: l.from }, effects: EditorView.scrollIntoView(l.from, { y: "center" }) });
      view.focus();
    },
    setReadOnly(ro) {
      view.contentDOM.setAttribute("contenteditable", ro ? "false" : "true");
    },
  };
  globalThis.ptxEditor.current = api; // for automation and the console
  return api;
}

globalThis.ptxEditor = { create };
