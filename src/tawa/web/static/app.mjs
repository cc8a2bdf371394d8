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
    const code = new URLSearchParams(location.search).get("k");
    return html`<${JoinPage} table=${m[1]} seat=${Number(m[2])} code=${code} key=${path} />`;
  }
  if ((m = path.match(/^\/replay\/([\w-]+)$/))) return html`<${ReplayPage} table=${m[1]} key=${path} />`;
  return html`<${Lobby} />`;
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
