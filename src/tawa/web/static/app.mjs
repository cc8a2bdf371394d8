// Tawa's browser client: a tiny router over the pages. Every page is a pure view of what the server sent. A page's
// module is loaded when the page is shown (`import()`), so a table loads neither the lobby nor the replay; the
// server's shell names the modules of its page as `modulepreload` links, so they come at once.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { html } from "./common.mjs";
import { AlertSwitches, startAlerts } from "./alerts.mjs";

const PAGES = {
  lobby: () => import("./lobby.mjs").then((m) => m.Lobby),
  table: () => import("./table.mjs").then((m) => m.TablePage),
  join: () => import("./join.mjs").then((m) => m.JoinPage),
  replay: () => import("./replay.mjs").then((m) => m.ReplayPage),
  profile: () => import("./profile.mjs").then((m) => m.ProfilePage),
  verify: () => import("./mail.mjs").then((m) => m.VerifyPage),
  reset: () => import("./mail.mjs").then((m) => m.ResetPage),
};

function route(path) {
  let m;
  if ((m = path.match(/^\/table\/([\w-]+)$/))) return { page: "table", props: { table: m[1] } };
  if ((m = path.match(/^\/join\/([\w-]+)\/(\d+)$/))) {
    return { page: "join", props: { table: m[1], seat: Number(m[2]), code: inviteCode() } };
  }
  if ((m = path.match(/^\/replay\/([\w-]+)$/))) return { page: "replay", props: { table: m[1] } };
  if ((m = path.match(/^\/player\/([\w-]+)$/))) return { page: "profile", props: { player: m[1] } };
  if (path === "/verify-email") return { page: "verify", props: {} };
  if (path === "/reset") return { page: "reset", props: {} };
  return { page: "lobby", props: {} };
}

// The invite code of a link (?k=…, or #k=…, which a browser never sends): kept for its page and taken out of the
// address bar at once, so that it is in no history, bookmark or screenshot (the server's access log blanks it).
const invites = new Map();   // path -> the code its link carried
function inviteCode() {
  const code = new URLSearchParams(location.hash.slice(1)).get("k") || new URLSearchParams(location.search).get("k");
  if (code) {
    invites.set(location.pathname, code);
    history.replaceState(null, "", location.pathname);
  }
  return invites.get(location.pathname) || null;
}

function App() {
  const [path, setPath] = useState(location.pathname);
  const [loaded, setLoaded] = useState({});     // page -> its component, once its module came
  const [error, setError] = useState("");
  useEffect(() => {
    const on = () => setPath(location.pathname);
    window.addEventListener("popstate", on);
    return () => window.removeEventListener("popstate", on);
  }, []);
  const { page, props } = route(path);
  useEffect(() => {
    if (loaded[page]) return;
    PAGES[page]().then((Page) => setLoaded((all) => ({ ...all, [page]: Page })))
      .catch((e) => setError(`the page could not load (${e.message}); reload to try again`));
  }, [page]);
  const Page = loaded[page];
  return html`<header class="top"><a href="/" class="brand">Tawa</a>
      <span class="tagline">Sacred Valley · P'achakuna · Ayar · Guatavita</span>
      ${(page === "lobby" || page === "table") && html`<${AlertSwitches} />`}</header>
    <main>${error ? html`<p class="error">${error}</p>`
      : Page ? html`<${Page} ...${props} key=${path} />` : html`<p class="loading">Loading…</p>`}</main>`;
}

startAlerts();
const root = document.getElementById("app");
root.textContent = "";
render(html`<${App} />`, root);
