// Tawa's browser client: a tiny router over the pages. Every page is a pure view of what the server sent.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { html } from "./common.mjs";
import { Lobby } from "./lobby.mjs";
import { TablePage } from "./table.mjs";
import { JoinPage } from "./join.mjs";
import { ReplayPage } from "./replay.mjs";

function route(path) {
  let m;
  if ((m = path.match(/^\/table\/([\w-]+)$/))) return html`<${TablePage} table=${m[1]} key=${path} />`;
  if ((m = path.match(/^\/join\/([\w-]+)\/(\d+)$/))) {
    const code = inviteCode();
    return html`<${JoinPage} table=${m[1]} seat=${Number(m[2])} code=${code} key=${path} />`;
  }
  if ((m = path.match(/^\/replay\/([\w-]+)$/))) return html`<${ReplayPage} table=${m[1]} key=${path} />`;
  return html`<${Lobby} />`;
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
  useEffect(() => {
    const on = () => setPath(location.pathname);
    window.addEventListener("popstate", on);
    return () => window.removeEventListener("popstate", on);
  }, []);
  return html`<header class="top"><a href="/" class="brand">Tawa</a>
      <span class="tagline">Sacred Valley · P'achakuna · Ayar · Guatavita</span></header>
    <main>${route(path)}</main>`;
}

const root = document.getElementById("app");
root.textContent = "";
render(html`<${App} />`, root);
