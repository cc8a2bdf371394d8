// The lobby's people (issue 26): the seats offered to me by username (each with its link), a search of registered
// players by username, and the players I have played (their profiles; their usernames fill the invite fields).
import { useEffect, useState } from "preact/hooks";
import { api, html, when } from "./common.mjs";

// the seats offered to me; "decline" leaves the seat open for anyone and reloads the lobby (onChanged)
export function Invitations({ rows, onChanged }) {
  if (!rows.length) return null;
  const decline = (i) => api(`/api/invitations/${encodeURIComponent(i.table)}/${i.seat}`, { method: "DELETE" })
    .catch(() => {}).then(onChanged);
  return html`<h2>Invitations</h2><ul class="tables" data-testid="invitations">${rows.map((i) => html`<li
    class="table-row my-turn" key=${i.table + ":" + i.seat}><b class="badge">invited</b> ${i.name}
    <span class="muted"> by ${i.by}</span> <a class="button small" href=${i.url}
    data-testid=${"accept-" + i.table}>sit as ${i.label}</a> <button type="button" class="small"
    data-testid=${"decline-" + i.table} onClick=${() => decline(i)}>decline</button><span class="muted when">
    ${when(i.at)}</span></li>`)}</ul>`;
}

function FindPlayer() {
  const [q, setQ] = useState("");
  const [found, setFound] = useState(null);
  const search = async (e) => {
    e.preventDefault();
    try { setFound(await api(`/api/players?q=${encodeURIComponent(q)}`)); } catch { setFound([]); }
  };
  return html`<form class="find-player" onSubmit=${search} data-testid="find-player">
    <label>Find a player <input name="find" value=${q} required maxlength="24" pattern="[A-Za-z0-9_\\-]+"
      placeholder="username" onInput=${(e) => setQ(e.target.value)} /></label>
    <button type="submit" class="small">search</button>
    ${found && html`<ul class="found" data-testid="found">${found.length ? found.map((p) => html`<li key=${p.id}>
      <a href=${`/player/${p.id}`} data-testid=${"found-" + p.username}>${p.username}</a>${
      p.name !== p.username ? html` <span class="muted">(${p.name})</span>` : ""}</li>`)
      : html`<li class="muted">no registered player's username starts so</li>`}</ul>`}</form>`;
}

export function People({ me }) {
  const [played, setPlayed] = useState([]);
  useEffect(() => { api("/api/me/players").then(setPlayed).catch(() => setPlayed([])); }, [me]);
  return html`<section class="card people" data-testid="people"><h2>People</h2>
    ${me && html`<p><a href=${`/player/${me}`} data-testid="my-profile">My profile</a></p>`}
    <${FindPlayer} />
    <h3>Players I have played</h3>
    <ul class="played" data-testid="played-with">${played.length ? played.map((p) => html`<li key=${p.id}>
      <a href=${`/player/${p.id}`}>${p.name}</a>${p.username ? html` <span class="muted">@${p.username}</span>` : ""}
      <span class="muted"> ${p.tables} table${p.tables > 1 ? "s" : ""}</span></li>`)
      : html`<li class="muted">nobody yet</li>`}</ul>
    <datalist id="players-played">${played.filter((p) => p.username).map((p) => html`<option value=${p.username} />`)}
    </datalist></section>`;
}
