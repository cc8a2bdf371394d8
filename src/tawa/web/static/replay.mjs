// The replay of a finished game: step forward and back through the moves, from the public view or from
// the view of the seat this browser held.
import { useEffect, useState } from "preact/hooks";
import { api, html, seatFor } from "./common.mjs";
import { Standings } from "./table.mjs";

export function ReplayPage({ table }) {
  const mine = seatFor(table);
  const [seat, setSeat] = useState(null);
  const [step, setStep] = useState(0);
  const [data, setData] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => {
    const q = new URLSearchParams({ step: String(step) });
    if (seat !== null) q.set("seat", String(seat));
    const headers = seat !== null && mine ? { "X-Seat-Token": mine.token } : {};
    api(`/api/tables/${table}/replay?${q}`, { headers }).then((d) => { setData(d); setError(""); })
      .catch((e) => setError(e.message));
  }, [table, step, seat]);
  if (error && !data) return html`<p class="error">${error}</p>`;
  if (!data) return html`<p class="loading">Loading the replay…</p>`;
  const last = data.total;
  const to = (n) => setStep(Math.max(0, Math.min(last, n)));
  return html`<div class="replay" data-testid="replay" data-step=${data.step}>
    <h1>Replay <span class="muted">table ${table}</span></h1>
    <div class="controls">
      <button onClick=${() => to(0)} data-testid="first">|◀</button>
      <button onClick=${() => to(step - 1)} data-testid="back">◀</button>
      <span data-testid="step">move ${data.step} of ${last}</span>
      <button onClick=${() => to(step + 1)} data-testid="forward">▶</button>
      <button onClick=${() => to(last)} data-testid="last">▶|</button>
      <label> view <select name="seat" value=${seat === null ? "" : String(seat)}
        onChange=${(e) => setSeat(e.target.value === "" ? null : Number(e.target.value))}>
        <option value="">public (spectator)</option>
        ${mine && html`<option value=${String(mine.seat)}>my seat</option>`}</select></label>
      <a href=${`/api/tables/${table}/record`} download>download</a>
    </div>
    ${error && html`<p class="error">${error}</p>`}
    <ul class="log step-events">${data.events.map((e, i) => html`<li key=${i}>${e.text}</li>`)}</ul>
    ${data.view.standings && html`<${Standings} standings=${data.view.standings} capped=${data.view.capped} />`}
    ${data.view.svg ? html`<div class="board-svg" dangerouslySetInnerHTML=${{ __html: data.view.svg }}></div>`
      : html`<pre class="board-text" data-testid="board-text">${data.view.text}</pre>`}</div>`;
}
