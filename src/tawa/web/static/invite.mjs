// Invite a registered player to an open seat by username (issue 26): the seat then waits in their lobby with its
// link, kept for them. The table page's invite panel (for its creator) and the lobby's "Table created" use it.
import { useState } from "preact/hooks";
import { api, html } from "./common.mjs";

export function InviteByName({ table, seat, invited, onDone }) {
  const [name, setName] = useState("");
  const [said, setSaid] = useState(invited ? `invited: ${invited}` : "");
  const send = async (e) => {
    e.preventDefault();
    try {
      const r = await api(`/api/tables/${table}/invites/${seat}`, { method: "POST", body: { username: name } });
      setSaid(`invited: ${r.invited}`); setName("");
      if (onDone) onDone(r);
    } catch (err) { setSaid(err.message); }
  };
  return html`<form class="invite-name" onSubmit=${send} data-testid=${"invite-name-" + seat}>
    <input name="username" value=${name} required minlength="3" maxlength="24" pattern="[A-Za-z0-9_\\-]+"
      placeholder="or a username" aria-label="invite by username" list="players-played"
      onInput=${(e) => setName(e.target.value)} />
    <button type="submit" class="small">invite</button>
    ${said && html` <span class="muted" data-testid=${"invited-" + seat}>${said}</span>`}</form>`;
}
