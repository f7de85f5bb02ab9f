// quick.js: applies a render that Go made without Vugu's renderer
// (web/quickrender.go): when a build has the same shape as the one before,
// Go sends only what differs, and this script finds each node by its child
// indices under Vugu's mount element and writes it as vugu.js would.
//
// ptxQuick(json) takes {"c": [[path, kind, tag, value], ...], "p": [[path,
// tag], ...]} and returns the "p" elements (for their vg-js-populate
// callbacks), or null, having written nothing, when a node is not where
// and what the patch says: Go then renders fully with Vugu.

function find(root, path, tag) {
  let n = root;
  for (let k = 0; k < path.length; k++) {
    n = n.childNodes[path[k]];
    if (!n) return null;
  }
  if (tag === "#") return n.nodeType === 3 || n.nodeType === 8 ? n : null;
  return n.nodeType === 1 && n.localName === tag ? n : null;
}

// setContent gives el the inner HTML v, as vugu.js does (el.innerHTML =
// v, when it differs). In an element whose content the HTML parser reads
// as flow text (not a table part, a select or a template), a non-empty v
// with no markup, character reference, carriage return or NUL parses to
// one text node of v itself; so when the element holds just one text
// node, that node takes v as its value: the same DOM without the parser,
// which a step's vg-contents (the step count, the warp view's title and
// SIMT stack) went through before.
const markup = /[<&\r\0]/;
const notText = /^(table|tbody|thead|tfoot|tr|colgroup|select|template|html|head|frameset)$/;

function setContent(el, v) {
  const t = el.firstChild;
  if (t && t.nodeType === 3 && !t.nextSibling && v !== "" && !markup.test(v) &&
      !notText.test(el.localName) && el.namespaceURI === "http://www.w3.org/1999/xhtml") {
    if (t.nodeValue !== v) t.nodeValue = v;
    return;
  }
  if (el.innerHTML !== v) el.innerHTML = v;
}

function quick(json) {
  const root = window.vuguState && window.vuguState.mountPointEl;
  if (!root) return null;
  const d = JSON.parse(json);
  const at = new Array(d.c.length);
  for (let i = 0; i < d.c.length; i++) {
    const c = d.c[i];
    if (!(at[i] = find(root, c[0], c[2]))) return null;
  }
  const pops = new Array(d.p.length);
  for (let i = 0; i < d.p.length; i++) {
    if (!(pops[i] = find(root, d.p[i][0], d.p[i][1]))) return null;
  }
  for (let i = 0; i < d.c.length; i++) {
    const el = at[i];
    const v = d.c[i][3];
    switch (d.c[i][1]) {
      case "t":
        if (el.nodeValue !== v) el.nodeValue = v;
        break;
      case "a": {
        // All of the element's attributes, as Vugu's renderer sets them
        // and then removes any other.
        const keep = {};
        for (let k = 0; k < v.length; k++) {
          keep[v[k][0]] = true;
          if (el.getAttribute(v[k][0]) !== v[k][1]) el.setAttribute(v[k][0], v[k][1]);
        }
        for (let k = el.attributes.length - 1; k >= 0; k--) {
          const name = el.attributes[k].name;
          if (!keep[name]) el.removeAttribute(name);
        }
        break;
      }
      case "h":
        setContent(el, v);
        break;
      case "p":
        for (let k = 0; k < v.length; k++) {
          const pv = JSON.parse(v[k][1]);
          if (el[v[k][0]] !== pv) el[v[k][0]] = pv;
        }
        break;
    }
  }
  return pops;
}

globalThis.ptxQuick = quick;
globalThis.ptxQuickContent = setContent; // for the browser tests
