"""Accounts (issue 26): a registered player is a guest id with a username and a password.

- The password is hashed with argon2id by argon2-cffi's ``PasswordHasher`` (its RFC 9106 parameters), in threads
  of its own (``HASH_THREADS``), never on the event loop; only the encoded hash is stored. A login for a username
  nobody has still runs one verification (against a hash made at the first such login), so the answer takes as long
  as for a wrong password, and both are answered alike (``bad_login``).
- An account's cookie is the guest cookie plus ``"s"``, the account's session generation; every request checks it
  against the database (``identify``): logging out everywhere or changing the password moves the generation on, and
  every cookie made before is void. A plain guest cookie naming a guest id that has an account is void too (the
  account's owner holds the id now).
- Failed logins are counted in memory (one server process serves a database) per username and per network address
  over ``login_window`` seconds; registrations count for the address too. An attempt is counted before its password
  is checked, so a burst of parallel attempts cannot slip past the count; a successful one is taken off again.
"""

from __future__ import annotations

import asyncio
import collections
import time
from concurrent.futures import ThreadPoolExecutor

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy.exc import IntegrityError

from tawa.web.auth import Guest, Keys, new_guest
from tawa.web.clock import now as clock_now
from tawa.web.refused import Refused
from tawa.web.service import TableService
from tawa.web.storage import AccountData, create_account, new_session, rename_account, set_password

HASH_THREADS = 2  # argon2 hashes computed at once (each takes 64 MiB and a fraction of a second)
BAD_LOGIN = "the username or the password is wrong"


class Passwords:
    """argon2id hashes, computed in threads of their own."""

    def __init__(self) -> None:
        self._hasher = PasswordHasher()
        self._pool = ThreadPoolExecutor(max_workers=HASH_THREADS, thread_name_prefix="tawa-argon2")
        self._dummy: str | None = None

    async def hash(self, password: str) -> str:
        return await asyncio.get_running_loop().run_in_executor(self._pool, self._hasher.hash, password)

    async def check(self, stored: str | None, password: str) -> tuple[bool, bool]:
        """Whether ``password`` is the one ``stored`` was made from, and whether that hash should be made anew (the
        hasher's parameters changed since). ``stored`` None: a username nobody has; the answer is no, after as long
        as a real check takes."""
        if stored is None:
            if self._dummy is None:
                self._dummy = await self.hash("not anybody's password")
            await asyncio.get_running_loop().run_in_executor(self._pool, self._verify, self._dummy, password)
            return False, False
        ok = await asyncio.get_running_loop().run_in_executor(self._pool, self._verify, stored, password)
        return ok, ok and self._hasher.check_needs_rehash(stored)

    def _verify(self, stored: str, password: str) -> bool:
        try:
            return self._hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False

    def close(self) -> None:
        self._pool.shutdown(wait=True)


class Attempts:
    """Attempts per key (a username, an address) over a sliding window of ``window`` seconds, at most ``most``."""

    def __init__(self, most: int, window: float, keep: int = 100_000) -> None:
        self.most, self.window, self.keep = most, window, keep
        self._seen: dict[str, collections.deque[float]] = {}

    def take(self, key: str) -> float | None:
        """Count one attempt for ``key``; None when it may go on, else the seconds until one may (not counted)."""
        at = time.monotonic()
        seen = self._seen.setdefault(key, collections.deque())
        while seen and seen[0] <= at - self.window:
            seen.popleft()
        if len(seen) >= self.most:
            return seen[0] + self.window - at
        seen.append(at)
        if len(self._seen) > self.keep:
            self._sweep(at)
        return None

    def give_back(self, key: str) -> None:
        """Take the latest attempt of ``key`` off again (it succeeded)."""
        seen = self._seen.get(key)
        if seen:
            seen.pop()

    def _sweep(self, at: float) -> None:
        for key in [k for k, seen in self._seen.items() if not seen or seen[-1] <= at - self.window]:
            del self._seen[key]


def _wait(seconds: float) -> str:
    minutes = max(1, round(seconds / 60))
    return f"{minutes} minute{'s' if minutes > 1 else ''}"


class Accounts:
    """Registering, logging in, sessions and passwords over the table service's database."""

    def __init__(self, svc: TableService) -> None:
        self.svc = svc
        st = svc.settings
        self.passwords = Passwords()
        self.by_username = Attempts(st.login_attempts_max, st.login_window)
        self.by_address = Attempts(st.login_attempts_per_address, st.login_window)

    def close(self) -> None:
        self.passwords.close()

    async def identify(self, keys: Keys, cookie: str | None) -> Guest | None:
        """Who holds ``cookie``: a plain guest, a registered player whose session is current (their name and username
        from the database), or nobody (no cookie, a bad signature, a revoked session)."""
        guest = keys.read_guest(cookie)
        if guest is None:
            return None
        account = await self.svc.read(self.svc.store.account, guest.id)
        if account is None:
            return guest if guest.session is None else None
        if guest.session != account.session:
            return None
        return _player(account)

    def _count(self, address: str, username: str | None) -> None:
        """Count an attempt from ``address`` (and for ``username``); ``rate_limited`` when there were too many."""
        wait = self.by_address.take(address)
        if wait is not None:
            raise Refused("rate_limited", f"too many login attempts from this network; try again in {_wait(wait)}")
        if username is not None:
            wait = self.by_username.take(username.lower())
            if wait is not None:
                self.by_address.give_back(address)
                raise Refused("rate_limited", f"too many failed logins for this username; try again in {_wait(wait)}")

    async def register(self, guest: Guest | None, username: str, password: str, address: str) -> Guest:
        """A new account for ``guest`` (keeping its id: its seats and tables stay its own) or for a new guest id."""
        if guest is not None and guest.username is not None:
            raise Refused("registered", f"you are logged in as {guest.username}; log out to register another account")
        self._count(address, None)
        store = self.svc.store
        if await self.svc.read(store.account_named, username) is not None:
            raise Refused("username_taken", f"the username {username} is taken")
        made = AccountData(
            guest_id=guest.id if guest is not None else new_guest(username).id,
            username=username,
            name=username,
            password_hash=await self.passwords.hash(password),
            session=1,
            created_at=clock_now(),
        )
        try:
            await self.svc.write(create_account, made)
        except IntegrityError:
            if await self.svc.read(store.account_named, username) is not None:
                raise Refused("username_taken", f"the username {username} is taken") from None
            raise Refused("registered", "this guest has an account already; log in") from None
        return _player(made)

    async def login(self, username: str, password: str, address: str) -> Guest:
        self._count(address, username)
        account = await self.svc.read(self.svc.store.account_named, username)
        ok, rehash = await self.passwords.check(account.password_hash if account else None, password)
        if account is None or not ok:
            raise Refused("bad_login", BAD_LOGIN)
        self.by_username.give_back(username.lower())
        self.by_address.give_back(address)
        if rehash:
            await self.svc.write(set_password, account.guest_id, await self.passwords.hash(password), False)
        return _player(account)

    async def change_password(self, guest: Guest | None, old: str, new: str, address: str) -> Guest:
        """A new password; every other browser of the account is logged out (the session moves on), this one gets
        the new session's cookie."""
        username = username_of(guest)
        assert guest is not None
        self._count(address, username)
        account = await self.svc.read(self.svc.store.account, guest.id)
        ok, _ = await self.passwords.check(account.password_hash if account else None, old)
        if account is None or not ok:
            raise Refused("bad_login", "the old password is wrong")
        self.by_username.give_back(username.lower())
        self.by_address.give_back(address)
        await self.svc.write(set_password, guest.id, await self.passwords.hash(new), True)
        return await self.reread(guest.id)

    async def confirm(self, guest: Guest | None, password: str, address: str) -> AccountData:
        """The account of ``guest`` when ``password`` is its password (``bad_login`` when not, counted as a failed
        login; ``no_account`` for a guest without one): what a change of its e-mail address asks first."""
        username = username_of(guest)
        assert guest is not None
        self._count(address, username)
        account = await self.svc.read(self.svc.store.account, guest.id)
        ok, _ = await self.passwords.check(account.password_hash if account else None, password)
        if account is None or not ok:
            raise Refused("bad_login", "the password is wrong")
        self.by_username.give_back(username.lower())
        self.by_address.give_back(address)
        return account

    async def logout_everywhere(self, guest: Guest | None) -> None:
        username_of(guest)
        assert guest is not None
        await self.svc.write(new_session, guest.id)

    async def rename(self, guest: Guest, name: str) -> Guest:
        """A registered player's new display name (kept in the database, so every browser of theirs shows it)."""
        await self.svc.write(rename_account, guest.id, name)
        return await self.reread(guest.id)

    async def reread(self, guest_id: str) -> Guest:
        account = await self.svc.read(self.svc.store.account, guest_id)
        if account is None:  # nothing deletes accounts; a database changed by hand
            raise Refused("no_account", "that account is gone")
        return _player(account)


def _player(account: AccountData) -> Guest:
    return Guest(account.guest_id, account.name, account.username, account.session)


def username_of(guest: Guest | None) -> str:
    if guest is None or guest.username is None:
        raise Refused("no_account", "log in first: that needs an account (register one: POST /api/register)")
    return guest.username
