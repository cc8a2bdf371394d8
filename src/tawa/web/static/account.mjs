// The account part of the lobby's name box: "Register" / "Log in" (username and password) for a guest, and for a
// registered player "logged in as X · Log out", with log out everywhere and a new password. Guests need none of it.
// When the server sends mail (GET /api/mail says so): "forgot password?" beside the login, and in the account's
// panel the e-mail address (verified by a mailed link) and the turn alerts' switch.
import { useEffect, useState } from "preact/hooks";
import { api, html } from "./common.mjs";

function ForgotForm({ onCancel }) {
  const [who, setWho] = useState("");
  const [said, setSaid] = useState("");
  const submit = async (e) => {
    e.preventDefault();
    try {
      const r = await api("/api/password/forgot", { method: "POST", body: { who } });
      setSaid(r.message);
    } catch (err) { setSaid(err.message); }
  };
  return html`<form class="account-form" onSubmit=${submit} data-testid="forgot-form">
    <label>Username or e-mail <input name="who" value=${who} required maxlength="254" autocomplete="username"
      onInput=${(e) => setWho(e.target.value)} /></label>
    <button type="submit" data-testid="forgot-submit">Mail me a link</button>
    <button type="button" class="small" onClick=${onCancel}>cancel</button>
    ${said && html`<span class="muted" data-testid="forgot-said">${said}</span>`}</form>`;
}

function AccountForm({ mode, onDone, onCancel, mail }) {
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
    ${!register && mail && html`<button type="button" class="small" onClick=${() => onCancel("forgot")}
      data-testid="forgot">forgot password?</button>`}
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

// My e-mail address (only ever shown to me): add or change it (a link verifies it), remove it, turn alerts.
function MailBox({ mail, onMail }) {
  const [address, setAddress] = useState("");
  const [password, setPassword] = useState("");
  const [said, setSaid] = useState("");
  const send = async (body, done) => {
    try { onMail(await api("/api/mail/address", { method: "POST", body })); setPassword(""); setSaid(done); }
    catch (err) { setSaid(err.message); }
  };
  const submit = (e) => {
    e.preventDefault();
    send({ address, password }, `a link is on its way to ${address}: open it to confirm the address`);
  };
  const alerts = async (on) => {
    try { onMail(await api("/api/mail/alerts", { method: "POST", body: { on } })); }
    catch (err) { setSaid(err.message); }
  };
  return html`<div class="account-form" data-testid="mail-box">
    <span>E-mail: ${mail.address ? html`<b data-testid="mail-address">${mail.address}</b>`
      : html`<span class="muted">none</span>`}${mail.pending && html` <span class="muted" data-testid="mail-pending">
      (waiting for the link sent to ${mail.pending})</span>`}</span>
    ${mail.address && html`<label><input type="checkbox" checked=${mail.alerts} data-testid="mail-alerts"
      onChange=${(e) => alerts(e.target.checked)} /> mail me when a turn-based table waits for me</label>`}
    <form class="account-form" onSubmit=${submit} data-testid="mail-form">
      <label>${mail.address ? "New address" : "Address"} <input name="email" type="email" value=${address} required
        maxlength="254" autocomplete="email" onInput=${(e) => setAddress(e.target.value)} /></label>
      <label>Password <input name="mail-password" type="password" value=${password} required maxlength="200"
        autocomplete="current-password" onInput=${(e) => setPassword(e.target.value)} /></label>
      <button type="submit" data-testid="mail-submit">${mail.address ? "Change" : "Add"}</button>
      ${(mail.address || mail.pending) && html`<button type="button" class="small" data-testid="mail-remove"
        disabled=${!password} title="your password first" onClick=${() => send({ address: null, password },
        "no e-mail address any more")}>remove</button>`}</form>
    ${said && html`<span class="muted" data-testid="mail-said">${said}</span>`}</div>`;
}

function useMail(username) {
  const [mail, setMail] = useState(null);
  useEffect(() => { api("/api/mail").then(setMail).catch(() => setMail(null)); }, [username]);
  return [mail, setMail];
}

export function AccountBox({ username, onChanged }) {
  const [mode, setMode] = useState(null);
  const [mail, setMail] = useMail(username);
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
        <${NewPassword} onDone=${() => {}} />
        ${mail && mail.on && html`<${MailBox} mail=${mail} onMail=${setMail} />`}</div>`}
      ${error && html`<span class="error">${error}</span>`}</div>`;
  }
  if (mode === "forgot") {
    return html`<div class="account" data-testid="account"><${ForgotForm} onCancel=${() => setMode("login")} /></div>`;
  }
  if (mode) {
    return html`<div class="account" data-testid="account">
      <${AccountForm} mode=${mode} key=${mode} mail=${mail && mail.on} onDone=${() => { setMode(null); onChanged(); }}
        onCancel=${(next) => setMode(next === "forgot" ? "forgot" : null)} /></div>`;
  }
  return html`<div class="account" data-testid="account">
    <span class="muted">Keep your tables on every device: </span>
    <button type="button" class="small" onClick=${() => setMode("register")} data-testid="register">Register</button>
    <button type="button" class="small" onClick=${() => setMode("login")} data-testid="login">Log in</button></div>`;
}
