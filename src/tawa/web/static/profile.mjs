// A player's public profile (issue 26): per game the tables played and won and the rating (mu - 3 sigma), the
// rating's history drawn as a line (an SVG polyline made here), and the recent games with their replays.
import { useEffect, useState } from "preact/hooks";
import { api, html, useTitle, when } from "./common.mjs";

const W = 360, H = 120, PAD = 24;

// The conservative rating after each rated table, oldest left; the start (openskill's 25 - 3 * 25/3 = 0) first.
export function RatingChart({ game, points }) {
  const values = [0, ...points.map((p) => p.rating)];
  const lo = Math.min(...values), hi = Math.max(...values);
  const span = hi - lo || 1;
  const x = (i) => PAD + (i * (W - 2 * PAD)) / Math.max(1, values.length - 1);
  const y = (v) => H - PAD - ((v - lo) * (H - 2 * PAD)) / span;
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return html`<svg class="rating-chart" viewBox=${`0 0 ${W} ${H}`} width=${W} height=${H} role="img"
      aria-label=${`rating history, ${points.length} rated games`} data-testid=${"chart-" + game}>
    <line x1=${PAD} y1=${H - PAD} x2=${W - PAD} y2=${H - PAD} class="axis" />
    <text x="2" y=${y(hi) + 4} class="tick">${hi.toFixed(1)}</text>
    <text x="2" y=${y(lo) + 4} class="tick">${lo.toFixed(1)}</text>
    <polyline points=${line} class="rating-line" data-testid=${"line-" + game} />
    ${values.map((v, i) => html`<circle cx=${x(i)} cy=${y(v)} r="2.5" class="rating-dot"><title>${
      i === 0 ? "start" : `after game ${i}: ${v.toFixed(2)} (place ${points[i - 1].place})`}</title></circle>`)}
  </svg>`;
}

function GameCard({ g }) {
  return html`<section class="card" data-testid=${"game-" + g.game}>
    <h2>${g.name}</h2>
    <p><span data-testid=${"played-" + g.game}>${g.played} played</span>, <span data-testid=${"won-" + g.game}>${
      g.won} won</span>${g.rating ? html`; rating <b data-testid=${"rating-" + g.game}>${g.rating.rating.toFixed(1)}</b>
      <span class="muted"> (mu ${g.rating.mu.toFixed(2)}, sigma ${g.rating.sigma.toFixed(2)}, ${g.rated_games} rated)</span>`
      : html` <span class="muted">(no rated game yet)</span>`}</p>
    ${g.history.length > 0 && html`<${RatingChart} game=${g.game} points=${g.history} />`}</section>`;
}

function placeText(p) {
  return p === 1 ? "1st" : p === 2 ? "2nd" : p === 3 ? "3rd" : p ? `${p}th` : "";
}

export function ProfilePage({ player }) {
  const [prof, setProf] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => { api(`/api/players/${player}`).then(setProf).catch((e) => setError(e.message)); }, [player]);
  useTitle(prof ? `Player ${prof.name}` : "Player");
  if (error) return html`<p class="error" data-testid="profile-error">${error}</p>`;
  if (!prof) return html`<p class="loading">Loading the profile…</p>`;
  return html`<div class="profile">
    <h1 class="page-title" data-testid="profile-name">${prof.name}${prof.username && prof.username !== prof.name
      ? html` <span class="muted" data-testid="profile-username">@${prof.username}</span>` : ""}</h1>
    <div class="columns">
      <div>${prof.games.length ? prof.games.map((g) => html`<${GameCard} g=${g} key=${g.game} />`)
        : html`<section class="card"><p class="muted" data-testid="no-games">no finished game yet</p></section>`}</div>
      <section class="card"><h2>Recent games</h2>
        <ul class="tables" data-testid="recent-games">${prof.recent.length ? prof.recent.map((r) => html`<li
          class="table-row" key=${r.table}><a href=${`/replay/${r.table}`} data-testid=${"recent-" + r.table}>${r.name}</a>
          <span class="muted"> ${placeText(r.place)} of ${r.players}${r.rated ? ", rated" : ""}</span>
          <span class="muted when"> ${when(r.finished_at)}</span></li>`)
          : html`<li class="muted">none to show</li>`}</ul></section></div></div>`;
}
