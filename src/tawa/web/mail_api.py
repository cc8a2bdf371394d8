"""The e-mail routes (``tawa.web.mail_links`` does the work): my address and its verification, turn alerts on or
off, "forgot password" and the reset link's new password. Without an SMTP server (``smtp_host``) every route but
``GET /api/mail`` answers ``no_mail``. The pages the mailed links open (``/verify-email``, ``/reset``) are here too.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from tawa.web.api import ERRORS, MaybeGuest, base_url, me_out, set_guest_cookie, shell_page
from tawa.web.limits import client_address
from tawa.web.mail_links import MailLinks
from tawa.web.protocol import (
    ForgotIn,
    ForgotOut,
    MailAddressIn,
    MailAlertsIn,
    MailOut,
    MailTokenIn,
    MailVerifiedOut,
    MeOut,
    ResetIn,
)

router = APIRouter(prefix="/api", responses=ERRORS)
pages = APIRouter(include_in_schema=False)


def links(request: Request) -> MailLinks:
    return request.app.state.mail_links  # type: ignore[no-any-return]


@router.get("/mail", response_model=MailOut)
async def mail_state(request: Request, guest: MaybeGuest) -> dict[str, Any]:
    """Whether this server sends mail, and (for a registered player) my verified address, the address waiting for
    its verification and my turn alerts' switch. Nobody else's address is shown anywhere."""
    return await links(request).state(guest)


@router.post("/mail/address", response_model=MailOut)
async def mail_address(body: MailAddressIn, request: Request, guest: MaybeGuest) -> dict[str, Any]:
    """Set my address (with my password: a wrong one counts as a failed login): a link that verifies it is mailed to
    it, and my verified address (if any) stays until that link is followed. ``address`` null: no address at all."""
    return await links(request).set_address(
        guest, body.address, body.password, client_address(request.scope), base_url(request)
    )


@router.post("/mail/verify", response_model=MailVerifiedOut)
async def mail_verify(body: MailTokenIn, request: Request) -> dict[str, Any]:
    """Follow a verification link (its token, from the link's ``#t=``): the address becomes its account's
    (``bad_link`` when used, out of date or wrong; ``email_taken`` when another account verified it first)."""
    return {"address": await links(request).verify(body.token)}


@router.post("/mail/alerts", response_model=MailOut)
async def mail_alerts(body: MailAlertsIn, request: Request, guest: MaybeGuest) -> dict[str, Any]:
    """Turn alerts by mail on or off (on by default, once an address is verified)."""
    return await links(request).set_alerts(guest, body.on)


@router.post("/password/forgot", response_model=ForgotOut)
async def forgot(body: ForgotIn, request: Request) -> dict[str, Any]:
    """Ask for a link that sets a new password, by username or e-mail address. The answer is the same whether or
    not such an account exists or has a verified address (the mail goes only to a verified one); asking is limited
    per network address and per account (``rate_limited``)."""
    message = await links(request).forgot(body.who, client_address(request.scope), base_url(request))
    return {"message": message}


@router.post("/password/reset", response_model=MeOut)
async def reset(body: ResetIn, request: Request, response: Response) -> dict[str, Any]:
    """Follow a reset link: set the new password. Every browser of the account is logged out, and this one logged
    in (its cookie). The link works once (``bad_link`` after)."""
    who = await links(request).reset(body.token, body.new)
    set_guest_cookie(request, response, who)
    return me_out(who)


@pages.get("/verify-email")
def verify_page(request: Request) -> Response:
    return shell_page(request, "verify")


@pages.get("/reset")
def reset_page(request: Request) -> Response:
    return shell_page(request, "reset")
