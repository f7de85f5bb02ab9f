// editor.js: the PTX editor, CodeMirror 6 driven from Go (web/editor_js.go).
// Go creates it with ptxEditor.create(el, text, hooks) and then sets its
// diagnostics, breakpoints and current line; the editor calls back through
// hooks: change(text) after typing stops, hover(word, line) for the docs,
// breakpoints(json) when the gutter is clicked, and keys(name) for the
// page's shortcuts pressed inside the editor.

import { EditorState, StateField, StateEffect, RangeSet } from "@codemirror/state";
import {
  EditorView, lineNumbers, gutter, GutterMarker, Decoration, keymap,
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

// The current line of the selected warp, and the line of a fault.
const setCurrent = StateEffect.define();
const currentDeco = Decoration.line({ class: "cm-current" });
const faultDeco = Decoration.line({ class: "cm-faultline" });
const currentField = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setCurrent)) continue;
      const ranges = [];
      const { line, fault } = e.value;
      const doc = tr.state.doc;
      if (line > 0 && line <= doc.lines) ranges.push((fault ? faultDeco : currentDeco).range(doc.line(line).from));
      deco = Decoration.set(ranges);
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
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
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        pageKeys, bpGutter, breakField, lineNumbers(), highlightActiveLineGutter(), lintGutter(),
        history(), drawSelection(), highlightActiveLine(), bracketMatching(),
        StreamLanguage.define(ptxMode), syntaxHighlighting(ptxHighlight),
        currentField, hover, changed,
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ "aria-label": "PTX source", spellcheck: "false" }),
      ],
    }),
  });
  const api = {
    view,
    getDoc: () => view.state.doc.toString(),
    // setDoc replaces the text; breakpoints and marks go with the old text.
    setDoc(text) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        effects: [setBreaks.of([]), setCurrent.of({ line: 0 })],
      });
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
    // setCurrent marks line (0: none); fault marks it as a fault's line.
    setCurrent(line, fault, scroll) {
      const effects = [setCurrent.of({ line, fault })];
      if (scroll && line > 0 && line <= view.state.doc.lines) {
        effects.push(EditorView.scrollIntoView(view.state.doc.line(line).from, { y: "nearest" }));
      }
      view.dispatch({ effects });
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
