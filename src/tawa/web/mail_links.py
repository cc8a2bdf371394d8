"""An account's e-mail address and the links mailed to it (issue 26): verification and password reset.

- An address is set with the account's password (a wrong one counts as a failed login, ``tawa.web.accounts``), and
  it is the account's only once the link mailed to it has been followed: until then it is *pending*, the account
  keeps its earlier verified address (if any), and nothing else is ever sent to it. Two accounts cannot verify the
  same address (``email_taken``, told only to whoever follows the link, i.e. holds the mailbox).
- A password reset is asked for with a username or a verified address. The answer is the same whether or not such
  an account (or address) exists, and comes at once: the look-up and the mail happen after it. The link mailed sets a
  new password; that logs every browser of the account out and this one in (the session generation moves on).
- A link's token (256 random bits) is in the link's fragment (``/reset#t=…``: no server log or ``Referer`` sees it);
  the database keeps only its SHA-256. It works once, until its expiry (``mail_verify_expiry``, ``mail_reset_expiry``);
  a password change voids the account's reset links (``storage.set_password``). Links are rate-limited per account,
  per username or address asked for, and per network address (``mail_requests_*``, ``rate_limited``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from sqlalchemy.exc import IntegrityError

from tawa.web.accounts import Accounts, Attempts, username_of
from tawa.web.auth import Guest, hash_token, new_token
from tawa.web.clock import now as clock_now
from tawa.web.mail import Mailer
from tawa.web.models import RESET, VERIFY
from tawa.web.refused import Refused
from tawa.web.storage import (
    AccountData,
    Conflict,
    MailToken,
    add_mail_token,
    set_email,
    set_mail_alerts,
    set_password,
    use_mail_token,
)

log = logging.getLogger("tawa.web.mail")
FORGOT = "if that account has a verified e-mail address, a link to set a new password is on its way to it"
BAD_LINK = "this link is wrong, was used already or is out of date; ask for a new one"


def _hours(seconds: float) -> str:
    if seconds >= 7200:
        return f"{seconds / 3600:g} hours"
    return f"{round(seconds / 60)} minutes"


class MailLinks:
    """E-mail addresses, their verification and password resets, over the accounts."""

    def __init__(self, accounts: Accounts, mailer: Mailer) -> None:
        self.accounts = accounts
        self.svc = accounts.svc
        self.mailer = mailer
        st = self.svc.settings
        self.by_key = Attempts(st.mail_requests_max, st.mail_window)
        self.by_address = Attempts(st.mail_requests_per_address, st.mail_window)
        self._tasks: set[asyncio.Task[None]] = set()

    def _on(self) -> None:
        if not self.mailer.on:
            raise Refused("no_mail", "this server sends no e-mail (it has no SMTP server set)")

    def _limit(self, address: str, *keys: str) -> None:
        """Count one link asked for from ``address`` for each of ``keys`` (an account, a name or an address asked
        for); ``rate_limited`` beyond the settings, and then nothing is counted."""
        if self.by_address.take(address) is not None:
            raise Refused("rate_limited", "too many e-mail links asked for from this network; try again later")
        for i, key in enumerate(keys):
            if self.by_key.take(key) is not None:
                self.by_address.give_back(address)
                for taken in keys[:i]:
                    self.by_key.give_back(taken)
                what = "this address" if key.startswith("m:") else "this account"
                raise Refused("rate_limited", f"too many e-mail links asked for {what}; try again later")

    async def state(self, guest: Guest | None) -> dict[str, Any]:
        """``MailOut``: whether mail is on, and the account's own address, pending address and alert switch."""
        out: dict[str, Any] = {"on": self.mailer.on, "address": None, "pending": None, "alerts": True}
        if guest is None or guest.username is None or not self.mailer.on:
            return out
        account = await self.svc.read(self.svc.store.account, guest.id)
        if account is None:
            return out
        pending = await self.svc.read(self.svc.store.pending_email, guest.id, clock_now())
        out.update(address=account.email, pending=pending, alerts=account.mail_alerts)
        return out

    async def set_address(
        self, guest: Guest | None, address: str | None, password: str, network: str, base: str
    ) -> dict[str, Any]:
        """A new address to verify (a link is mailed to it), or none (``address`` None: the verified one and any
        pending one go). The account's password first."""
        self._on()
        account = await self.accounts.confirm(guest, password, network)
        if address is None:
            await self.svc.write(set_email, account.guest_id, None)
            return await self.state(guest)
        if account.email is not None and account.email.lower() == address.lower():
            return await self.state(guest)  # verified already
        # per account and per address mailed: many accounts cannot fill one stranger's inbox
        self._limit(network, f"v:{account.guest_id}", f"m:{address.lower()}")
        token, now = new_token(), clock_now()
        expiry = self.svc.settings.mail_verify_expiry
        made = MailToken(hash_token(token), account.guest_id, VERIFY, address, now, now + expiry)
        await self.svc.write(add_mail_token, made, True)
        link = f"{self.mailer.base(base)}/verify-email#t={token}"
        self.mailer.send(
            address,
            "Tawa: confirm your e-mail address",
            f"Hello {account.username},\n\nto use this address for your Tawa account {account.username} (password "
            f"resets, and turn alerts if you want them), open this link within {_hours(expiry)}:\n\n{link}\n\n"
            "If you did not ask for this, ignore this mail: nothing will be sent here again.\n",
        )
        return await self.state(guest)

    async def set_alerts(self, guest: Guest | None, on: bool) -> dict[str, Any]:
        self._on()
        username_of(guest)
        assert guest is not None
        await self.svc.write(set_mail_alerts, guest.id, on)
        return await self.state(guest)

    async def _link(self, token: str, kind: str) -> MailToken:
        found = await self.svc.read(self.svc.store.mail_token, hash_token(token))
        if found is None or found.kind != kind or found.expires_at <= clock_now():
            raise Refused("bad_link", BAD_LINK)
        return found

    async def verify(self, token: str) -> str:
        """Follow a verification link: its address becomes its account's. Returns the address."""
        self._on()
        link = await self._link(token, VERIFY)
        assert link.email is not None
        try:
            await self.svc.write(use_mail_token, link, clock_now(), set_email, link.guest_id, link.email)
        except Conflict:
            raise Refused("bad_link", BAD_LINK) from None
        except IntegrityError:
            raise Refused("email_taken", "another account has verified this address already") from None
        return link.email

    async def forgot(self, who: str, network: str, base: str) -> str:
        """Ask for a password reset link for a username or an address: the answer (``FORGOT``) is the same whether
        or not there is such an account; the look-up and the mail happen after it."""
        self._on()
        self._limit(network, f"w:{who.strip().lower()}")
        task = asyncio.get_running_loop().create_task(self._reset_mail(who.strip(), base))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return FORGOT

    async def _reset_mail(self, who: str, base: str) -> None:
        try:
            store = self.svc.store
            account: AccountData | None = await self.svc.read(
                store.account_by_email if "@" in who else store.account_named, who
            )
            if account is None or account.email is None:
                return
            if self.by_key.take(f"r:{account.guest_id}") is not None:
                return  # this account's reset links are limited too, whatever it was asked for by
            token, now = new_token(), clock_now()
            expiry = self.svc.settings.mail_reset_expiry
            await self.svc.write(
                add_mail_token, MailToken(hash_token(token), account.guest_id, RESET, None, now, now + expiry), False
            )
            link = f"{self.mailer.base(base)}/reset#t={token}"
            self.mailer.send(
                account.email,
                "Tawa: set a new password",
                f"Hello {account.username},\n\nsomebody (you, we hope) asked to set a new password for your Tawa "
                f"account {account.username}. Open this link within {_hours(expiry)} to choose it (it works once):"
                f"\n\n{link}\n\nSetting it logs you out everywhere else. If you did not ask for this, ignore this "
                "mail: your password stays as it is.\n",
            )
        except Exception:  # the request was answered already; the log says what went wrong
            log.exception("a password reset mail could not be made")

    async def reset(self, token: str, new_password: str) -> Guest:
        """Follow a reset link: the new password is set, every session of the account is void; returns the player
        with the new session (this browser's cookie)."""
        self._on()
        link = await self._link(token, RESET)
        hashed = await self.accounts.passwords.hash(new_password)
        try:
            await self.svc.write(use_mail_token, link, clock_now(), set_password, link.guest_id, hashed, True)
        except Conflict:
            raise Refused("bad_link", BAD_LINK) from None
        return await self.accounts.reread(link.guest_id)

    async def close(self) -> None:
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
