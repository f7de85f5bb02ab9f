// patch.js: applies the data views' batched patches and shows their hover
// cards. Go (web/regrid_patch.go) owns the content of a few elements that
// Vugu renders empty; each render it sends the cells that changed in one
// call, ptxPatch.apply(el, patch). The format is Go's: records separated by
// RS (0x1e), fields by US (0x1f):
//   H html              replace the element's content
//   C i text class      the i-th <td> of the element: text and class
//   I i html class      the i-th <td>: inner HTML and class
//   M mode              the register grid's compact mode: auto, on or off
// A cell's hover card comes from Go too: el._ptxCard(i) returns
// "title\nlabel\tvalue\n..." or "".

const RS = "\x1e";
const US = "\x1f";

function cells(el) {
  let c = el._ptxCells;
  if (!c) {
    c = el._ptxCells = Array.from(el.getElementsByTagName("td"));
  }
  return c;
}

export function apply(el, patch) {
  let rebuilt = false;
  const recs = patch.split(RS);
  for (let k = 0; k < recs.length; k++) {
    const f = recs[k].split(US);
    switch (f[0]) {
      case "H":
        el.innerHTML = f[1];
        el._ptxCells = null;
        sizeSpacers(el);
        rebuilt = true;
        hideCard();
        break;
      case "C": {
        const c = cells(el)[+f[1]];
        if (c) {
          // Reuse the cell's text node: cheaper than a new one per change.
          const t = c.firstChild;
          if (t && t.nodeType === 3 && !t.nextSibling) {
            if (t.nodeValue !== f[2]) t.nodeValue = f[2];
          } else {
            c.textContent = f[2];
          }
          if (c.className !== f[3]) c.className = f[3];
        }
        break;
      }
      case "M":
        el._ptxCompact = f[1];
        fitCompact(el);
        hookResize(el);
        break;
      case "I": {
        const c = cells(el)[+f[1]];
        if (c) {
          c.innerHTML = f[2];
          c.className = f[3];
        }
        break;
      }
    }
  }
  hookCard(el);
  hookScroll(el);
  if (rebuilt && el._ptxCompact) {
    fitCompact(el);
    hookResize(el);
  }
  if (rebuilt && el._ptxScrollHooked) {
    // A new table may not hold the rows the scroller shows (it kept its
    // position): tell Go where the view is, after this call returns.
    requestAnimationFrame(() => reportScroll(el));
  }
  if (card && card._ptxFor && el.contains(card._ptxFor)) {
    showCard(el, card._ptxFor); // the value under the pointer changed
  }
}

// A long table shows a window of its rows; rows outside it are spacer rows
// (tr.rg-spacer, data-rows = how many rows each stands for) as high as the
// rows they stand for.
function rowHeight(el) {
  const r = el.querySelector("tbody tr:not(.rg-spacer)");
  return r ? r.getBoundingClientRect().height : 0;
}

function sizeSpacers(el) {
  const sp = el.querySelectorAll("tr.rg-spacer");
  if (sp.length === 0) return;
  const h = rowHeight(el);
  for (const s of sp) s.style.height = (+s.dataset.rows * h) + "px";
}

// hookScroll tells Go (el._ptxScroll(first, visible)) which rows are in
// view when the table's scroller moves, once a frame at most.
function hookScroll(el) {
  if (el._ptxScrollHooked || typeof el._ptxScroll !== "function") return;
  const scroller = el.closest(".dv-scroll") || el.parentElement;
  if (!scroller) return;
  el._ptxScrollHooked = scroller;
  let queued = false;
  scroller.addEventListener("scroll", () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      reportScroll(el);
    });
  }, { passive: true });
}

function reportScroll(el) {
  const scroller = el._ptxScrollHooked;
  if (!scroller || typeof el._ptxScroll !== "function") return;
  if (!el.querySelector("tr.rg-spacer")) return; // every row is in the page
  const h = rowHeight(el);
  if (!(h > 0)) return;
  const head = el.tHead ? el.tHead.getBoundingClientRect().height : 0;
  const first = Math.max(0, Math.floor((scroller.scrollTop - head) / h));
  const visible = Math.ceil(scroller.clientHeight / h) + 1;
  el._ptxScroll(first, visible);
}

// The register grid's compact mode (class rg-compact on the table's
// <thead>, which is Go's: Vugu resets the attributes of the elements it
// renders on every render): smaller digits, a value of more than 4
// characters broken into lines of 4, so that 8 hex digits are two groups
// of 4. "auto" turns it on when the table at its normal size is wider than
// its scroller, never in the large-font mode (which keeps its readable
// size and scrolls). It is decided again when the table is rebuilt or the
// table or its scroller change size, not on every step.
function fitCompact(el) {
  const head = el.tHead;
  if (!head) {
    el._ptxCompactOn = false;
    return;
  }
  const mode = el._ptxCompact || "auto";
  let on = mode === "on";
  if (mode === "auto") {
    const large = document.documentElement.dataset.large;
    head.classList.remove("rg-compact");
    const scroller = el.closest(".dv-scroll") || el.parentElement;
    on = !large && scroller && el.offsetWidth > scroller.clientWidth + 1;
  }
  head.classList.toggle("rg-compact", !!on);
  el._ptxCompactOn = !!on;
}

// hookResize decides the compact mode again when the grid's scroller or
// the table changes size (a resized window, the large font, wider values).
function hookResize(el) {
  if (el._ptxResize || typeof ResizeObserver !== "function") return;
  const scroller = el.closest(".dv-scroll") || el.parentElement;
  let w = [-1, -1];
  el._ptxResize = new ResizeObserver(() => {
    // Only a width change matters; compact mode itself changes the widths
    // back and forth inside fitCompact, which ends where it started.
    const size = () => [scroller.clientWidth, el._ptxCompactOn ? -1 : el.offsetWidth];
    const now = size();
    if (now[0] === w[0] && now[1] === w[1]) return;
    fitCompact(el);
    w = size();
  });
  el._ptxResize.observe(scroller);
  el._ptxResize.observe(el);
}

let card = null;

function cardEl() {
  if (!card) {
    card = document.createElement("div");
    card.className = "ptx-card";
    card.setAttribute("role", "tooltip");
    card.hidden = true;
    document.body.appendChild(card);
  }
  return card;
}

function hideCard() {
  if (card) {
    card.hidden = true;
    card._ptxFor = null;
  }
}

function showCard(el, td) {
  const fn = el._ptxCard;
  const i = cells(el).indexOf(td);
  const text = fn && i >= 0 ? fn(i) : "";
  if (!text) {
    hideCard();
    return;
  }
  const c = cardEl();
  const lines = text.split("\n");
  c.textContent = "";
  const title = document.createElement("div");
  title.className = "ptx-card-title";
  title.textContent = lines[0];
  c.appendChild(title);
  const tbl = document.createElement("table");
  for (let k = 1; k < lines.length; k++) {
    const [label, value] = lines[k].split("\t");
    const tr = tbl.insertRow();
    const th = document.createElement("th");
    th.textContent = label;
    tr.appendChild(th);
    tr.insertCell().textContent = value === undefined ? "" : value;
  }
  c.appendChild(tbl);
  c._ptxFor = td;
  c.hidden = false;
  const r = td.getBoundingClientRect();
  const w = c.offsetWidth, h = c.offsetHeight;
  let x = r.left, y = r.bottom + 4;
  if (x + w > window.innerWidth - 4) x = Math.max(4, window.innerWidth - 4 - w);
  if (y + h > window.innerHeight - 4) y = Math.max(4, r.top - 4 - h);
  c.style.left = x + "px";
  c.style.top = y + "px";
}

function hookCard(el) {
  if (el._ptxHooked) return;
  el._ptxHooked = true;
  el.addEventListener("mouseover", (e) => {
    const td = e.target.closest && e.target.closest("td");
    if (!td || !el.contains(td)) {
      hideCard();
      return;
    }
    if (card && card._ptxFor === td && !card.hidden) return;
    showCard(el, td);
  });
  el.addEventListener("mouseleave", hideCard);
}

// compactOn says whether the grid el shows the compact mode now.
function compactOn(el) {
  return !!(el && el._ptxCompactOn);
}

globalThis.ptxPatch = { apply, compactOn };
