// Shared bits of the client: htm bound to Preact, REST calls, the seat tokens this browser holds, the tab's title,
// and the name form (the lobby and an invitation both ask for a name).
import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import htm from "htm";
import { setPageTitle } from "./alerts.mjs";

export const html = htm.bind(h);

export class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

// JSON REST call; a refusal becomes an ApiError carrying the server's message (in the user's terms).
export async function api(path, { method = "GET", body, headers = {} } = {}) {
  const init = { method, headers: { ...headers }, credentials: "same-origin" };
  if (body !== undefined) { init.body = JSON.stringify(body); init.headers["Content-Type"] = "application/json"; }
  const res = await fetch(path, init);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data.code || "error", data.message || res.statusText);
  return data;
}

// Seat tokens live in localStorage: {tableId: {seat, token}}. The seat link carries one in its #fragment
// (never sent to the server in a URL), which is stored here and then removed from the address bar.
const KEY = "tawa.seats";
export function seats() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}
export function seatFor(table) { return seats()[table] || null; }
export function keepSeat(table, seat, token) {
  const all = seats(); all[table] = { seat, token }; localStorage.setItem(KEY, JSON.stringify(all));
}
export function seatFromFragment(table) {
  const frag = new URLSearchParams(location.hash.slice(1));
  if (frag.get("token")) {
    keepSeat(table, Number(frag.get("seat")), frag.get("token"));
    history.replaceState(null, "", location.pathname + location.search);
  }
  return seatFor(table);
}
export function seatLink(table, seat) {
  return seat ? `${location.origin}/table/${table}#seat=${seat.seat}&token=${seat.token}` : null;
}

export function go(path) { history.pushState(null, "", path); window.dispatchEvent(new Event("popstate")); }

export function when(ts) { return ts ? new Date(ts * 1000).toLocaleString() : ""; }

export function CopyLink({ url, label, testid }) {
  const copy = () => navigator.clipboard && navigator.clipboard.writeText(url);
  return html`<span class="link"><a href=${url} data-testid=${testid}>${label || url}</a>
    <button type="button" class="small" onClick=${copy} title="copy the link">copy</button></span>`;
}

// The tab's title while this page shows: what it is about first ("Your turn · Ayar"), then the site; headed by
// how many of my tables wait for me, when any does ("(2) Your turn · Lobby · Tawa": alerts.mjs).
export function useTitle(text) {
  useEffect(() => { setPageTitle(text); }, [text]);
}

export function NameBox({ me, onSaved }) {
  const [name, setName] = useState(me || "");
  const [error, setError] = useState("");
  const save = async (e) => {
    e.preventDefault();
    try { const r = await api("/api/me", { method: "POST", body: { name } }); setError(""); onSaved(r.name); }
    catch (err) { setError(err.message); }
  };
  return html`<form class="name" onSubmit=${save} data-testid="name-form">
    <label>Your name <input name="display-name" value=${name} maxlength="40" required
      onInput=${(e) => setName(e.target.value)} /></label>
    <button type="submit">${me ? "Rename" : "Save"}</button>
    ${me && html`<span class="muted">playing as <b data-testid="my-name">${me}</b></span>`}
    ${error && html`<span class="error">${error}</span>`}</form>`;
}
