// The table page: the board (the server's SVG when the game has one, else its text rendering), my legal
// actions (grouped and filterable, each with its help), the log I may see, who is to act and who is
// connected, and the end screen with the final ranking, tie-breaks and scores.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, CopyLink, html, seatFromFragment, seatLink } from "./common.mjs";
import { TableSocket } from "./socket.mjs";
import { Board, BoardButtons } from "./board.mjs";

const LONG_LIST = 40;   // above this many actions they are grouped by their first word, as `tawa play` does

function Actions({ actions, busy, onMove, onHelp }) {
  const [filter, setFilter] = useState("");
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? actions.filter((a) => a.id.toLowerCase().includes(f) || a.text.toLowerCase().includes(f)) : actions;
  }, [actions, filter]);
  const button = (a) => html`<li key=${a.id}><button class="action" data-action-id=${a.id} disabled=${busy}
      onClick=${() => onMove(a.id)}>${a.text}</button>
    <button class="help small" title="explain this action" onClick=${() => onHelp(a.id)}>?</button></li>`;
  let body;
  if (shown.length <= LONG_LIST || filter.trim()) body = html`<ul class="actions">${shown.map(button)}</ul>`;
  else {
    const groups = new Map();
    for (const a of shown) {
      const word = a.id.split(" ")[0];
      if (!groups.has(word)) groups.set(word, []);
      groups.get(word).push(a);
    }
    body = [...groups.entries()].map(([word, list]) => html`<details class="group" key=${word} open=${groups.size === 1}>
      <summary>${word} (${list.length})</summary><ul class="actions">${list.map(button)}</ul></details>`);
  }
  return html`<div class="actions-panel" data-testid="actions">
    <input type="search" name="filter" placeholder="filter actions (e.g. rotate)" value=${filter}
      onInput=${(e) => setFilter(e.target.value)} />
    ${body}</div>`;
}

function Log({ events }) {
  const end = useRef(null);
  useEffect(() => { if (end.current) end.current.scrollTop = end.current.scrollHeight; }, [events.length]);
  return html`<section class="card log"><h3>Log</h3>
    <ol ref=${end} data-testid="log">${events.map((e, i) => html`<li key=${i} class=${"ev ev-" + e.kind}>${e.text}</li>`)}</ol>
  </section>`;
}

export function Standings({ standings, capped, table = null }) {
  return html`<section class="card end-screen" data-testid="end-screen">
    <h2>Game over${capped ? " (stopped by the safety cap)" : ""}${table && html` <span class="end-links">
      <a href=${`/replay/${table}`}>watch the replay</a> · <a href=${`/api/tables/${table}/record`} download>download
      the record</a></span>`}</h2>
    <table><thead><tr><th>place</th><th>seat</th><th>player</th><th>score</th><th>decided by</th><th>breakdown</th></tr></thead>
    <tbody>${standings.map((s) => html`<tr data-seat=${s.seat} data-place=${s.place}>
      <td class="place">${s.place}${s.shared ? " (shared)" : ""}</td><td>${s.label}</td><td>${s.name || ""}</td>
      <td class="score">${s.score}</td><td>${s.decided_by}</td>
      <td class="breakdown">${Object.entries(s.breakdown || {}).map(([k, v]) => html`<span>${k}: ${
        typeof v === "object" ? JSON.stringify(v) : v}</span> `)}</td></tr>`)}</tbody></table></section>`;
}

function Seats({ seats, me, toAct, status }) {
  return html`<ul class="seats" data-testid="seats">${seats.map((s) => html`<li key=${s.seat}
      class=${"seat" + (s.seat === toAct && status === "running" ? " to-act" : "") + (s.seat === me ? " me" : "")}>
    <span class=${"dot " + (s.connected ? "on" : "off")} title=${s.connected ? "connected" : "not connected"}></span>
    <b>${s.label}</b> ${s.open ? html`<i>open seat</i>` : s.name}${s.kind === "bot" ? html` <span class="muted">(bot)</span>` : ""}
    ${s.seat === me ? html` <span class="badge">you</span>` : ""}</li>`)}</ul>`;
}

function Invites({ table }) {
  const [invites, setInvites] = useState([]);
  useEffect(() => { api(`/api/tables/${table}/invites`).then(setInvites).catch(() => setInvites([])); }, [table]);
  if (!invites.length) return null;
  return html`<div class="invites" data-testid="invites">Invite links (one person each):
    <ul>${invites.map((i) => html`<li>${i.label}: <${CopyLink} url=${i.url} testid=${"invite-" + i.seat} /></li>`)}</ul></div>`;
}

export function TablePage({ table }) {
  const [seat, setSeat] = useState(() => seatFromFragment(table));
  // a seat link opened in a tab that already shows this table changes only the fragment (no new page): take the
  // seat it carries (store the token, clear the address bar, join again with it)
  useEffect(() => {
    const onHash = () => {
      if (!new URLSearchParams(location.hash.slice(1)).get("token")) return;
      const now = seatFromFragment(table);
      setSeat((old) => (old && now && old.token === now.token ? old : now));
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [table]);
  const [state, setState] = useState(null);
  const [notice, setNotice] = useState(null);
  const [online, setOnline] = useState(true);
  const [listOpen, setListOpen] = useState(false);
  const sock = useRef(null);
  useEffect(() => {
    const s = new TableSocket(table, seat && seat.token, setState, (kind, text) => {
      if (kind === "online") { setOnline(true); return; }
      if (kind === "offline") { setOnline(false); return; }
      setNotice({ kind, text });
    });
    sock.current = s;
    return () => s.close();
  }, [table, seat && seat.token]);
  if (!state) return html`<p class="loading">Joining the table…</p>`;
  const { view, seats, log } = state;
  const me = state.seat;
  const toAct = view.to_act;
  const running = view.status === "running";
  const mine = me !== null && toAct === me && running;
  const actor = seats[toAct] ? seats[toAct].label : "?";
  const status = view.status === "open" ? `waiting for ${seats.filter((s) => s.open).length} more player(s)`
    : view.status === "finished" ? "game over" : mine ? "your turn" : `${actor} to act`;
  const idle = mine ? null : view.status === "finished" ? "the game is over"
    : view.status === "open" ? "the game has not started yet"
    : me === null ? "you are watching (spectators cannot act)" : `it is ${actor}'s turn, not yours`;
  const move = (id) => { setNotice(null); sock.current.move(id); };
  const explain = (kind, text) => setNotice({ kind, text });
  const hasBoard = Boolean(view.svg);
  const targets = Object.keys(view.targets || {}).length;
  return html`<div class="table-page" data-testid="table" data-v=${state.v} data-status=${view.status}>
    <div class="table-head">
      <h1>${state.name} <span class="muted">table ${table}</span></h1>
      <p class=${"status" + (mine ? " your-turn" : "")} data-testid="status">${status} · move ${state.v}${
        !online ? " · reconnecting…" : ""}${me === null ? html` · <i>watching</i>` : ""}</p>
      <${Seats} seats=${seats} me=${me} toAct=${toAct} status=${view.status} />
    </div>
    ${view.standings && html`<${Standings} standings=${view.standings} capped=${view.capped} table=${table} />`}
    <div class=${"play" + (hasBoard ? " with-board" : "")}>
      <div class="board-column">
        <${Board} view=${view} busy=${state.pending} onMove=${move} idle=${idle} spectator=${me === null}
          notice=${notice} onDismiss=${() => setNotice(null)}
          onPreviews=${(id) => sock.current.previews(id)}
          onExplain=${(id) => sock.current.explain(id)} onNotice=${(text) => explain("explain", text)} />
      </div>
      ${mine && html`<section class="card move-panel" data-testid="move-panel" data-busy=${state.pending ? "yes" : "no"}>
        <h3>Your move ${state.pending && html`<span class="muted">(sending…)</span>`}</h3>
        ${hasBoard && targets > 0 && html`<p class="prompt">Click a highlighted place on the board${
          view.actions.length > targets ? ", or:" : "."}</p>`}
        ${hasBoard && html`<${BoardButtons} view=${view} busy=${state.pending} onMove=${move} />`}
        ${hasBoard ? html`<details class="action-list" open=${listOpen}
            onToggle=${(e) => setListOpen(e.target.open)}>
            <summary>all ${view.actions.length} actions as a list</summary>
            <${Actions} actions=${view.actions} busy=${state.pending} onMove=${move} onHelp=${(id) => sock.current.help(id)} />
          </details>`
          : html`<${Actions} actions=${view.actions} busy=${state.pending} onMove=${move}
            onHelp=${(id) => sock.current.help(id)} />`}
      </section>`}
      ${!mine && running && html`<section class="card move-panel waiting" data-testid="waiting">
        <p>${me === null ? "Watching: " : ""}waiting for <b>${actor}</b>${seats[toAct] && seats[toAct].kind === "bot"
          ? " (bot)" : ""}…</p></section>`}
      <${Log} events=${log} />
    </div>
    <footer class="links">
      ${me !== null && html`<p>Your seat link (keep it secret; it opens your seat on any device):
        <${CopyLink} url=${seatLink(table, seat)} label="seat link" testid="seat-link" /></p>`}
      <p>Spectate: <${CopyLink} url=${`${location.origin}/table/${table}`} testid="spectate-link" /></p>
      ${view.status === "open" && html`<${Invites} table=${table} />`}
      ${view.status === "finished" && html`<p><a href=${`/replay/${table}`} data-testid="replay-link">replay</a> ·
        <a href=${`/api/tables/${table}/record`} download data-testid="download">download the record</a></p>`}
    </footer></div>`;
}
