"""Sending the server's mail (issue 26): plain-text messages through the SMTP server of the settings
(``smtp_host`` …), with the standard library's ``smtplib`` and ``email``, in a thread of their own — never on the
event loop, and never in the way of a request or a move: a mail is queued and the caller goes on; a failing or slow
SMTP server is logged and the mail dropped (``Mailer.send`` never raises).

What is mailed, and to whom, is decided by ``tawa.web.mail_links`` (address verification, password reset) and
``tawa.web.turn_mail`` (turn alerts). The links in a mail start with ``Settings.public_url``, or else the base of
the request that made the mail (for turn alerts: the latest request answered, ``Mailer.seen``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import smtplib
import ssl
import threading
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from urllib.parse import urlsplit

from tawa.web.limits import LOOPBACK_NAMES, trusted_name
from tawa.web.settings import Settings

log = logging.getLogger("tawa.web.mail")
PORTS = {"starttls": 587, "ssl": 465, "none": 25}
QUEUE_MAX = 500  # mails waiting for the SMTP server at once; more are dropped (and logged)


class Mailer:
    """The server's mail: ``send`` queues one message for the mail thread."""

    def __init__(self, settings: Settings, hosts: frozenset[str] | None = frozenset()) -> None:
        self.settings = settings
        # the host names a link may carry when there is no public_url (``limits.allowed_hosts``; None: any): a
        # request's Host is the client's to choose, and an IP address is always answered, so a reset link made from
        # an address an attacker named would mail the token to the attacker's server
        self.hosts = hosts
        self.on = settings.mail_on
        # one daemon thread: a hung SMTP server never holds up the server's exit (an executor's threads would)
        self._jobs: queue.SimpleQueue[tuple[EmailMessage, asyncio.AbstractEventLoop, asyncio.Future[bool]] | None]
        self._jobs = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._pending: set[asyncio.Future[bool]] = set()
        self.seen: str | None = None  # the base URL of the latest request answered (links when no public_url)
        self.sent = 0  # mails the SMTP server took, since start
        self.failed = 0  # mails it did not (logged)

    @property
    def sender(self) -> str:
        st = self.settings
        if st.mail_from:
            return st.mail_from
        host = urlsplit(st.public_url).hostname if st.public_url else None
        return f"Tawa <tawa@{host or 'localhost'}>"

    def _trusted(self, base: str) -> bool:
        """Whether ``base`` names a trusted host: one of ``hosts``, or under a ``*.example.org`` of them (never an IP
        address that is not among them: a request names whatever address it likes)."""
        return trusted_name((urlsplit(base).hostname or "").lower(), self.hosts)

    def saw(self, base: str) -> None:
        """A request was answered under ``base``: the links of turn alerts start with it (a trusted host's only; a
        loopback name never replaces another name, so that one request to ``localhost`` cannot send every later
        alert's link there)."""
        if not self._trusted(base):
            return
        if self.seen is not None and _loopback(base) and not _loopback(self.seen):
            return
        self.seen = base

    def base(self, request_base: str | None = None) -> str:
        """The start of a link in a mail: ``public_url``, else the request's base, else the latest request's: of
        those, only one whose host is a trusted name (``trusted_hosts``, the loopback names, the address served on)."""
        if self.settings.public_url:
            return self.settings.public_url.rstrip("/")
        for base in (request_base, self.seen):
            if base and self._trusted(base):
                return base.rstrip("/")
        return "http://localhost"

    def message(self, to: str, subject: str, text: str) -> EmailMessage:
        msg = EmailMessage()
        msg["From"] = self.sender
        msg["To"] = to
        msg["Subject"] = subject
        msg["Date"] = formatdate(localtime=False)
        msg["Message-ID"] = make_msgid(domain=self.sender.rpartition("@")[2].rstrip(">") or "localhost")
        msg["Auto-Submitted"] = "auto-generated"
        msg.set_content(text)
        return msg

    def send(self, to: str, subject: str, text: str) -> asyncio.Future[bool] | None:
        """Queue a mail (None when mail is off, or too many wait). The future says whether the SMTP server took it;
        nobody needs to wait for it."""
        if not self.on:
            return None
        if len(self._pending) >= QUEUE_MAX:
            log.warning("mail to the SMTP server dropped: %d mails wait already", len(self._pending))
            self.failed += 1
            return None
        try:
            msg = self.message(to, subject, text)
        except (ValueError, TypeError) as e:  # an address or a subject the message cannot carry
            log.warning("mail not sent: %s", e)
            self.failed += 1
            return None
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[bool] = loop.create_future()
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="tawa-mail", daemon=True)
            self._thread.start()
        self._jobs.put((msg, loop, fut))
        self._pending.add(fut)
        fut.add_done_callback(self._pending.discard)
        return fut

    def _loop(self) -> None:
        while (job := self._jobs.get()) is not None:
            msg, loop, fut = job
            ok = self._deliver(msg)
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
                loop.call_soon_threadsafe(_settle, fut, ok)

    def _deliver(self, msg: EmailMessage) -> bool:
        st = self.settings
        assert st.smtp_host is not None
        port = st.smtp_port or PORTS[st.smtp_security]
        try:
            smtp: smtplib.SMTP
            if st.smtp_security == "ssl":
                tls = ssl.create_default_context()
                smtp = smtplib.SMTP_SSL(st.smtp_host, port, timeout=st.smtp_timeout, context=tls)
            else:
                smtp = smtplib.SMTP(st.smtp_host, port, timeout=st.smtp_timeout)
            with smtp:
                if st.smtp_security == "starttls":
                    smtp.starttls(context=ssl.create_default_context())
                if st.smtp_user:
                    smtp.login(st.smtp_user, st.smtp_password or "")
                smtp.send_message(msg)
        except (OSError, smtplib.SMTPException) as e:  # refused, timed out, TLS, login, recipient refused …
            self.failed += 1
            log.warning("mail %r to the SMTP server %s:%d failed: %s", msg["Subject"], st.smtp_host, port, e)
            return False
        self.sent += 1
        log.info("mail %r sent", msg["Subject"])
        return True

    async def close(self, wait: float = 5.0) -> None:
        """Let the queued mails go for up to ``wait`` seconds, then stop the mail thread."""
        if self._pending:
            await asyncio.wait(list(self._pending), timeout=wait)
        if self._pending:
            log.warning("%d mails not sent: the server stops while they wait for the SMTP server", len(self._pending))
        self._jobs.put(None)


def _settle(fut: asyncio.Future[bool], ok: bool) -> None:
    if not fut.done():
        fut.set_result(ok)


def _loopback(base: str) -> bool:
    return (urlsplit(base).hostname or "").lower() in LOOPBACK_NAMES
