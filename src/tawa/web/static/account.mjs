// The account part of the lobby's name box: "Register" / "Log in" (username and password) for a guest, and for a
// registered player "logged in as X · Log out", with log out everywhere and a new password. Guests need none of it.
import { useState } from "preact/hooks";
import { api, html } from "./common.mjs";

function AccountForm({ mode, onDone, onCancel }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const register = mode === "register";
  const submit = async (e) => {
    e.preventDefault();
    try {
      const r = await api(register ? "/api/register" : "/api/login", { method: "POST", body: { username, password } });
      setError(""); onDone(r);
    } catch (err) { setError(err.message); }
  };
  return html`<form class="account-form" onSubmit=${submit} data-testid="account-form">
    <label>Username <input name="username" value=${username} minlength="3" maxlength="24" required
      pattern="[A-Za-z0-9_\\-]+" autocomplete="username" title="3 to 24 letters, digits, _ and -"
      onInput=${(e) => setUsername(e.target.value)} /></label>
    <label>Password <input name="password" type="password" value=${password} minlength=${register ? 8 : 1}
      maxlength="200" required autocomplete=${register ? "new-password" : "current-password"}
      onInput=${(e) => setPassword(e.target.value)} /></label>
    <button type="submit" data-testid="account-submit">${register ? "Register" : "Log in"}</button>
    <button type="button" class="small" onClick=${onCancel}>cancel</button>
    ${register && html`<span class="muted"> your tables stay yours; no e-mail needed</span>`}
    ${error && html`<span class="error" data-testid="account-error">${error}</span>`}</form>`;
}

function NewPassword({ onDone }) {
  const [old, setOld] = useState("");
  const [neu, setNew] = useState("");
  const [said, setSaid] = useState("");
  const submit = async (e) => {
    e.preventDefault();
    try {
      await api("/api/password", { method: "POST", body: { old, new: neu } });
      setOld(""); setNew(""); setSaid("password changed; your other browsers are logged out"); onDone();
    } catch (err) { setSaid(err.message); }
  };
  return html`<form class="account-form" onSubmit=${submit} data-testid="password-form">
    <label>Old password <input name="old-password" type="password" value=${old} required maxlength="200"
      autocomplete="current-password" onInput=${(e) => setOld(e.target.value)} /></label>
    <label>New password <input name="new-password" type="password" value=${neu} required minlength="8"
      maxlength="200" autocomplete="new-password" onInput=${(e) => setNew(e.target.value)} /></label>
    <button type="submit">Change password</button>${said && html` <span class="muted">${said}</span>`}</form>`;
}

export function AccountBox({ username, onChanged }) {
  const [mode, setMode] = useState(null);
  const [more, setMore] = useState(false);
  const [error, setError] = useState("");
  const post = async (path) => {
    try { await api(path, { method: "POST" }); setError(""); onChanged(); } catch (err) { setError(err.message); }
  };
  if (username) {
    return html`<div class="account" data-testid="account">
      <span>logged in as <b data-testid="my-username">${username}</b></span> ·
      <button type="button" class="small" onClick=${() => post("/api/logout")} data-testid="logout">Log out</button>
      <button type="button" class="small" aria-expanded=${more} onClick=${() => setMore(!more)}
        data-testid="account-more">account…</button>
      ${more && html`<div class="account-more">
        <button type="button" class="small" onClick=${() => post("/api/logout-everywhere")}
          data-testid="logout-everywhere">Log out everywhere</button>
        <${NewPassword} onDone=${() => {}} /></div>`}
      ${error && html`<span class="error">${error}</span>`}</div>`;
  }
  if (mode) {
    return html`<div class="account" data-testid="account">
      <${AccountForm} mode=${mode} key=${mode} onDone=${() => { setMode(null); onChanged(); }}
        onCancel=${() => setMode(null)} /></div>`;
  }
  return html`<div class="account" data-testid="account">
    <span class="muted">Keep your tables on every device: </span>
    <button type="button" class="small" onClick=${() => setMode("register")} data-testid="register">Register</button>
    <button type="button" class="small" onClick=${() => setMode("login")} data-testid="login">Log in</button></div>`;
}
