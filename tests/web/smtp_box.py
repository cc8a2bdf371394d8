"""A real SMTP server for the tests (aiosmtpd's ``Controller``, on 127.0.0.1 and a free port, in a thread): the
server under test sends its mail there (``Mailbox.env``: the settings that point it there) and the test reads what
arrived (``Mailbox.wait``)."""

from __future__ import annotations

import email
import email.policy
import re
import threading
import time
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller
from harness import free_port


@dataclass(frozen=True)
class Mail:
    to: list[str]
    subject: str
    text: str
    message: EmailMessage

    def link(self) -> str:
        """The one http link of the mail."""
        found = re.findall(r"https?://\S+", self.text)
        assert len(found) == 1, self.text
        return found[0]

    def token(self) -> str:
        """The token of the mail's link (its ``#t=``)."""
        return self.link().split("#t=", 1)[1]


class Mailbox:
    """Every mail the SMTP server took, in order."""

    def __init__(self) -> None:
        self.mails: list[Mail] = []
        self._lock = threading.Lock()
        self.port = free_port()
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)

    @property
    def env(self) -> dict[str, str]:
        return {
            "TAWA_SMTP_HOST": "127.0.0.1",
            "TAWA_SMTP_PORT": str(self.port),
            "TAWA_SMTP_SECURITY": "none",
            "TAWA_MAIL_FROM": "Tawa test <tawa@test.invalid>",
        }

    async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
        msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        body = msg.get_body(("plain",))
        text = body.get_content() if body is not None else ""
        with self._lock:
            self.mails.append(Mail(list(envelope.rcpt_tos), str(msg["Subject"]), text, msg))
        return "250 OK"

    def start(self) -> Mailbox:
        self._controller.start()
        return self

    def stop(self) -> None:
        self._controller.stop()

    def to(self, address: str) -> list[Mail]:
        with self._lock:
            return [m for m in self.mails if address in m.to]

    def wait(self, address: str, count: int = 1, timeout: float = 30) -> list[Mail]:
        """The mails to ``address`` once there are ``count`` of them (``AssertionError`` after ``timeout``)."""
        deadline = time.monotonic() + timeout
        while True:
            got = self.to(address)
            if len(got) >= count:
                return got
            assert time.monotonic() < deadline, f"{len(got)} mails to {address}, not {count}, after {timeout}s"
            time.sleep(0.05)
