"""Who is who: guests (a display name in a signed cookie), seat tokens and invite codes.

- A guest is ``{"id", "name"}`` signed with the server's secret (itsdangerous). A registered player is a guest id
  with an account (``tawa.web.accounts``): their cookie also carries ``"s"``, the account's session generation,
  checked against the database on every request (so a session can be revoked).
- A seat token is a long random secret given once to whoever takes a seat. Only its SHA-256 is stored;
  checks use ``hmac.compare_digest``, and a token only ever acts for the seat it was issued for.
- An invite code is an HMAC of (table, seat) under the server's secret: nothing to store, and the table's
  creator can be shown the links again at any time.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from itsdangerous import BadSignature, URLSafeSerializer

COOKIE = "tawa_guest"
NAME_MAX = 40


@dataclass(frozen=True)
class Guest:
    """Whoever holds a cookie: ``username`` and ``session`` are set for a registered player (``session``: the
    generation their cookie carries)."""

    id: str
    name: str
    username: str | None = None
    session: int | None = None


class BadName(ValueError):
    """A display name we cannot use."""


def clean_name(raw: str) -> str:
    """A display name: trimmed, 1 to 40 characters, no control characters. It is shown escaped everywhere;
    this only keeps it readable."""
    name = " ".join(str(raw).split())
    if not name:
        raise BadName("a display name cannot be empty")
    if len(name) > NAME_MAX:
        raise BadName(f"a display name has at most {NAME_MAX} characters")
    if INVISIBLE.search(name):
        raise BadName("a display name cannot contain control characters (nor invisible or direction marks)")
    return name


# what a display name may not hold: control characters (C0, C1) and the invisible and direction-changing marks
# that would let a name pass for another (zero-width, bidi controls, BOM), as the REST schema says
# (``tawa.web.protocol.NAME_PATTERN``); and lone surrogates (JSON can write one; no text can hold it)
INVISIBLE_CHARS = r"\x00-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff"
INVISIBLE = re.compile(f"[{INVISIBLE_CHARS}\\ud800-\\udfff]")


class Keys:
    """Everything signed or derived from the server's secret. ``secret`` is one key, or several (newest first):
    the first signs cookies and makes invite codes, every one still verifies them (key rotation)."""

    def __init__(self, secret: str | list[str]) -> None:
        keys = [secret] if isinstance(secret, str) else list(secret)
        if not keys or not all(keys):
            raise ValueError("the signing secret needs at least one non-empty key")
        self._secret = keys[0].encode()
        self._all = [k.encode() for k in keys]
        # itsdangerous signs with the last key of its list and verifies with any
        self._cookie = URLSafeSerializer(list(reversed(keys)), salt="tawa-guest")

    def guest_cookie(self, guest: Guest) -> str:
        data: dict[str, object] = {"id": guest.id, "name": guest.name}
        if guest.session is not None:
            data["s"] = guest.session
        return self._cookie.dumps(data)

    def read_guest(self, cookie: str | None) -> Guest | None:
        """What the cookie says, if its signature holds; an account's cookie (with ``"s"``) still has to be checked
        against the database (``tawa.web.accounts.identify``)."""
        if not cookie:
            return None
        try:
            data = self._cookie.loads(cookie)
            session = data.get("s")
            if session is not None and (not isinstance(session, int) or isinstance(session, bool)):
                return None
            return Guest(str(data["id"]), clean_name(data["name"]), session=session)
        except (BadSignature, KeyError, TypeError, AttributeError, BadName):
            return None

    def invite_code(self, table_id: str, seat: int, key: bytes | None = None) -> str:
        mac = hmac.new(key or self._secret, f"invite:{table_id}:{seat}".encode(), hashlib.sha256).hexdigest()
        return mac[:24]

    def check_invite(self, table_id: str, seat: int, code: str) -> bool:
        """Whether ``code`` opens the seat, under the current key or an older one still listed."""
        found = False
        for key in self._all:
            found |= hmac.compare_digest(self.invite_code(table_id, seat, key), str(code))
        return found


def new_guest(name: str) -> Guest:
    return Guest(secrets.token_hex(12), clean_name(name))


def new_token() -> str:
    """A seat token: 256 random bits."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    if not token or not stored_hash:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)
