// The board area, the same for every game (issue 18): the server's SVG of what this seat sees. The elements
// named by `view.targets` (action id -> element id, sent only to the seat to act)
// are highlighted; a click on a target with one action sends it, on a target with several opens a small chooser
// beside it (with the previews the view draws); the actions about no element are buttons (`BoardButtons`). A
// click on anything else says why it cannot be used: the rule, from the server's `explain`, when the element names
// the action it would mean (`data-action`), else what it is. Hover shows each element's text. When a new picture
// comes, the pieces glide from where they were, and what changed since my last move stays marked until I act.
// The picture zooms and pans (zoom.mjs: pinch, Ctrl + wheel, the − / + / fit buttons; issue 24): on a touch screen a
// tap near a target too small to hit (under 24 px) zooms to it first, and the next tap uses it.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { html } from "./common.mjs";
import { changedSince, fingerprints, makeTarget, mark, mount, resolveClick, shortName, tipAt, unmakeTarget } from "./boardsvg.mjs";
import { clampZoom, gestures, MAX_ZOOM, MIN_TARGET, smallTargetsNear, TAP_SIZE, zoomAbout } from "./zoom.mjs";

export const NOT_USABLE = "not something you can use now";

// action id -> element id, turned around: element id -> [action ids] (in the order the server lists them).
export function byElement(targets, actions) {
  const out = new Map();
  const order = (actions || []).map((a) => a.id);
  const ids = Object.keys(targets || {});
  ids.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  for (const action of ids) {
    const el = targets[action];
    if (!out.has(el)) out.set(el, []);
    out.get(el).push(action);
  }
  return out;
}

// The actions of the decision that are about no board element, as buttons.
export function BoardButtons({ view, busy, onMove }) {
  const targets = view.targets || {};
  const free = view.actions.filter((a) => !(a.id in targets));
  if (!free.length) return null;
  return html`<div class="board-buttons" data-testid="board-buttons">${free.map((a) => html`<button
    class="action board-button" data-action-id=${a.id} disabled=${busy} onClick=${() => onMove(a.id)}>${a.text}</button>`)}
  </div>`;
}

function Chooser({ choice, labels, previews, onPick, onClose }) {
  const ref = useRef(null);
  useLayoutEffect(() => {   // beside the element, inside the board area, never off its edges
    const box = ref.current;
    if (!box) return;
    if (getComputedStyle(box).position === "fixed") {   // a phone: a sheet along the bottom, over everything
      box.style.left = ""; box.style.top = "";
      return;
    }
    const area = box.parentElement.getBoundingClientRect();
    const r = choice.rect;
    const w = box.offsetWidth, h = box.offsetHeight;
    const clamp = (v, most) => Math.max(0, Math.min(v, most));
    let left = r.right - area.left + 8;            // to the right of the element, else to its left,
    let top = clamp(r.top - area.top, area.height - h);
    if (left + w > area.width) left = r.left - area.left - w - 8;
    if (left < 0) {                                // else below it, else above it
      left = clamp((r.left + r.right) / 2 - area.left - w / 2, area.width - w);
      top = r.bottom - area.top + 8;
      if (top + h > area.height && r.top - area.top - h - 8 >= 0) top = r.top - area.top - h - 8;
    }
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
  }, [choice, previews]);
  useLayoutEffect(() => {         // at once, so that an Escape right after the click closes it
    const key = (e) => { if (e.key === "Escape") onClose(); };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [onClose]);
  return html`<div class="chooser" ref=${ref} data-testid="chooser" data-element=${choice.el} role="dialog"
      aria-label=${choice.name || "choose"}>
    <div class="chooser-head">${choice.name}</div>
    <div class="chooser-options">${choice.actions.map((id) => html`<button class="action choice" data-action-id=${id}
      onClick=${() => onPick(id)} title=${labels.get(id) || id}>${previews[id]
        ? html`<span class="preview" dangerouslySetInnerHTML=${{ __html: previews[id] }}></span>` : ""}
      <span class="choice-text">${labels.get(id) || id}</span></button>`)}</div>
    <button class="small" onClick=${onClose} data-testid="chooser-cancel">cancel</button></div>`;
}

// A message about the board (why a click cannot be used, a refusal, help): beside the point clicked when it answers
// a click, else at the top of the board; inside the board area, never shifting it.
function Notice({ notice, at, onDismiss }) {
  const ref = useRef(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const area = el.parentElement.getBoundingClientRect();
    const w = el.offsetWidth, h = el.offsetHeight;
    const x = at ? at.x - w / 2 : (area.width - w) / 2;
    let y = at ? at.y - h - 14 : 8;
    if (at && y < 0) y = at.y + 22;
    el.style.left = `${Math.max(0, Math.min(area.width - w, x))}px`;
    el.style.top = `${Math.max(0, y)}px`;
  }, [notice, at]);
  return html`<p class=${"notice board-notice " + notice.kind} ref=${ref} data-testid="notice" role="status">
    <span>${notice.text}</span><button class="small" onClick=${onDismiss} aria-label="dismiss">×</button></p>`;
}

// The picture and its behaviour: `onMove(id)`, `onExplain(id)` (ask the server why an action is not legal),
// `onExplainPlace(id, what)` (why a part that means no action is none: the game's rule of the turn, issue 24),
// `onNotice(text)`; `notice` ({kind, text} or null) is shown on the board, `onDismiss` closes it; `idle`: why
// nothing can be used now when it is not my turn (or null); `spectator`: mark the changes of the last move rather
// than since my last move; `animate`: let moved pieces glide; `onPreviews(id)`: ask for the chooser pictures of
// element `id` when its chooser opens (a server that sends them on demand; they come into `view.previews`).
export function Board({ view, busy, onMove, onExplain, onNotice, onExplainPlace = null, onPreviews = null, notice = null,
                        onDismiss = () => {}, idle = null, spectator = false, animate = true }) {
  const box = useRef(null);
  const area = useRef(null);
  const viewport = useRef(null);
  const zoom = useRef(1);                          // the picture's width in viewport widths
  const [shownZoom, setShownZoom] = useState(1);
  const [hint, setHint] = useState("");
  const pointer = useRef("mouse");                 // what pressed last: a tap zooms to a small target first
  const [clickAt, setClickAt] = useState(null);   // where the last click that asked for a notice was
  const since = useRef(null);        // fingerprints of the picture to compare with (my last move's result)
  const acted = useRef(false);       // a move of mine is on its way: its result becomes the new baseline
  const [choice, setChoice] = useState(null);
  const [tip, setTip] = useState(null);
  const targets = useMemo(() => byElement(view.targets, view.actions), [view.targets, view.actions]);
  const live = !busy && targets.size > 0;

  useLayoutEffect(() => {            // a new picture: glide the pieces, mark what changed
    if (!box.current || !view.svg) return;
    const moved = mount(box.current, view.svg, animate);
    const svg = box.current.querySelector("svg");
    const now = fingerprints(svg);
    if (since.current === null || acted.current) { since.current = now; acted.current = false; }
    const changed = changedSince(svg, since.current, now);
    mark(svg, "changed", changed);
    if (spectator) since.current = now;
    box.current.dataset.moved = moved.join(" ");
    setChoice(null);
    setTip(null);
  }, [view.svg]);

  useLayoutEffect(() => {            // the targets of the decision (none while my move is on its way)
    const svg = box.current && box.current.querySelector("svg");
    if (!svg) return;
    const ids = live ? [...targets.keys()] : [];
    mark(svg, "target", ids);
    for (const el of svg.querySelectorAll("[data-actions]")) unmakeTarget(el);
    const says = (aid) => (view.actions.find((a) => a.id === aid) || { text: aid }).text || aid;
    for (const id of ids) {        // keyboard: Tab to a target, Enter uses it; its actions are named for scripts
      const el = svg.getElementById(id);
      if (el) makeTarget(el, targets.get(id), says);
    }
    mark(svg, "chosen", choice ? [choice.el] : []);
  }, [view.svg, view.targets, live, choice]);

  const zoomAt = (to, fx, fy, anchor = null) => {   // to zoom `to`, keeping the viewport point (fx, fy) in place
    const vp = viewport.current;
    if (!vp || !box.current) return;
    const z = clampZoom(to);
    if (Math.abs(z - zoom.current) < 1e-3) return;
    zoomAbout(vp, box.current, zoom.current, z, fx, fy, anchor);
    zoom.current = z;
    setShownZoom(z);
  };
  const zoomBy = (k) => {
    const vp = viewport.current;
    if (vp) zoomAt(zoom.current * k, vp.clientWidth / 2, vp.clientHeight / 2);
  };
  useEffect(() => {
    if (!viewport.current) return undefined;
    return gestures(viewport.current, () => zoom.current, zoomAt);
  }, [Boolean(view.svg)]);
  useEffect(() => {
    if (!hint) return undefined;
    const t = setTimeout(() => setHint(""), 2500);
    return () => clearTimeout(t);
  }, [hint]);

  useLayoutEffect(() => {           // my move is on its way (from the board, a button or the list): its result
    if (!busy) return;               // becomes the picture to compare with, and the marks go
    setChoice(null);
    setClickAt(null);
    acted.current = true;
    const svg = box.current && box.current.querySelector("svg");
    if (svg) mark(svg, "changed", []);
  }, [busy]);

  if (!view.svg) {
    return html`<section class="card board">
      ${notice && html`<p class=${"notice " + notice.kind} data-testid="notice" role="status"><span>${notice.text}</span>
        <button class="small" onClick=${onDismiss} aria-label="dismiss">×</button></p>`}</section>`;
  }
  const labels = new Map(view.actions.map((a) => [a.id, a.text]));
  const send = (id) => {
    setChoice(null);
    setClickAt(null);
    onMove(id);
  };
  const use = (el) => {
    const actions = targets.get(el.id);
    if (actions.length === 1) { send(actions[0]); return; }
    const name = shortName(el.dataset.tip) || el.id;
    setChoice({ el: el.id, actions, name, rect: el.getBoundingClientRect() });
    if (onPreviews && actions.some((id) => !(view.previews && view.previews[id]))) onPreviews(el.id);
  };
  // a tap (not a mouse click) near a target too small for a finger zooms there first; true when it did
  const tapZoom = (svg, hit, x, y) => {
    if (pointer.current !== "touch" || !live) return false;
    const onBig = hit && hit.kind === "target" && Math.min(hit.el.getBoundingClientRect().width,
      hit.el.getBoundingClientRect().height) >= MIN_TARGET;
    if (onBig) return false;
    const { near, smallest } = smallTargetsNear(svg, [...targets.keys()], x, y);
    if (!near.length) return false;
    const before = zoom.current;
    const r = viewport.current.getBoundingClientRect();
    zoomAt(before * TAP_SIZE / smallest, x - r.left, y - r.top);
    if (zoom.current === before) return false;    // as far in as it goes: the tap is used as it is
    setChoice(null);
    setHint("zoomed in: tap the place again to use it");
    return true;
  };
  const click = (e) => {
    const svg = box.current.querySelector("svg");
    if (!svg || !svg.contains(e.target)) return;
    const hit = resolveClick(svg, e.clientX, e.clientY, (id) => live && targets.has(id));
    if (tapZoom(svg, hit, e.clientX, e.clientY)) return;
    if (hit && hit.kind === "target") { use(hit.el); return; }
    setChoice(null);
    const a = area.current.getBoundingClientRect();
    setClickAt({ x: e.clientX - a.left, y: e.clientY - a.top });
    if (busy) { onNotice("your move is on its way to the server…"); return; }
    if (!hit) return;
    const what = shortName(tipAt(svg, hit.el));
    if (idle) onNotice(`${what ? what + ": " : ""}${idle}`);
    else if (hit.kind === "action") onExplain(hit.el.dataset.action);
    else if (onExplainPlace) onExplainPlace(hit.el.id, what);
    else onNotice(`${what ? what + ": " : ""}${NOT_USABLE}`);
  };
  const key = (e) => {
    if ((e.key === "Enter" || e.key === " ") && e.target.id && live && targets.has(e.target.id)) {
      e.preventDefault();
      use(e.target);
    }
  };
  const hover = (e) => {
    if (pointer.current === "touch") return;       // a finger has no hover: a tap's mouse events show no tip
    const svg = box.current.querySelector("svg");
    const text = svg ? tipAt(svg, e.target) : "";
    if (!text) { if (tip) setTip(null); return; }
    const a = area.current.getBoundingClientRect();
    setTip({ text, x: e.clientX - a.left, y: e.clientY - a.top, w: a.width });
  };
  const percent = Math.round(shownZoom * 100);
  return html`<section class="card board" data-testid="board">
    <div class="board-tools" data-testid="zoom">
      ${hint && html`<span class="zoom-hint" role="status" data-testid="zoom-hint">${hint}</span>`}
      <button type="button" class="small" onClick=${() => zoomBy(1 / 1.5)} disabled=${shownZoom <= 1}
        aria-label="zoom out" title="zoom out (or pinch, or Ctrl + wheel)" data-testid="zoom-out">−</button>
      <span class="zoom-level" data-testid="zoom-level">${percent}%</span>
      <button type="button" class="small" onClick=${() => zoomBy(1.5)} disabled=${shownZoom >= MAX_ZOOM}
        aria-label="zoom in" title="zoom in (or pinch, or Ctrl + wheel)" data-testid="zoom-in">+</button>
      <button type="button" class="small" onClick=${() => zoomAt(1, 0, 0)} disabled=${shownZoom <= 1}
        aria-label="fit the board" title="the whole board" data-testid="zoom-fit">fit</button>
    </div>
    <div class="board-area" ref=${area} data-zoom=${shownZoom.toFixed(3)}>
      <div class="board-viewport" ref=${viewport}>
        <div class=${"board-svg" + (live ? " live" : "") + (shownZoom > 1 ? " zoomed" : "")} ref=${box}
          style=${`width:${shownZoom * 100}%`} onClick=${click} onKeyDown=${key}
          onPointerDown=${(e) => { pointer.current = e.pointerType || "mouse"; }}
          onPointerMove=${(e) => { if (e.pointerType === "mouse") pointer.current = "mouse"; }}
          onMouseMove=${hover} onMouseLeave=${() => setTip(null)}></div>
      </div>
      ${choice && html`<${Chooser} choice=${choice} labels=${labels} previews=${view.previews || {}} onPick=${send}
        onClose=${() => setChoice(null)} />`}
      ${tip && !choice && html`<div class="tip" data-testid="tip" style=${tipStyle(tip)}>${tip.text}</div>`}
      ${notice && html`<${Notice} notice=${notice} at=${clickAt} onDismiss=${() => { setClickAt(null); onDismiss(); }} />`}
    </div>
  </section>`;
}

function tipStyle(tip) {
  const left = tip.x + 16 + 320 > tip.w ? Math.max(0, tip.x - 336) : tip.x + 16;
  return `left:${left}px;top:${tip.y + 18}px`;
}
