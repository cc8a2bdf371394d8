// An invite link (or a lobby "join"): choose a name if needed, then take the seat and go to the table.
import { useEffect, useState } from "preact/hooks";
import { api, go, html, keepSeat, NameBox, useTitle } from "./common.mjs";

export function JoinPage({ table, seat, code }) {
  const [info, setInfo] = useState(null);
  const [me, setMe] = useState(undefined);
  const [error, setError] = useState("");
  useEffect(() => {
    api(`/api/tables/${table}`).then(setInfo).catch((e) => setError(e.message));
    api("/api/me").then((r) => setMe(r.name)).catch(() => setMe(null));
  }, [table]);
  useTitle(info ? `Invitation to ${info.name}` : "Invitation");
  const take = async () => {
    try {
      const r = await api(`/api/tables/${table}/seats/${seat}`, { method: "POST", body: { invite: code || null } });
      keepSeat(table, r.seat, r.token);
      go(`/table/${table}`);
    } catch (e) { setError(e.message); }
  };
  if (error) return html`<p class="error" data-testid="join-error">${error} · <a href=${`/table/${table}`}>watch the table</a></p>`;
  if (!info || me === undefined) return html`<p class="loading">Loading the invitation…</p>`;
  const s = info.seats[seat];
  if (!s) return html`<p class="error">This table has no such seat (${info.seats.map((x) => x.label).join(", ")}).</p>`;
  return html`<section class="card join" data-testid="join">
    <h1>${info.name}: take the seat ${s.label}</h1>
    <p>At this table: ${info.seats.map((x) => html`<span class="seat">${x.label}: ${x.open ? "open" : x.name}</span> `)}</p>
    <${NameBox} me=${me} onSaved=${setMe} />
    ${s.open ? html`<button onClick=${take} disabled=${!me} data-testid="take-seat">Sit down as ${s.label}</button>`
      : html`<p>That seat is taken. <a href=${`/table/${table}`}>Watch the table</a></p>`}</section>`;
}
