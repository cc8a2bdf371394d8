// The table page: the board (the server's SVG when the game has one, else its text rendering), my legal
// actions (grouped and filterable, each with its help), the log I may see, who is to act and who is
// connected, and the end screen with the final ranking, tie-breaks and scores.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, CopyLink, html, seatFromFragment, seatLink, useTitle } from "./common.mjs";
import { TableSocket } from "./socket.mjs";
import { Board, BoardButtons } from "./board.mjs";
import { Standings } from "./standings.mjs";
import { ON_TIMEOUT, SeatClock } from "./clock.mjs";
import { reportTable } from "./alerts.mjs";

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
  return html`<section class="card log"><h2 class="log-head">Log</h2>
    <ol ref=${end} data-testid="log">${events.map((e, i) => html`<li key=${i} class=${"ev ev-" + e.kind}>${e.text}</li>`)}</ol>
  </section>`;
}

function Seats({ seats, me, toAct, status, clock }) {
  return html`<ul class="seats" data-testid="seats">${seats.map((s) => html`<li key=${s.seat}
      class=${"seat" + (s.seat === toAct && status === "running" ? " to-act" : "") + (s.seat === me ? " me" : "")}>
    <span class=${"dot " + (s.connected ? "on" : "off")} title=${s.connected ? "connected" : "not connected"}></span>
    <b>${s.label}</b> ${s.open ? html`<i>open seat</i>` : s.name}
    ${clock && html` <${SeatClock} clock=${clock} seat=${s.seat} running=${status === "running"} />`}
    ${s.out ? html` <span class="badge out" data-testid=${"out-" + s.seat}>${s.out}: a bot plays</span>` : ""}
    ${s.seat === me ? html` <span class="badge">you</span>` : ""}</li>`)}</ul>`;
}

// The table's time control, under the seats ("Clock: 5 min + 5 s a turn; out of time: a bot plays the seat").
function ClockRule({ clock }) {
  if (!clock) return null;
  return html`<p class="muted clock-rule" data-testid="clock-rule">Clock: ${clock.control.label}; out of time: ${
    ON_TIMEOUT[clock.control.on_timeout]}</p>`;
}

// At the end: the same players again, the seats rotated by one (the first click creates the table, each other player
// takes the seat kept for them; it starts when the last one has).
function RematchControl({ state, onRematch }) {
  const [asked, setAsked] = useState(false);
  const joined = state.rematchJoined || [];
  if (state.seat === null || state.view.status !== "finished" || joined.includes(state.seat)) return null;
  const offered = state.rematch ? html`<span data-testid="rematch-offer">${state.rematchBy
    ? `${state.rematchBy} offers a rematch.` : "A rematch is offered."}</span> ` : "";
  return html`<div class="seat-controls" data-testid="rematch-control">${offered}
    <button type="button" data-testid="rematch" disabled=${asked}
      onClick=${() => { setAsked(true); onRematch(); }}>${state.rematch ? "Join the rematch" : "Rematch"}</button>
    <span class="muted"> the same players, game, options and rules; the seats move round by one</span></div>`;
}

// My seat that ran out of time is played by a bot: I can take it back.
function ComeBack({ onReturn }) {
  return html`<div class="seat-controls" data-testid="come-back">
    <span>Your time ran out and a bot plays your seat.</span>
    <button type="button" data-testid="return" onClick=${onReturn}>Take my seat back</button></div>`;
}

// What a seated player can do besides moving: take back the latest decision (offered when it was mine; the server
// says why not when the rules keep it), and resign (asked twice).
function SeatControls({ view, undo, me, seats, busy, onUndo, onResign }) {
  const [asking, setAsking] = useState(false);
  if (me === null || view.status !== "running" || seats[me].out) return null;
  const two = seats.length === 2;
  return html`<div class="seat-controls" data-testid="seat-controls">
    ${undo && html`<button type="button" data-testid="undo" disabled=${busy} onClick=${onUndo}
      title="take back my latest decision (allowed until something is drawn or revealed, or another player decides)">
      ↶ Take back</button>`}
    ${asking ? html`<span class="confirm">${two ? "Resign? The other player wins." : "Resign? A bot plays your seat."}
        <button type="button" class="danger" data-testid="resign-yes" onClick=${() => { setAsking(false); onResign(); }}>
          Yes, resign</button>
        <button type="button" data-testid="resign-no" onClick=${() => setAsking(false)}>No</button></span>`
      : html`<button type="button" data-testid="resign" onClick=${() => setAsking(true)}>Resign…</button>`}
  </div>`;
}

// The table's chat: the players' lines for everyone, the spectators' among the spectators. Every line is text
// (never markup); a seat (or the spectators) can be muted in this browser.
function muteKey(table) { return `tawa-mute-${table}`; }

function Chat({ table, chat, seats, me, spectatorChat, onSay }) {
  const [text, setText] = useState("");
  const [muted, setMuted] = useState(() => {
    try { return JSON.parse(localStorage.getItem(muteKey(table)) || "[]"); } catch { return []; }
  });
  const end = useRef(null);
  useEffect(() => { if (end.current) end.current.scrollTop = end.current.scrollHeight; }, [chat.length]);
  const keyOf = (line) => (line.seat === null ? "spectators" : String(line.seat));
  const toggle = (key) => {
    const next = muted.includes(key) ? muted.filter((k) => k !== key) : muted.concat([key]);
    setMuted(next);
    try { localStorage.setItem(muteKey(table), JSON.stringify(next)); } catch { /* private mode */ }
  };
  const canSay = me !== null || spectatorChat !== "off";
  const send = (e) => {
    e.preventDefault();
    if (text.trim()) { onSay(text); setText(""); }
  };
  const who = (line) => (line.seat === null ? `${line.name} (watching)` : `${seats[line.seat] ? seats[line.seat].label : ""} ${line.name}`);
  const shown = chat.filter((line) => !muted.includes(keyOf(line)));
  const mutable = [...new Set(chat.map(keyOf))].filter((k) => k !== String(me));
  return html`<section class="card chat" data-testid="chat"><h2 class="log-head">Chat${
      me === null ? html` <span class="muted">(spectators' lines stay among spectators)</span>` : ""}</h2>
    <ol ref=${end} class="chat-lines" data-testid="chat-lines">${shown.map((line) => html`<li key=${line.n}
      class=${line.seat === null ? "spectator" : "player"} data-n=${line.n}><b>${who(line)}:</b> <span
      class="chat-text">${line.text}</span></li>`)}</ol>
    ${mutable.length > 0 && html`<p class="mutes muted">mute: ${mutable.map((k) => html`<label key=${k}><input
      type="checkbox" data-testid=${"mute-" + k} checked=${muted.includes(k)} onChange=${() => toggle(k)} /> ${
      k === "spectators" ? "spectators" : seats[Number(k)] ? seats[Number(k)].label : k}</label> `)}</p>`}
    ${canSay ? html`<form class="say" onSubmit=${send}><input name="say" maxlength="500" autocomplete="off"
        placeholder=${me === null ? "say something to the other spectators" : "say something to the table"}
        value=${text} onInput=${(e) => setText(e.target.value)} data-testid="say" aria-label="chat message" />
        <button type="submit" data-testid="say-send">Send</button></form>`
      : html`<p class="muted">this table's spectators do not chat</p>`}
  </section>`;
}

function Invites({ table }) {
  const [invites, setInvites] = useState([]);
  const [byName, setByName] = useState(null);   // invite.mjs, loaded only for the creator of a waiting table
  useEffect(() => { api(`/api/tables/${table}/invites`).then(setInvites).catch(() => setInvites([])); }, [table]);
  useEffect(() => {
    if (invites.length && !byName) import("./invite.mjs").then((m) => setByName(() => m.InviteByName));
  }, [invites.length]);
  if (!invites.length) return null;
  const InviteByName = byName;
  return html`<div class="invites" data-testid="invites">Invite links (one person each):
    <ul>${invites.map((i) => html`<li>${i.label}: <${CopyLink} url=${i.url} testid=${"invite-" + i.seat} />
      ${InviteByName && html`<${InviteByName} table=${table} seat=${i.seat} invited=${i.invited} />`}</li>`)}</ul></div>`;
}

// The panel's height, for the page's scroll padding (style.css): on a phone the panel sticks to the bottom of the
// screen, and what the page scrolls into view (a board target, a focused control) stops above it, never under it.
function usePanelHeight(ref) {
  useLayoutEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el || typeof ResizeObserver === "undefined") return undefined;
    const sticky = () => getComputedStyle(el).position === "sticky";
    const set = () => root.style.setProperty("--panel-h", sticky() ? `${Math.ceil(el.offsetHeight)}px` : "0px");
    const watch = new ResizeObserver(set);
    watch.observe(el);
    set();
    return () => { watch.disconnect(); root.style.setProperty("--panel-h", "0px"); };
  }, []);
}

// What I can do now: the board's prompt, the buttons of the actions about no place, the whole list (folded). The
// panel folds to its head (the board gets the screen; on a phone it sticks to the bottom of the screen).
function MovePanel({ view, busy, folded, onFold, listOpen, onList, onMove, onHelp }) {
  const ref = useRef(null);
  usePanelHeight(ref);
  const hasBoard = Boolean(view.svg);
  const targets = Object.keys(view.targets || {}).length;
  const free = view.actions.length - targets;
  return html`<section ref=${ref} class=${"card move-panel" + (folded ? " folded" : "")} data-testid="move-panel"
      data-busy=${busy ? "yes" : "no"} data-folded=${folded ? "yes" : "no"}>
    <h2 class="panel-head"><button type="button" class="panel-toggle" data-testid="panel-toggle"
        aria-expanded=${folded ? "false" : "true"} onClick=${() => onFold(!folded)}
        title=${folded ? "show the panel" : "fold the panel (more room for the board)"}>
      <span class="chevron" aria-hidden="true">${folded ? "▴" : "▾"}</span> Your move</button>
      ${busy && html`<span class="muted"> (sending…)</span>`}
      ${folded && html`<span class="muted folded-hint"> ${targets ? "tap a highlighted place" : ""}${
        targets && free > 0 ? ", or " : ""}${free > 0 ? `${free} button${free > 1 ? "s" : ""} folded` : ""}</span>`}</h2>
    ${!folded && html`<div class="panel-body">
      ${hasBoard && targets > 0 && html`<p class="prompt">Tap or click a highlighted place on the board${
        view.actions.length > targets ? ", or:" : "."}</p>`}
      ${hasBoard && html`<${BoardButtons} view=${view} busy=${busy} onMove=${onMove} />`}
      ${hasBoard ? html`<details class="action-list" open=${listOpen} onToggle=${(e) => onList(e.target.open)}>
          <summary>all ${view.actions.length} actions as a list</summary>
          <${Actions} actions=${view.actions} busy=${busy} onMove=${onMove} onHelp=${onHelp} />
        </details>`
        : html`<${Actions} actions=${view.actions} busy=${busy} onMove=${onMove} onHelp=${onHelp} />`}
    </div>`}
  </section>`;
}

function Waiting({ me, actor, seat }) {
  const ref = useRef(null);
  usePanelHeight(ref);
  return html`<section ref=${ref} class="card move-panel waiting" data-testid="waiting">
    <p>${me === null ? "Watching: " : ""}waiting for <b>${actor}</b>${seat && seat.kind === "bot"
      ? ` (${seat.name})` : ""}…</p></section>`;
}

// The tab's title: whose turn it is, then the game ("Your turn · Ayar: Children of the Sun").
function tableTitle(state) {
  if (!state) return "Table";
  const { view, seats } = state;
  const who = seats[view.to_act] ? seats[view.to_act].label : "";
  const lead = view.status === "finished" ? "Game over" : view.status === "open" ? "Waiting for players"
    : state.seat !== null && view.to_act === state.seat ? "Your turn" : `${who} to act`;
  return `${lead} · ${state.name}`;
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
  const [folded, setFolded] = useState(false);
  const sock = useRef(null);
  const place = useRef("");   // what the board part asked about is, to head the game's answer
  useTitle(tableTitle(state));
  // this table, live, for the alerts of every page (the title's count, the favicon, the tone, a notification); a
  // spectator's page says nothing of it (the player may sit there in another tab)
  const seated = Boolean(state && state.seat !== null);
  const myTurn = seated && state.view.status === "running" && state.view.to_act === state.seat;
  useEffect(() => { if (state) reportTable(table, seated ? myTurn : null, state.name, state.v); }, [table, myTurn, seated]);
  useEffect(() => () => reportTable(table, null), [table]);
  useEffect(() => {
    const s = new TableSocket(table, seat && seat.token, setState, (kind, text) => {
      if (kind === "online") { setOnline(true); return; }
      if (kind === "offline") { setOnline(false); return; }
      const what = kind === "explain" ? place.current : "";
      place.current = "";
      setNotice({ kind, text: what ? `${what}: ${text}` : text });
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
  return html`<div class="table-page" data-testid="table" data-v=${state.v} data-status=${view.status}>
    <div class="table-head">
      <h1>${state.name} <span class="muted">table ${table}</span></h1>
      <p class=${"status" + (mine ? " your-turn" : "")} data-testid="status">${status} · move ${state.v}${
        !online ? " · reconnecting…" : ""}${me === null ? html` · <i>watching</i>` : ""}</p>
      <${Seats} seats=${seats} me=${me} toAct=${toAct} status=${view.status} clock=${state.clock} />
      <${ClockRule} clock=${state.clock} />
    </div>
    ${view.standings && html`<${Standings} standings=${view.standings} capped=${view.capped} table=${table} />`}
    <div class=${"play" + (hasBoard ? " with-board" : "")}>
      <div class="board-column">
        <${Board} view=${view} busy=${state.pending} onMove=${move} idle=${idle} spectator=${me === null}
          notice=${notice} onDismiss=${() => setNotice(null)}
          onPreviews=${(id) => sock.current.previews(id)}
          onExplain=${(id) => { place.current = ""; sock.current.explain(id); }} onNotice=${(text) => explain("explain", text)}
          onExplainPlace=${(id, what) => { place.current = what; sock.current.explainPlace(id); }} />
      </div>
      ${mine && html`<${MovePanel} view=${view} busy=${state.pending} folded=${folded} onFold=${setFolded}
        listOpen=${listOpen} onList=${setListOpen} onMove=${move} onHelp=${(id) => sock.current.help(id)} />`}
      ${!mine && running && html`<${Waiting} me=${me} actor=${actor} seat=${seats[toAct]} />`}
      <${SeatControls} view=${view} undo=${state.undo} me=${me} seats=${seats} busy=${state.pending}
        onUndo=${() => { setNotice(null); sock.current.undo(); }} onResign=${() => sock.current.resign()} />
      <${RematchControl} state=${state} onRematch=${() => sock.current.rematch()} />
      ${me !== null && running && seats[me].out === "timed out" && html`<${ComeBack}
        onReturn=${() => sock.current.comeBack()} />`}
      <${Log} events=${log} />
      <${Chat} table=${table} chat=${state.chat || []} seats=${seats} me=${me}
        spectatorChat=${state.spectator_chat} onSay=${(text) => sock.current.say(text)} />
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
