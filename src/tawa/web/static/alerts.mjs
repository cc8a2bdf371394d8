// "Your turn" alerts on every page (issue 26): the tab's title and favicon say how many of my tables wait for me,
// a short tone sounds when a table becomes my turn, and (when asked for with a click) a browser notification comes
// while the tab is hidden. The count comes from GET /api/my-turns, polled every few seconds while the tab is
// visible and less often while it is hidden; a table page also reports its own table live from its socket. Tabs
// of this browser tell each other when something changed (a BroadcastChannel), so that every open tab asks at once
// and both a lobby and a table show it. One tab alone sounds and notifies a turn (a table at a version): the first
// to take the Web Lock named after it (a visible tab that had a click goes first: it is the one that may sound);
// where a browser has no Web Locks (a page served over plain http from another machine), a stamp in localStorage
// keeps most doubles out.
// The switches: localStorage "tawa.sound" ("off": no tone; on by default) and "tawa.notify" ("on" once the
// permission is granted and the switch turned on).
import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import htm from "htm";

const html = htm.bind(h);

const VISIBLE_POLL = 4000;    // ms between polls while the tab is visible
const HIDDEN_POLL = 30000;    // and while it is hidden (the table page's own table still comes live)
const LATER = 300;            // ms a tab that cannot sound well (hidden, or never clicked) lets the others go first
const HOLD = 60000;           // ms a turn's alert is remembered (tabs that learn of it later stay quiet)
const SOUND = "tawa.sound";
const NOTIFY = "tawa.notify";
const STAMPS = "tawa.alerted";

const state = {
  server: new Map(),          // table id -> its version: what /api/my-turns (or the lobby) answered last
  live: new Map(),            // table id -> {mine, name, v}: what a table page's socket says of its table
  shown: null,                // table id -> version: the tables the title counts (null until the first answer)
  base: "",                   // the page's own title ("Lobby", "Your turn · Ayar")
  timer: null,
  started: false,
  channel: null,
  inflight: false,            // a poll is on its way
  again: false,               // and another one was asked for meanwhile
};
const listeners = new Set();  // the switches' components, redrawn when a switch changes in another tab

function read(key) { try { return localStorage.getItem(key); } catch { return null; } }
function write(key, value) { try { localStorage.setItem(key, value); } catch { /* private mode: not kept */ } }

export function soundOn() { return read(SOUND) !== "off"; }
export function notifySupported() { return typeof window.Notification === "function"; }
export function notifyOn() {
  return notifySupported() && read(NOTIFY) === "on" && Notification.permission === "granted";
}

// ---------------------------------------------------------------- the count
function waiting() {
  const out = new Map();
  for (const [id, v] of state.server) if (!state.live.has(id)) out.set(id, v);
  for (const [id, t] of state.live) if (t.mine) out.set(id, t.v);
  return out;
}

function refresh({ quiet = false } = {}) {
  const now = waiting();
  const before = state.shown;
  state.shown = now;
  drawTitle();
  drawIcon(now.size);
  if (before === null || quiet) return;
  const fresh = [...now.keys()].filter((id) => !before.has(id));
  if (fresh.length) alert(fresh.map((id) => [id, now.get(id)]));
  if (fresh.length || [...before.keys()].some((id) => !now.has(id))) tell();
}

// The page's own title, headed by the count when a table waits: "(2) Your turn · Lobby · Tawa".
export function setPageTitle(text) {
  state.base = text || "";
  drawTitle();
}

function drawTitle() {
  const n = state.shown ? state.shown.size : 0;
  const page = state.base ? `${state.base} · Tawa` : "Tawa";
  document.title = !n ? page : state.base.startsWith("Your turn") ? `(${n}) ${page}` : `(${n}) Your turn · ${page}`;
}

// What a table page's socket says of its table: my turn or not at version v (mine null: the page says nothing).
export function reportTable(table, mine, name, v) {
  if (mine === null) state.live.delete(table);
  else state.live.set(table, { mine, name, v });
  if (state.shown !== null) refresh();
}

// What the lobby's own list says ([[id, v]] of my turns: fresher than the last poll).
export function reportServer(turns) {
  state.server = new Map(turns);
  if (state.shown !== null) refresh();
}

async function poll() {
  clearTimeout(state.timer);
  if (state.inflight) { state.again = true; return; }
  state.inflight = true;
  state.again = false;
  try {
    const res = await fetch("/api/my-turns", { credentials: "same-origin" });
    if (res.ok) {
      const data = await res.json();
      const v = data.v || {};
      state.server = new Map((data.tables || []).map((id) => [id, v[id]]));
      refresh({ quiet: state.shown === null });
    }
  } catch { /* offline: keep what was shown; the next poll tries again */ }
  state.inflight = false;
  if (state.again) { state.again = false; state.timer = setTimeout(poll, 100); } else schedule();
}

function schedule() {
  clearTimeout(state.timer);
  state.timer = setTimeout(poll, document.hidden ? HIDDEN_POLL : VISIBLE_POLL);
}

// another tab saw a change: ask now (after the poll on its way, if one is)
function tell() { if (state.channel) state.channel.postMessage({ t: "changed" }); }

export function startAlerts() {
  if (state.started) return;
  state.started = true;
  if (typeof BroadcastChannel === "function") {
    state.channel = new BroadcastChannel("tawa.turns");
    state.channel.onmessage = () => poll();
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); else schedule(); });
  window.addEventListener("storage", (e) => {
    if (e.key === SOUND || e.key === NOTIFY) for (const f of listeners) f();
  });
  // a tone may sound only after the page had a click or a key (the browsers' autoplay rule): get ready on the first
  for (const kind of ["pointerdown", "keydown"]) window.addEventListener(kind, unlockAudio, { capture: true });
  poll();
}

// ---------------------------------------------------------------- the favicon
let plainIcon = null;   // {href, image}: the site's own icon, drawn under the badge
function iconLink() { return document.querySelector("link[rel=icon]"); }

function drawIcon(n) {
  const link = iconLink();
  if (!link) return;
  if (!plainIcon) plainIcon = { href: link.getAttribute("href"), image: null };
  else if (link.dataset.turns === String(n)) return;    // drawn already
  link.dataset.turns = String(n);
  if (!n) { link.setAttribute("href", plainIcon.href); link.setAttribute("type", "image/svg+xml"); return; }
  const paint = () => {
    if (link.dataset.turns !== String(n)) return;    // a newer count came while the icon loaded
    const size = 64;
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size;
    const g = canvas.getContext("2d");
    if (!g) return;
    if (plainIcon.image && plainIcon.image.complete && plainIcon.image.naturalWidth) {
      g.drawImage(plainIcon.image, 0, 0, size, size);
    }
    g.fillStyle = "#d0021b";
    g.beginPath(); g.arc(size * 0.68, size * 0.32, size * 0.32, 0, 2 * Math.PI); g.fill();
    g.fillStyle = "#fff";
    g.font = `bold ${n > 9 ? size * 0.32 : size * 0.44}px sans-serif`;
    g.textAlign = "center"; g.textBaseline = "middle";
    g.fillText(n > 9 ? "9+" : String(n), size * 0.68, size * 0.34);
    link.setAttribute("type", "image/png");
    link.setAttribute("href", canvas.toDataURL("image/png"));
  };
  if (!plainIcon.image) {
    const img = new Image();
    plainIcon.image = img;
    img.onload = paint;
    img.onerror = paint;       // the badge alone, then
    img.src = plainIcon.href;
  } else if (!plainIcon.image.complete) {
    plainIcon.image.addEventListener("load", paint, { once: true });
  } else paint();
}

// ---------------------------------------------------------------- the alert: a tone, a notification
// turns: [[table id, version]], the tables that became my turn. Each turn is alerted by one tab of this browser.
function alert(turns) {
  const able = !document.hidden && (!navigator.userActivation || navigator.userActivation.hasBeenActive);
  setTimeout(() => claim(turns).then((won) => {
    if (!won.length) return;
    if (soundOn()) tone();
    if (document.hidden && notifyOn()) notify(won.map(([id]) => id));
  }), able ? 0 : LATER);
}

// The turns this tab takes to alert: those whose Web Lock it got (held a minute, so that a tab that learns of the
// turn later stays quiet), or without Web Locks those it stamped first in localStorage.
async function claim(turns) {
  const key = ([id, v]) => `tawa.turn:${id}@${v}`;
  if (navigator.locks && navigator.locks.request) {
    const got = await Promise.all(turns.map((t) => new Promise((resolve) => {
      navigator.locks.request(key(t), { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        return lock ? new Promise((done) => setTimeout(done, HOLD)) : null;
      }).catch(() => resolve(false));
    })));
    return turns.filter((_, i) => got[i]);
  }
  let stamps = {};
  try { stamps = JSON.parse(read(STAMPS) || "{}"); } catch { stamps = {}; }
  const now = Date.now();
  for (const [k, at] of Object.entries(stamps)) if (now - at > HOLD) delete stamps[k];
  const won = turns.filter((t) => !stamps[key(t)]);
  for (const t of won) stamps[key(t)] = now;
  write(STAMPS, JSON.stringify(stamps));
  return won;
}

let audio = null;
function unlockAudio() {
  if (!soundOn()) return;
  try {
    if (!audio) audio = new AudioContext();
    if (audio.state === "suspended") audio.resume();
  } catch { audio = null; }
}

// Two short notes, rising (about a third of a second), made by an oscillator: no sound file.
export function tone() {
  try {
    if (!audio) audio = new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const t0 = audio.currentTime + 0.02;
    for (const [i, freq] of [[0, 660], [1, 880]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      const at = t0 + i * 0.16;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.16);
    }
  } catch { /* no Web Audio here: the title and the icon still say it */ }
}

function notify(ids) {
  const names = ids.map((id) => (state.live.get(id) || {}).name).filter(Boolean);
  const body = ids.length > 1 ? `${ids.length} tables wait for you`
    : names.length ? `${names[0]} waits for you (table ${ids[0]})` : `Table ${ids[0]} waits for you`;
  try {
    const n = new Notification("Your turn · Tawa", { body, tag: `tawa-turn-${ids[0]}`, icon: plainIcon && plainIcon.href });
    n.onclick = () => {
      window.focus();
      const path = `/table/${ids[0]}`;
      if (location.pathname !== path) { history.pushState(null, "", path); window.dispatchEvent(new Event("popstate")); }
      n.close();
    };
  } catch { /* a browser that shows notifications only from a service worker: the title and the icon say it */ }
}

// ---------------------------------------------------------------- the switches (lobby and table pages)
export function AlertSwitches() {
  const [, redraw] = useState(0);
  useEffect(() => {
    const f = () => redraw((n) => n + 1);
    listeners.add(f);
    return () => listeners.delete(f);
  }, []);
  const changed = () => { for (const f of listeners) f(); };
  const setSound = (on) => { write(SOUND, on ? "on" : "off"); if (on) unlockAudio(); changed(); };
  const permission = notifySupported() ? Notification.permission : "unsupported";
  const on = notifyOn();
  const toggleNotify = async () => {
    if (on) { write(NOTIFY, "off"); changed(); return; }
    // asked only here, on the player's click (never on load)
    const answer = await Notification.requestPermission();
    write(NOTIFY, answer === "granted" ? "on" : "off");
    changed();
  };
  return html`<span class="alert-switches" data-testid="alert-switches">
    <label title="a short tone when a table becomes my turn"><input type="checkbox" data-testid="sound-switch"
      checked=${soundOn()} onChange=${(e) => setSound(e.target.checked)} /> sound on my turn</label>
    ${permission === "unsupported" ? ""
      : permission === "denied" ? html`<span class="muted" data-testid="notify-blocked"
          title="this browser blocks Tawa's notifications (its site settings can allow them)">notifications blocked</span>`
      : html`<button type="button" class="small" data-testid="notify-switch" aria-pressed=${on ? "true" : "false"}
          onClick=${toggleNotify} title=${on ? "stop the notifications" : "a notification when it is my turn and this tab is hidden"}>${
          on ? "Notifications on" : "Notify me"}</button>`}</span>`;
}
