// The board area, the same for every game: the server's SVG of what this seat sees when the game draws
// one (issue 18), else the text rendering. With an SVG, the elements named by `view.targets` (action id ->
// element id, sent only to the seat to act) are highlighted; a click on a target with one action sends it,
// with several opens a small chooser; a click on an element with a `data-action` that is no target asks
// the server why it is not legal.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "./common.mjs";

function byElement(targets) {
  const out = new Map();
  for (const [action, el] of Object.entries(targets || {})) {
    if (!out.has(el)) out.set(el, []);
    out.get(el).push(action);
  }
  return out;
}

export function Board({ view, busy, onMove, onExplain, onNotice, onPreviews }) {
  const box = useRef(null);
  const [choice, setChoice] = useState(null);
  const targets = byElement(view.targets);
  useEffect(() => {
    setChoice(null);
    if (!box.current || !view.svg) return;
    for (const el of box.current.querySelectorAll(".target")) el.classList.remove("target");
    for (const id of targets.keys()) {
      const el = box.current.querySelector(`[id="${CSS.escape(id)}"]`);
      if (el) el.classList.add("target");
    }
  }, [view]);
  if (!view.svg) return html`<section class="card board"><pre class="board-text" data-testid="board-text">${view.text}</pre></section>`;
  const click = (e) => {
    if (busy) return;
    const el = e.target.closest("[id], [data-action]");
    if (!el) return;
    const actions = targets.get(el.id);
    if (actions && actions.length === 1) onMove(actions[0]);
    else if (actions) { setChoice(actions); if (onPreviews) onPreviews(el.id); }
    else if (el.dataset.action) onExplain(el.dataset.action);
    else onNotice("that is not something you can use now");
  };
  const labels = new Map(view.actions.map((a) => [a.id, a.text]));
  return html`<section class="card board">
    <div class="board-svg" ref=${box} onClick=${click} dangerouslySetInnerHTML=${{ __html: view.svg }}></div>
    ${choice && html`<div class="chooser" data-testid="chooser">${choice.map((id) => html`<button class="action"
      data-action-id=${id} onClick=${() => { setChoice(null); onMove(id); }}>${view.previews && view.previews[id]
        ? html`<span class="preview" dangerouslySetInnerHTML=${{ __html: view.previews[id] }}></span>` : ""}
      ${labels.get(id) || id}</button>`)}
      <button class="small" onClick=${() => setChoice(null)}>cancel</button></div>`}
    <details><summary>text view</summary><pre class="board-text">${view.text}</pre></details></section>`;
}
