// The end screen (the table's and the replay's last step): each seat's place, what decided it and its score by
// source. "decided by" shows only where a tie-break decided (or the place is shared, or a rule ended the game): a
// place won on the score says nothing there. Every score and breakdown value carries the game's unit ("9 VP"), or
// its label says what it counts ("Sun 51").
import { html } from "./common.mjs";

const amount = (value, unit) => `${Number(value).toLocaleString("en", { maximumFractionDigits: 2 })}${unit ? " " + unit : ""}`;

// What the "decided by" column says for a place (as `Standing.decisive` on the server)
export function decisive(s) {
  return s.decided_by === "score" || !s.decided_by ? "" : s.decided_by;
}

export function Standings({ standings, capped, table = null }) {
  const why = standings.some((s) => decisive(s));
  return html`<section class="card end-screen" data-testid="end-screen">
    <h2>Game over${capped ? " (stopped by the safety cap)" : ""}${table && html` <span class="end-links">
      <a href=${`/replay/${table}`}>watch the replay</a> · <a href=${`/api/tables/${table}/record`} download>download
      the record</a></span>`}</h2>
    <div class="end-table"><table><thead><tr><th>place</th><th>seat</th><th>player</th><th>score</th>${
      why && html`<th>decided by</th>`}<th>breakdown</th></tr></thead>
    <tbody>${standings.map((s) => html`<tr data-seat=${s.seat} data-place=${s.place}>
      <td class="place">${s.place}${s.shared ? " (shared)" : ""}</td><td>${s.label}</td><td>${s.name || ""}</td>
      <td class="score">${amount(s.score, s.unit)}</td>${why && html`<td class="decided">${decisive(s)}</td>`}
      <td class="breakdown">${Object.entries(s.breakdown || {}).map(([k, v]) => html`<span>${k} ${
        typeof v === "object" ? JSON.stringify(v) : amount(v, s.unit)}</span> `)}</td></tr>`)}</tbody></table></div>
  </section>`;
}
