// The replay of a finished game on the same board as the table (issue 18): step forward and back through the
// moves (buttons, or the arrow keys), from the public view or from the view of the seat this browser held; the
// pieces glide from one step to the next and what the step changed is marked.
import { useEffect, useState } from "preact/hooks";
import { api, html, seatFor, useTitle } from "./common.mjs";
import { Board } from "./board.mjs";
import { Standings } from "./standings.mjs";

export function ReplayPage({ table }) {
  const mine = seatFor(table);
  const [seat, setSeat] = useState(null);
  const [step, setStep] = useState(0);
  const [data, setData] = useState(null);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState(null);
  const [info, setInfo] = useState(null);
  useEffect(() => { api(`/api/tables/${table}`).then(setInfo).catch(() => setInfo(null)); }, [table]);
  const [chat, setChat] = useState([]);
  useEffect(() => {   // the lines this browser could read live (a seat's holder: the players' only)
    const headers = mine ? { "X-Seat-Token": mine.token } : {};
    api(`/api/tables/${table}/chat`, { headers }).then((c) => setChat(c.lines)).catch(() => setChat([]));
  }, [table]);
  useTitle(info ? `Replay: ${info.name}` : "Replay");
  useEffect(() => {
    const q = new URLSearchParams({ step: String(step) });
    if (seat !== null) q.set("seat", String(seat));
    const headers = seat !== null && mine ? { "X-Seat-Token": mine.token } : {};
    api(`/api/tables/${table}/replay?${q}`, { headers }).then((d) => { setData(d); setError(""); })
      .catch((e) => setError(e.message));
  }, [table, step, seat]);
  const last = data ? data.total : 0;
  const to = (n) => setStep(Math.max(0, Math.min(last, n)));
  useEffect(() => {
    const key = (e) => {
      if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
      if (e.key === "ArrowRight") to(step + 1);
      else if (e.key === "ArrowLeft") to(step - 1);
      else if (e.key === "Home") to(0);
      else if (e.key === "End") to(last);
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [step, last]);
  if (error && !data) return html`<p class="error">${error}</p>`;
  if (!data) return html`<p class="loading">Loading the replay…</p>`;
  const view = { ...data.view, targets: {}, previews: {}, actions: [] };
  const actor = data.actor === null || data.actor === undefined ? ""
    : ` · ${info && info.seats[data.actor] ? info.seats[data.actor].label : `seat ${data.actor + 1}`}`;
  return html`<div class="replay" data-testid="replay" data-step=${data.step}>
    <div class="table-head"><h1>Replay${info ? `: ${info.name}` : ""} <span class="muted">table ${table}</span></h1>
    <div class="controls">
      <button onClick=${() => to(0)} data-testid="first" title="first (Home)">|◀</button>
      <button onClick=${() => to(step - 1)} data-testid="back" title="back (←)">◀</button>
      <span data-testid="step">move ${data.step} of ${last}</span>
      <button onClick=${() => to(step + 1)} data-testid="forward" title="forward (→)">▶</button>
      <button onClick=${() => to(last)} data-testid="last" title="last (End)">▶|</button>
      <label> view <select name="seat" value=${seat === null ? "" : String(seat)}
        onChange=${(e) => setSeat(e.target.value === "" ? null : Number(e.target.value))}>
        <option value="">public (spectator)</option>
        ${mine && html`<option value=${String(mine.seat)}>my seat</option>`}</select></label>
      <a href=${`/api/tables/${table}/record`} download>download</a>
    </div></div>
    ${error && html`<p class="error">${error}</p>`}
    ${data.view.standings && data.step === last && html`<${Standings} standings=${data.view.standings}
      capped=${data.view.capped} />`}
    <div class="play with-board">
      <div class="board-column">
        <${Board} view=${view} busy=${false} onMove=${() => {}} onExplain=${() => {}} spectator=${true}
          idle="this is a replay" notice=${notice} onDismiss=${() => setNotice(null)}
          onNotice=${(text) => setNotice({ kind: "explain", text })} />
      </div>
      <div class="side"><section class="card log"><h2 class="log-head">${data.step ? `Move ${data.step}` : "The start"}${actor}</h2>
        <ul class="step-events" data-testid="step-events">${data.events.map((e, i) => html`<li key=${i}>${e.text}</li>`)}</ul>
      </section>
      ${chat.length > 0 && html`<section class="card chat" data-testid="replay-chat"><h2 class="log-head">Chat</h2>
        <ol class="chat-lines">${chat.map((line) => html`<li key=${line.n} class=${line.seat === null ? "spectator" : "player"}>
          <b>${line.name}${line.seat === null ? " (watching)" : ""}:</b> <span class="chat-text">${line.text}</span></li>`)}</ol>
      </section>`}</div>
    </div></div>`;
}
