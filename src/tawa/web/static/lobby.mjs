// The lobby: my name and my account, a new table (game, players, options from the game's ParamRegistry, who sits where),
// and the lists: the seats offered to me by username, my tables (my turn first, then the least time left, then the
// longest waiting), open tables, finished games; people (my profile, a search, the players I have played).
import { useEffect, useState } from "preact/hooks";
import { api, CopyLink, go, html, keepSeat, NameBox, useTitle, when } from "./common.mjs";
import { duration, ON_TIMEOUT } from "./clock.mjs";
import { reportServer } from "./alerts.mjs";
import { AccountBox } from "./account.mjs";
import { Invitations, People } from "./people.mjs";

const SEAT_KINDS = [["me", "me"], ["invite", "invite a person"], ["bot:easy", "bot: easy"],
  ["bot:normal", "bot: normal"], ["bot:strong", "bot: strong"], ["bot:custom", "bot: spec…"]];

function OptionField({ p, value, onChange }) {
  const text = value === undefined ? "" : value;
  const shown = JSON.stringify(p.value);
  const input = p.choices
    ? html`<select name=${"opt-" + p.name} value=${text} onChange=${(e) => onChange(e.target.value)}>
        <option value="">${shown} (default)</option>
        ${p.choices.map((c) => html`<option value=${JSON.stringify(c)}>${JSON.stringify(c)}</option>`)}</select>`
    : html`<input name=${"opt-" + p.name} placeholder=${shown} value=${text}
        onInput=${(e) => onChange(e.target.value)} />`;
  return html`<tr>
    <td><code>${p.name}</code></td><td><span class=${"tag tag-" + p.tag[0]} title="provenance">[${p.tag}]</span></td>
    <td>${input}</td><td class="doc">${p.doc}${p.rules.length ? html` <span class="muted">(${p.rules.join(" ")})</span>` : ""}${
      p.shape ? html`<br /><span class="shape" data-testid=${"shape-" + p.name}>${p.shape}</span>` : ""}</td></tr>`;
}

function parseOption(text) {
  try { return JSON.parse(text); } catch { return text; }
}

// The leaderboard of a game: its top 10 (persons and the bot strengths), each person's name linking to the profile.
function Leaderboard({ game }) {
  const [rows, setRows] = useState(null);
  useEffect(() => {
    let live = true;
    api(`/api/ratings/${game.id}?limit=10`).then((r) => live && setRows(r.rows)).catch(() => live && setRows([]));
    return () => { live = false; };
  }, [game.id]);
  return html`<section class="card leaderboard" data-testid="leaderboard"><h2>Ratings: ${game.name}</h2>
    ${rows === null ? html`<p class="loading">Loading…</p>` : rows.length === 0
      ? html`<p class="muted">no rated game yet</p>`
      : html`<ol>${rows.map((r) => html`<li key=${r.player} data-testid=${"leader-" + r.player}>${r.guest
        ? html`<a href=${`/player/${r.guest}`}>${r.name}</a>` : html`<span>${r.name}</span>`}
        <b>${r.rating.toFixed(1)}</b> <span class="muted">${r.games} games, ${r.wins} won</span></li>`)}</ol>`}
    <p class="muted">Rating: mu - 3 sigma (OpenSkill), from rated tables only.</p></section>`;
}

function NewTable({ games, strengths, clocks, me, onGame }) {
  const [gameId, setGameId] = useState(games[0].id);
  const game = games.find((g) => g.id === gameId);
  const [players, setPlayers] = useState(game.players[Math.min(1, game.players.length - 1)]);
  const [kinds, setKinds] = useState([]);
  const [specs, setSpecs] = useState([]);
  const [names, setNames] = useState([]);   // the usernames invite seats are offered to (optional)
  const [opts, setOpts] = useState({});
  const [isPublic, setPublic] = useState(true);
  const [leaver, setLeaver] = useState("bot");
  const [spectatorChat, setSpectatorChat] = useState("apart");
  const [clock, setClock] = useState("none");
  const [onTimeout, setOnTimeout] = useState("bot");
  const [rated, setRated] = useState(false);
  const [error, setError] = useState("");
  const [made, setMade] = useState(null);
  const kindOf = (i) => kinds[i] || (i === 0 ? "me" : "bot:normal");
  // each row named as the table will name the seat (P1, White), where the default options fix the name; the
  // colours Guatavita deals are named once the table is made
  const named = (game.seat_names || {})[String(players)] || [];
  const optioned = Object.values(opts).some((v) => v !== "");
  const seatName = (i) => (!optioned && named[i]) || `Seat ${i + 1}`;
  const dealt = (i) => named.length > 0 && named[i] === null;
  const pickGame = (id) => {
    const g = games.find((x) => x.id === id);
    setGameId(id); setOpts({}); setPlayers(g.players[Math.min(1, g.players.length - 1)]);
    if (onGame) onGame(id);
  };
  const create = async (e) => {
    e.preventDefault();
    const seats = [];
    for (let i = 0; i < players; i++) {
      const k = kindOf(i);
      if (k === "invite" && (names[i] || "").trim()) seats.push({ kind: k, username: names[i].trim() });
      else if (k === "me" || k === "invite") seats.push({ kind: k });
      else seats.push({ kind: "bot", bot: k === "bot:custom" ? (specs[i] || "") : k.slice(4) });
    }
    const options = {};
    for (const [k, v] of Object.entries(opts)) if (v !== "") options[k] = parseOption(v);
    try {
      const r = await api("/api/tables", { method: "POST", body: { game: gameId, players, options, seats,
                                                                   public: isPublic, leaver,
                                                                   spectator_chat: spectatorChat, clock,
                                                                   on_timeout: onTimeout, rated } });
      setError("");
      if (r.me) keepSeat(r.id, r.me.seat, r.me.token);
      if (r.invites.length) setMade(r); else go(`/table/${r.id}`);
    } catch (err) { setError(err.message); }
  };
  if (made) {
    return html`<section class="card" data-testid="created">
      <h2>Table created</h2>
      <p>Send each invite link to one person; whoever opens it takes that seat. A seat offered to a username waits
        in that player's lobby, kept for them.</p>
      <ul>${made.invites.map((inv) => html`<li>${inv.label}: <${CopyLink} url=${inv.url} testid=${"invite-" + inv.seat} />${
        inv.invited ? html` <span class="muted" data-testid=${"invited-" + inv.seat}>invited: ${inv.invited}</span>` : ""}</li>`)}</ul>
      <p>Spectators: <${CopyLink} url=${made.spectate_url} testid="spectate-link" /></p>
      <button onClick=${() => go(`/table/${made.id}`)} data-testid="go-table">Go to the table</button></section>`;
  }
  return html`<form class="card new-table" onSubmit=${create} data-testid="new-table">
    <h2>New table</h2>
    <label>Game <select name="game" value=${gameId} onChange=${(e) => pickGame(e.target.value)}>
      ${games.map((g) => html`<option value=${g.id}>${g.name}</option>`)}</select></label>
    <label>Players <select name="players" value=${players} onChange=${(e) => setPlayers(Number(e.target.value))}>
      ${game.players.map((n) => html`<option value=${n}>${n}</option>`)}</select></label>
    <label><input type="checkbox" name="public" checked=${isPublic} onChange=${(e) => setPublic(e.target.checked)} />
      list it in the lobby (anyone may take an open seat)</label>
    <p class="muted">${game.summary}</p>
    <fieldset><legend>Seats</legend>
      ${Array.from({ length: players }, (_, i) => html`<div class="seat-choice">
        <label><span class="seat-name" data-testid=${"seat-name-" + i}>${seatName(i)}</span>${dealt(i)
          ? html` <span class="muted">(colour dealt at the start)</span>` : ""} <select name=${"seat-" + i} value=${kindOf(i)}
          onChange=${(e) => { const k = [...kinds]; k[i] = e.target.value; setKinds(k); }}>
          ${SEAT_KINDS.map(([v, t]) => html`<option value=${v}>${t}${v.startsWith("bot:") && strengths[v.slice(4)]
            ? ` (${strengths[v.slice(4)]})` : ""}</option>`)}</select></label>
        ${kindOf(i) === "bot:custom" && html`<input name=${"spec-" + i} placeholder="e.g. ismcts:iters=300"
          value=${specs[i] || ""} onInput=${(e) => { const s = [...specs]; s[i] = e.target.value; setSpecs(s); }} />`}
        ${kindOf(i) === "invite" && html`<input name=${"username-" + i} placeholder="username (optional)" maxlength="24"
          pattern="[A-Za-z0-9_\\-]{3,24}" list="players-played" aria-label="offer the seat to a registered player"
          value=${names[i] || ""} onInput=${(e) => { const n = [...names]; n[i] = e.target.value; setNames(n); }} />`}
      </div>`)}</fieldset>
    <details><summary>Options (${game.params.filter((p) => p.overridable).length}; leave empty for the default)</summary>
      <table class="options"><thead><tr><th>option</th><th>tag</th><th>value</th><th>meaning (rules)</th></tr></thead>
      <tbody>${game.params.filter((p) => p.overridable).map((p) => html`<${OptionField} p=${p} value=${opts[p.name]}
        onChange=${(v) => setOpts({ ...opts, [p.name]: v })} />`)}</tbody></table>
      <p class="muted">Tags: [R] rulebook, [S] public source, [P] our proposal, [D] digital-only.</p></details>
    <details class="table-rules"><summary>Table rules</summary>
      <label>Clock <select name="clock" value=${clock} onChange=${(e) => setClock(e.target.value)}>
        <option value="none">no clock</option>
        ${clocks.map((c) => html`<option value=${c.id}>${c.name}: ${c.label}</option>`)}</select></label>
      ${clock !== "none" && html`<label>When time runs out <select name="on_timeout" value=${onTimeout}
        onChange=${(e) => setOnTimeout(e.target.value)}>
        ${Object.entries(ON_TIMEOUT).map(([k, text]) => html`<option value=${k}>${text}</option>`)}</select></label>`}
      <br />
      <label>A player who resigns <select name="leaver" value=${leaver} onChange=${(e) => setLeaver(e.target.value)}>
        <option value="bot">a bot plays on; the seat keeps its place</option>
        <option value="last">a bot plays on; the seat is ranked last</option></select></label>
      <span class="muted"> (in a 2-player game the other player wins)</span><br />
      <label>Spectators' chat <select name="spectator_chat" value=${spectatorChat}
        onChange=${(e) => setSpectatorChat(e.target.value)}>
        <option value="apart">among themselves (the players see it in the replay)</option>
        <option value="off">off</option></select></label><br />
      <label><input type="checkbox" name="rated" checked=${rated} onChange=${(e) => setRated(e.target.checked)} />
        Rated</label><span class="muted"> (the result updates the ratings; bots only of the named strengths)</span>
      </details>
    ${error && html`<p class="error" data-testid="create-error">${error}</p>`}
    <button type="submit" disabled=${!me} data-testid="create">Create table</button>
    ${!me && html`<span class="muted"> choose a name first</span>`}</form>`;
}

function seatNames(t) {
  return t.seats.map((s) => html`<span class=${"seat" + (s.open ? " open" : "")}>${s.label}: ${
    s.open ? (s.invited ? `kept for ${s.invited}` : "open") : s.name}</span>`);
}

// A running table's clock in the list: the time left to the seat to act, or (untimed) how long it has waited.
function TimeLeft({ t, now }) {
  if (t.status !== "running") return null;
  if (t.time_left !== null && t.time_left !== undefined) {
    return html` <span class="time-left" data-testid=${"time-left-" + t.id}
      title=${t.clock ? t.clock.label : ""}>${duration(t.time_left, t.clock.kind)} left</span>`;
  }
  return html` <span class="time-left muted" data-testid=${"waiting-" + t.id}>${t.clock ? `${t.clock.label}, ` : ""}waiting ${
    duration(Math.max(0, now - t.waiting_since), "days")}</span>`;
}

function TableRowView({ t, mine, now }) {
  const sitting = t.my_seat !== null && t.my_seat !== undefined ? t.seats[t.my_seat] : null;
  return html`<li class=${"table-row" + (t.my_turn ? " my-turn" : "")} data-testid=${"row-" + t.id}>
    ${t.my_turn && html`<b class="badge">your turn</b> `}
    <a href=${t.status === "finished" ? `/replay/${t.id}` : `/table/${t.id}`}>${t.name}</a>
    <span class="muted"> ${t.status}${t.status === "running" ? `, move ${t.v}` : ""}</span> ${seatNames(t)}
    <${TimeLeft} t=${t} now=${now} />
    ${sitting && t.status !== "finished" && html` <span class="badge" data-testid="you-sit">you: ${sitting.label}</span>`}
    ${t.status === "open" && !mine && !sitting && t.seats.filter((s) => s.open && !s.invited).map((s) =>
      html` <a class="button small" href=${`/join/${t.id}/${s.seat}`} data-testid=${"join-" + s.seat}>join as ${
        s.label}</a>`)}
    ${t.status === "finished" && html` <a href=${`/api/tables/${t.id}/record`} download>download</a>`}
    <span class="muted when"> ${when(t.status === "finished" ? t.finished_at : t.waiting_since)}</span></li>`;
}

export function Lobby() {
  const [lobby, setLobby] = useState(null);
  const [games, setGames] = useState(null);
  const [error, setError] = useState("");
  const [chosen, setChosen] = useState(null);   // the game chosen in the new-table form (its leaderboard shows)
  const load = () => api("/api/lobby").then((r) => {
    setLobby(r);
    reportServer(r.mine.filter((t) => t.my_turn).map((t) => [t.id, t.v]));   // the title's count, fresher than its poll
  }).catch((e) => setError(e.message));
  useEffect(() => {
    api("/api/games").then(setGames).catch((e) => setError(e.message));
    load();
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, []);
  useTitle("Lobby");   // headed by the count of my tables that wait for me (alerts.mjs)
  if (error) return html`<p class="error">${error}</p>`;
  if (!lobby || !games) return html`<p class="loading">Loading the lobby…</p>`;
  const list = (rows, mine, testid, empty) => html`<ul class="tables" data-testid=${testid}>
    ${rows.length ? rows.map((t) => html`<${TableRowView} t=${t} mine=${mine} now=${lobby.now} key=${t.id} />`)
      : html`<li class="muted">${empty}</li>`}</ul>`;
  return html`<div class="lobby">
    <h1 class="page-title">Lobby</h1>
    <${NameBox} me=${lobby.me} onSaved=${() => load()} key=${`${lobby.username}:${lobby.me}`} />
    <${AccountBox} username=${lobby.username} onChanged=${() => load()} />
    <div class="columns">
      <div><${NewTable} games=${games.games} strengths=${games.strengths} clocks=${games.clocks} me=${lobby.me}
        onGame=${setChosen} />
      <${Leaderboard} game=${games.games.find((g) => g.id === chosen) || games.games[0]} />
      <${People} me=${lobby.id} key=${lobby.id} /></div>
      <section class="card lists">
        <${Invitations} rows=${lobby.invitations} onChanged=${() => load()} />
        <h2>My tables</h2>${list(lobby.mine, true, "my-tables", "none yet")}
        <h2>Open tables</h2>${list(lobby.open, false, "open-tables", "no table is waiting for players")}
        <h2>Finished games</h2>${list(lobby.finished, false, "finished-tables", "none yet")}
      </section></div></div>`;
}
