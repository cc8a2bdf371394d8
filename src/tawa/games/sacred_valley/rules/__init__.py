"""Sacred Valley's rules as functions over the state: ``legal`` lists the choices of the current decision and
``apply`` carries one out, then runs the pending steps up to the next decision (``tasks.advance``).

Topics: ``offers`` (what each decision offers, one predicate per rule), ``terrace`` (anchoring, Farmlands, HP),
``planting`` (SV-090–SV-187), ``market`` (Purchase items, hires, free seeds), ``abilities`` (free-window abilities,
Herder, extra actions), ``turns`` (turns, refills, Harvest, Work, the end), ``start`` (the crop choice and the rest
of the setup), ``tasks`` (the pending steps) and ``actions`` (the action space). ``common`` holds what they share;
``illegal.py`` explains a refusal from the same predicates.
"""
from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.sacred_valley.data import Tables
from tawa.games.sacred_valley.rules import abilities, market, planting, turns
from tawa.games.sacred_valley.rules.actions import LIVE, Key, action_table, live_text
from tawa.games.sacred_valley.rules.common import Events
from tawa.games.sacred_valley.rules.offers import OFFERS
from tawa.games.sacred_valley.rules.start import choose_crop
from tawa.games.sacred_valley.rules.tasks import advance
from tawa.games.sacred_valley.state import Exemption, How, Last, Meeple, SacredValleyState


def legal(s: SacredValleyState, tables: Tables, params: Params) -> list[Action]:
    """The legal actions of the active player, in the fixed order of the offers (spec §6.1)."""
    menu = action_table(tables, params, s.n)
    out: list[Action] = []
    for offer in OFFERS[s.mode]:
        if offer.gate(s, tables, params, menu) is None:
            out += offer.make(s, tables, params, menu)
    for i, a in enumerate(out):
        k: Key = a.data
        if k.verb in LIVE:
            out[i] = Action(a.id, live_text(s, tables, k) or a.text, k)
    return out


def apply(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, action: Action) -> list[Event]:
    """Carry out a legal action (one ``legal`` offered) and the steps that follow it; return its events."""
    ev: list[Event] = []
    if _carry_out(s, tables, params, rng, ev, action.data):
        advance(s, tables, params, ev)
    return ev


def _carry_out(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events, k: Key) -> bool:
    """One choice; True when the pending steps run next, False when it opened a decision or ended the turn."""
    v = k.verb
    if v == "crop":
        choose_crop(s, tables, params, rng, ev, k.crop)
        return False
    if v == "end_turn":
        turns.end_turn(s, tables, params, rng, ev)
        return False
    if v == "harvest":
        return turns.do_harvest(s, tables, params, ev)
    if v in ("buy", "buy_vine"):
        return market.buy_seed(s, tables, params, ev, k.which if v == "buy" else -1)
    if v == "extra":
        return abilities.use_extra(s, ev, k.which)
    if v == "herd":
        return abilities.herd(s, tables, ev, k.which, k.cell)
    if v == "plant":
        turns.begin_action(s, Last.PLANT)
        planting.start_planting(s, k.crop, k.cell, How.PLANT)
    elif v == "purchase":
        turns.begin_purchase(s, ev)
    elif v == "work":
        turns.do_work(s, params, ev)
    elif v == "hire":
        market.hire(s, tables, ev, k.which)
    elif v == "tech":
        market.buy_tech(s, tables, ev, k.crop)
    elif v == "end_purchase":
        turns.end_purchase(s)
    elif v == "weave":
        abilities.weave(s, params, ev, k.crop)
    elif v == "gray":
        abilities.gray_alpaca(s, tables, ev, k.cell)
    elif v == "clean":
        abilities.cleaner(s, tables, ev, k.cell, k.crop)
    elif v == "exempt":
        planting.choose_exemption(s, ev, Exemption(k.which))
    elif v == "partner":
        planting.choose_partner(s, tables, params, ev, k.which)
    elif v == "farmer":
        planting.choose_farmer(s, tables, k.which)
    elif v in ("take", "take_vine"):
        market.take_free(s, ev, k.which if v == "take" else -1)
    elif v == "discard":
        market.discard_seed(s, ev, k.crop)
    elif v == "sab":
        market.saboteur_plant(s, ev, k.cell)
    elif v == "keep":
        market.saboteur_keep(s)
    elif v == "dismiss":
        market.dismiss(s, ev, k.which)
    elif v in ("warrior", "tocricoc"):
        market.place_meeple(s, tables, ev, k.cell, Meeple.WARRIOR if v == "warrior" else Meeple.TOCRICOC)
    else:
        assert v == "stop_herd", k
        abilities.stop_herding(s)
    return True


__all__ = ["apply", "legal"]
