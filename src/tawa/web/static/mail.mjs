// The pages a mailed link opens (issue 26): /verify-email#t=… confirms an address, /reset#t=… sets a new password
// (and logs this browser in; every other one is logged out). The token is in the fragment, which no request sends; it
// is taken out of the address bar at once, kept for the page only.
import { useEffect, useState } from "preact/hooks";
import { api, html, useTitle } from "./common.mjs";

const tokens = new Map(); // path -> the token its link carried
function linkToken() {
  const t = new URLSearchParams(location.hash.slice(1)).get("t");
  if (t) {
    tokens.set(location.pathname, t);
    history.replaceState(null, "", location.pathname);
  }
  return tokens.get(location.pathname) || "";
}

export function VerifyPage() {
  useTitle("E-mail address");
  const [said, setSaid] = useState(null);
  useEffect(() => {
    const token = linkToken();
    if (!token) { setSaid({ error: "this page needs the link from the mail, in full" }); return; }
    api("/api/mail/verify", { method: "POST", body: { token } })
      .then((r) => setSaid({ ok: r.address }), (err) => setSaid({ error: err.message }));
  }, []);
  return html`<section class="card" data-testid="verify-page"><h1>E-mail address</h1>
    ${said === null ? html`<p class="loading">Checking the link…</p>`
      : said.ok ? html`<p data-testid="verified">The address <b>${said.ok}</b> is confirmed.</p>`
      : html`<p class="error" data-testid="verify-error">${said.error}</p>`}
    <p><a href="/">To the lobby</a></p></section>`;
}

export function ResetPage() {
  useTitle("New password");
  const [token] = useState(linkToken);
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [error, setError] = useState("");
  const [done, setDone] = useState(null);
  const submit = async (e) => {
    e.preventDefault();
    if (password !== again) { setError("the two passwords differ"); return; }
    try {
      setDone(await api("/api/password/reset", { method: "POST", body: { token, new: password } })); setError("");
    } catch (err) { setError(err.message); }
  };
  if (done) {
    return html`<section class="card" data-testid="reset-page"><h1>New password</h1>
      <p data-testid="reset-done">Your password is set; you are logged in as <b>${done.username}</b> here and logged
        out everywhere else.</p><p><a href="/" data-testid="to-lobby">To the lobby</a></p></section>`;
  }
  return html`<section class="card" data-testid="reset-page"><h1>New password</h1>
    ${!token ? html`<p class="error">This page needs the link from the mail, in full.</p>`
      : html`<form class="account-form" onSubmit=${submit} data-testid="reset-form">
      <label>New password <input name="new-password" type="password" value=${password} required minlength="8"
        maxlength="200" autocomplete="new-password" onInput=${(e) => setPassword(e.target.value)} /></label>
      <label>Once more <input name="new-password-again" type="password" value=${again} required minlength="8"
        maxlength="200" autocomplete="new-password" onInput=${(e) => setAgain(e.target.value)} /></label>
      <button type="submit" data-testid="reset-submit">Set the password</button></form>`}
    ${error && html`<p class="error" data-testid="reset-error">${error}</p>`}
    <p><a href="/">To the lobby</a></p></section>`;
}
