"""The accounts' REST routes (``tawa.web.accounts`` does the work): register, log in, log out (here or everywhere),
change the password. Each answers ``{"name", "username"}``, as ``GET /api/me`` does, and sets or clears the cookie.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from tawa.web.api import ERRORS, MaybeGuest, accounts, me_out, set_guest_cookie
from tawa.web.auth import COOKIE
from tawa.web.limits import client_address
from tawa.web.protocol import LoginIn, MeOut, PasswordIn, RegisterIn

router = APIRouter(prefix="/api", responses=ERRORS)


@router.post("/register", response_model=MeOut)
async def register(body: RegisterIn, request: Request, response: Response, guest: MaybeGuest) -> dict[str, Any]:
    """A new account. A guest who registers keeps their guest id (their seats, tables and games stay theirs); the
    display name becomes the username (rename it with ``POST /api/me``). Usernames: 3 to 24 letters, digits, ``_``
    and ``-``, unique whatever their case; passwords: 8 to 200 characters."""
    who = await accounts(request).register(guest, body.username, body.password, client_address(request.scope))
    set_guest_cookie(request, response, who)
    return me_out(who)


@router.post("/login", response_model=MeOut)
async def login(body: LoginIn, request: Request, response: Response) -> dict[str, Any]:
    """Log in: this browser becomes the account's guest id (the same tables as on every other browser of the
    account). A wrong username or password is answered alike (``bad_login``); failed attempts are limited per
    username and per network address (``rate_limited``)."""
    who = await accounts(request).login(body.username, body.password, client_address(request.scope))
    set_guest_cookie(request, response, who)
    return me_out(who)


def _clear(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, httponly=True, samesite="lax", secure=request.app.state.settings.cookie_secure)


@router.post("/logout", response_model=MeOut)
def logout(request: Request, response: Response) -> dict[str, Any]:
    """Forget the cookie in this browser (the account's other browsers stay logged in)."""
    _clear(request, response)
    return me_out(None)


@router.post("/logout-everywhere", response_model=MeOut)
async def logout_everywhere(request: Request, response: Response, guest: MaybeGuest) -> dict[str, Any]:
    """Log the account out in every browser, this one too: every cookie made for it before is void."""
    await accounts(request).logout_everywhere(guest)
    _clear(request, response)
    return me_out(None)


@router.post("/password", response_model=MeOut)
async def change_password(body: PasswordIn, request: Request, response: Response, guest: MaybeGuest) -> dict[str, Any]:
    """A new password (the old one first: a wrong one counts as a failed login). Every other browser of the account
    is logged out; this one gets a new cookie."""
    who = await accounts(request).change_password(guest, body.old, body.new, client_address(request.scope))
    set_guest_cookie(request, response, who)
    return me_out(who)
