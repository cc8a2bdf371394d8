// The board's SVG in the page, the same for every game (issue 18), as plain DOM functions (no Preact): put a new
// picture in while the pieces that moved glide from their old place (FLIP over the stable element ids), fingerprint
// each element to tell what changed since a given picture, resolve a click to the element it is about, and read
// hover texts. The views draw movable pieces as `<g class="piece" style="transform:translate(..px,..px)">` and give
// every element that matters a stable id and a `<title>`.

const MOVE_MS = 600;            // the pieces' glide, as the views' own `.piece{transition:transform .6s}`
const BIG = 1 / 30;            // an element covering more of the board than this is never marked "changed"

// Put `text` (one SVG document) into `box` in place of what was there. Every element with an id and an inline
// transform that was elsewhere in the old picture plays the way from its old transform to its new one; a piece
// that was not there fades in. Returns the ids that moved (the page exposes them for tests).
export function mount(box, text, animate = true) {
  const before = new Map();
  for (const el of box.querySelectorAll("[id][style*=transform]")) before.set(el.id, el.style.transform);
  const had = before.size > 0 || box.querySelector("svg") !== null;
  box.innerHTML = text;
  const svg = box.querySelector("svg");
  if (!svg) return [];
  tipsFromTitles(svg);
  const moved = [];
  if (!animate || !had || reducedMotion()) return moved;
  for (const el of svg.querySelectorAll("[id][style*=transform]")) {
    const old = before.get(el.id);
    if (old === undefined) {
      if (el.classList.contains("piece")) el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: MOVE_MS });
    } else if (old !== el.style.transform) {
      moved.push(el.id);
      el.animate([{ transform: old }, { transform: el.style.transform }], { duration: MOVE_MS, easing: "ease" });
    }
  }
  return moved;
}

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// Each element's `<title>` becomes its `data-tip` (and accessible name): the page shows it at once beside the
// pointer, instead of the browser's slow native tooltip on top of ours. A name needs a role that allows one (a
// plain `<g>` is generic, which forbids `aria-label`; issue 24): a part that holds other named parts is a `group`,
// any other an `img` (its role kept in `data-role`: a target of the decision is a `button` while it is one).
function tipsFromTitles(svg) {
  for (const t of [...svg.querySelectorAll("title")]) {
    const owner = t.parentElement;
    if (owner && owner !== svg) {
      owner.dataset.tip = t.textContent;
      owner.setAttribute("aria-label", t.textContent);
      t.remove();
    }
  }
  for (const el of svg.querySelectorAll("[data-tip]")) {
    const role = el.querySelector("[data-tip]") ? "group" : "img";
    el.dataset.role = role;
    el.setAttribute("role", role);
  }
}

// Make `el` a button of the decision (Tab reaches it, its actions named for scripts), named by its hover text,
// else by what its actions say; the text drawn on it, when the name does not hold it already, comes first (a
// control's name starts with what one sees on it).
export function makeTarget(el, actions, says) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.dataset.actions = JSON.stringify(actions);
  let name = el.dataset.tip || actions.map(says).join("; ");
  const seen = (el.textContent || "").replace(/\s+/g, " ").trim();
  if (seen && seen.length <= 80 && !name.toLowerCase().includes(seen.toLowerCase())) name = `${seen}: ${name}`;
  el.setAttribute("aria-label", name);
}

// `el` is no target any more: its own role and name again.
export function unmakeTarget(el) {
  el.removeAttribute("tabindex");
  delete el.dataset.actions;
  if (el.dataset.role) el.setAttribute("role", el.dataset.role); else el.removeAttribute("role");
  if (el.dataset.tip) el.setAttribute("aria-label", el.dataset.tip); else el.removeAttribute("aria-label");
}

// Attributes that say nothing about the table: whose click means what changes with whose turn it is.
const UNSEEN = new Set(["id", "data-action"]);

// A fingerprint of every element with an id: its own attributes and everything inside it that has no id of its
// own (a piece inside a space is fingerprinted apart, so a llama walking off a cell does not change the cell).
export function fingerprints(svg) {
  const out = new Map();
  const walk = (el, own) => {
    if (el.id) { own = []; out.set(el.id, own); }
    own.push("<", el.tagName);
    for (const a of el.attributes) if (!UNSEEN.has(a.name)) own.push(" ", a.name, "=", a.value);
    for (const ch of el.childNodes) {
      if (ch.nodeType === Node.TEXT_NODE) own.push(ch.data);
      else if (ch.nodeType === Node.ELEMENT_NODE && ch.tagName !== "style" && ch.tagName !== "defs") walk(ch, own);
    }
  };
  if (svg) walk(svg, []);
  return new Map([...out].map(([id, parts]) => [id, parts.join("")]));
}

// The ids whose fingerprint differs from `since` (or that are new), leaving out the board itself, its status bar
// (`#status` in every view: it changes with every move) and elements as large as a whole panel (a seat's board:
// what changed inside it is marked instead).
export function changedSince(svg, since, now) {
  if (!svg || !since) return [];
  const box = svg.viewBox && svg.viewBox.baseVal;
  const area = box && box.width ? box.width * box.height : Infinity;
  const out = [];
  for (const [id, sig] of now) {
    if (since.get(id) === sig || id === svg.id || id === "status") continue;
    const el = svg.getElementById(id);
    if (!el || el.closest("defs")) continue;
    let b;
    try { b = el.getBBox(); } catch { continue; }
    if (b.width * b.height > area * BIG || (b.width === 0 && b.height === 0)) continue;
    out.push(id);
  }
  return out;
}

// What a click at (x, y) on the board is about: the nearest element that is a target of the decision, searching
// every element under the pointer from the top down and each one's ancestors (a space may hold id'd parts, and
// a piece may lie over a space); else the nearest element that names the action it would mean (`data-action`);
// else the nearest element with an id. Returns {kind: "target" | "action" | "element", el} or null.
export function resolveClick(svg, x, y, isTarget) {
  const hits = document.elementsFromPoint(x, y).filter((el) => svg.contains(el) && el !== svg);
  const up = (el, ok) => {
    for (let a = el; a && a !== svg; a = a.parentElement) if (ok(a)) return a;
    return null;
  };
  for (const el of hits) {
    const t = up(el, (a) => a.id && isTarget(a.id));
    if (t) return { kind: "target", el: t };
  }
  for (const el of hits) {
    const t = up(el, (a) => a.dataset && a.dataset.action);
    if (t) return { kind: "action", el: t };
  }
  for (const el of hits) {
    const t = up(el, (a) => a.id);
    if (t) return { kind: "element", el: t };
  }
  return null;
}

// The hover text of what is under the pointer: the nearest element with one, from the topmost hit down.
export function tipAt(svg, target) {
  for (let a = target; a && a !== svg && svg.contains(a); a = a.parentElement) {
    if (a.dataset && a.dataset.tip) return a.dataset.tip;
  }
  return "";
}

// The first sentence of a hover text: what a thing is, without its rules.
export function shortName(tip) {
  if (!tip) return "";
  const m = tip.match(/^(.*?[.:;])(\s|$)/);
  return (m ? m[1] : tip).replace(/[.:;]$/, "");
}

// Mark the elements of `ids` with the class `cls` (and unmark every other one). The page's style sheet rings each
// marked element through one of the filters below, drawn in place so it keeps the element's own look: a band just
// inside its shape for the targets (no neighbour drawn later can hide it), a band around it for what changed.
export function mark(svg, cls, ids) {
  ringFilters(svg);
  for (const el of svg.querySelectorAll("." + cls)) el.classList.remove(cls);
  for (const id of ids) {
    const el = svg.getElementById(id);
    if (el) el.classList.add(cls);
  }
}

const NS = "http://www.w3.org/2000/svg";
// Each ring: bands [colour, from, to] measured from the element's edge, inward (erode) or outward (dilate), and
// how much to soften them (a blur: the "changed" mark is a glow, readable even around a line of text).
const RINGS = {
  target: ["erode", [["#4a3300", 0, 1.4], ["#ffd21f", 1.4, 5]]],
  chosen: ["erode", [["#4a1d00", 0, 1.4], ["#ff6a00", 1.4, 7]]],
  changed: ["dilate", [["#00a3e0", 2, 5]], 1],   // clear of the shape by 2 px: a text inside stays readable
};

function ringFilters(svg) {
  if (svg.querySelector(":scope > defs.tawa-rings")) return;
  const defs = document.createElementNS(NS, "defs");
  defs.setAttribute("class", "tawa-rings");
  defs.innerHTML = Object.entries(RINGS).map(([name, [op, bands, soft]]) => {
    let body = "";
    const parts = [];
    bands.forEach(([colour, from, to], i) => {
      const a = `a${i}`, b = `b${i}`;
      if (from) body += `<feMorphology in="SourceAlpha" operator="${op}" radius="${from}" result="${a}"/>`;
      body += `<feMorphology in="SourceAlpha" operator="${op}" radius="${to}" result="${b}"/>`;
      const near = from ? a : "SourceAlpha";
      body += op === "erode"
        ? `<feComposite in="${near}" in2="${b}" operator="out" result="band${i}"/>`
        : `<feComposite in="${b}" in2="${near}" operator="out" result="band${i}"/>`;
      if (soft) body += `<feGaussianBlur in="band${i}" stdDeviation="${soft}" result="band${i}"/>`;
      body += `<feFlood flood-color="${colour}"/><feComposite in2="band${i}" operator="in" result="ring${i}"/>`;
      parts.push(`<feMergeNode in="ring${i}"/>`);
    });
    const source = `<feMergeNode in="SourceGraphic"/>`;   // a ring inside on top of the element, one around under it
    const merged = op === "erode" ? source + parts.join("") : parts.join("") + source;
    return `<filter id="tawa-ring-${name}" x="-15%" y="-15%" width="130%" height="130%">${body}
      <feMerge>${merged}</feMerge></filter>`;
  }).join("");
  svg.insertBefore(defs, svg.firstChild);
}
