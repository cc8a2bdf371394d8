"""The P'achakuna game class: the Tawa engine hooks over the rule functions."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tawa import Action, Event, Game, GameInfo, IllegalAction, Rng, register
from tawa.core.params import Params
from tawa.games.pachakuna import rules, strategy
from tawa.games.pachakuna.board import CELLS, TILE_CELLS, Tables, cell_name, parse_cell, tables
from tawa.games.pachakuna.data import ALL_PIECES, AUTOMATION_TURN_CAP, COLOURS, PARAMS
from tawa.games.pachakuna.observe import observation
from tawa.games.pachakuna.playout import progress_weights
from tawa.games.pachakuna.render import render
from tawa.games.pachakuna.state import (
    MOVE,
    MOVED,
    OVER,
    PAY_ROTATION,
    ROTATE_FREE,
    ROTATE_PAID,
    TRADE,
    PKState,
)

HELP = {
    "rotate": "PK-130..PK-140: the first rotation of a turn is free, each further one costs 2 pieces; a tile with a "
              "llama or a rock cannot turn; each tile turns at most once; rocks go on the rotated tiles when the "
              "rotate step ends and protect them during the opponent's next turn.",
    "end": "PK-140/141 ends the rotate step (rocks on exactly this turn's rotated tiles), or PK-270 ends the trade "
           "step: villages that sold draw new demands and llamas that sold or were bought are loaded.",
    "pay": "PK-134/231/253: pay one piece of any colour (brown included) from your supply.",
    "move": "PK-060..PK-066, PK-161: White llamas follow valleys, Black llamas mountains, as far as the path goes; "
            "a village ends the move.",
    "stay": "PK-164: a llama on a village may rest there.",
    "sell": "PK-200..PK-209: upper flag +2, lower flag +1, neither 0 pieces of the sold colour; the demand is "
            "discarded and the llama is loaded with the village colour at refill.",
    "buy": "PK-230..PK-236: pay 4 pieces; the new llama stands empty on this village and is loaded at refill.",
}


@register
class PachakunaGame(Game):
    info = GameInfo(
        id="pachakuna",
        name="P'achakuna",
        players=(2,),
        params=PARAMS,
        spec="pachakuna.md",
        summary="Rotate hex tiles to open valley and mountain paths, deliver dyes between 7 villages; first to "
                "hold all 7 colours wins.",
        rule_prefix="PK",
        automation_options={"TURN_CAP": AUTOMATION_TURN_CAP},
    )
    state: PKState

    # ------------------------------------------------------------------ setup
    @property
    def tables(self) -> Tables:
        return tables(self.params)

    def _setup(self) -> None:
        self.state = PKState()
        self.log.extend(rules.setup(self.state, self.tables, self.params, self.rng))

    # ------------------------------------------------------------------ flow
    @property
    def current_player(self) -> int | None:
        return None if self.state.step == OVER else self.state.active

    @property
    def is_over(self) -> bool:
        return self.state.step == OVER

    def _legal_actions(self) -> list[Action]:
        return rules.legal(self.state, self.tables, self.params)

    def _apply(self, action: Action) -> list[Event]:
        return rules.apply(self.state, self.tables, self.params, self.rng, action.data)

    @property
    def capped(self) -> bool:
        return self.state.draw

    # ------------------------------------------------------------------ results (PK-307)
    def scores(self) -> list[float]:
        """Over: 1 for the winner, 0 for the loser, 0.5 each for a capped draw. During play: the number of
        the 7 colours each seat holds (a progress measure, not a rule)."""
        s = self.state
        if s.winner >= 0:
            return [1.0 if seat == s.winner else 0.0 for seat in (0, 1)]
        if s.draw:
            return [0.5, 0.5]
        return [float(sum(1 for c in range(7) if s.supply[seat][c])) for seat in (0, 1)]

    def ranking(self) -> list[int]:
        sc = self.scores()
        return [1 + sum(1 for o in sc if o > mine) for mine in sc]

    # ------------------------------------------------------------------ information
    def _observation(self, seat: int | None) -> dict[str, Any]:
        return observation(self.state, self.tables, self.params, seat)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """PK-341/345: the only hidden thing is the order of future draws. The bag is an unordered set and every
        draw is taken from ``self.rng`` when it happens, which ``determinize`` has already reseeded: that is the
        reshuffle of the bag. Nothing else to resample."""

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> PKState:
        return PKState.from_dict(data)

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        t = tables(params)
        ids = [f"rotate {cell_name(c)} o{o}" for c in TILE_CELLS for o in range(6)]
        ids += ["end rotate", "end trade"]
        ids += [f"pay {p}" for p in ALL_PIECES]
        for slot in range(3):
            for c in range(len(CELLS)):
                ids.append(f"move llama{slot} {cell_name(c)}")
                if t.multi and t.village_at[c] < 0:
                    ids += [f"move llama{slot} {cell_name(c)} r{rg}" for rg in range(6)]
            ids += [f"stay llama{slot}", f"sell llama{slot}"]
        ids += [f"buy at {c}" for c in COLOURS]
        return ids

    # ------------------------------------------------------------------ display
    def _render_parts(self, seat: int | None, width: int | None) -> list[tuple[str, str]]:
        return [("table", render(self.state, self.tables, self.params, seat))]

    def help_text(self, action: Action) -> str:
        word = action.id.split()[0]
        text = f"{action.text}\n{HELP.get(word, '')}".strip()
        warning = self.rotation_warning(action)
        return f"{text}\n{warning}" if warning else text

    def rotation_warning(self, action: Action | str) -> str | None:
        """PK-325: a warning (the rotation stays legal) when this rotation leaves one of the player's own
        llamas with no reachable cell."""
        a = action if isinstance(action, Action) else next((x for x in self.legal_actions() if x.id == action), None)
        if a is None or not a.data or a.data[0] != "rotate":
            return None
        stuck = rules.stranded_llamas(self.state, self.tables, a.data[1], a.data[2])
        if not stuck:
            return None
        names = ", ".join(f"llama{k % 3}" for k in stuck)
        return f"Warning: after this rotation your {names} cannot move anywhere (PK-325)."

    # ------------------------------------------------------------------ errors
    def _explain(self, action_id: str) -> IllegalAction | None:
        s = self.state
        words = action_id.split()
        verb = words[0] if words else ""

        def err(text: str, rule: str) -> IllegalAction:
            return IllegalAction(text, rule=rule, action=action_id)

        if s.step == OVER:
            return err("the game is over: nothing more is played", "PK-306")
        if s.paying and verb != "pay":  # PK-132 a further rotation costs 2 pieces, PK-230 a llama 4
            rule = "PK-132" if s.paying == PAY_ROTATION else "PK-230"
            return err(f"finish paying for the {s.paying} first ({s.pay_need} more pieces)", rule)
        if verb == "pay":
            if not s.paying:
                return err("nothing to pay for now", "PK-324")
            return err("you can only pay with pieces you hold", "PK-254")
        if verb == "rotate" and len(words) == 3:
            cell = parse_cell(words[1])
            if s.step not in (ROTATE_FREE, ROTATE_PAID):
                return err("tiles are rotated only in the rotate step", "PK-144")
            if cell is None:
                return err(f"no cell {words[1]}", "PK-030")
            if s.types[cell] == "":
                return err("villages never rotate", "PK-040")
            if cell in s.pos:
                return err("a tile with a llama on it cannot be rotated", "PK-138")
            if cell in s.rocks:
                return err("a tile with a rock cannot be rotated this turn", "PK-139")
            if cell in s.rotated:
                return err("each tile may be rotated at most once per turn", "PK-135")
            if not words[2].startswith("o") or words[2][1:] not in {str(o) for o in range(6)}:
                return err("orientation must be 0-5", "PK-047")
            if not rules.can_rotate_more(s, self.params):
                return err("no more rotations this turn (MAX_ROTATIONS)", "PK-007")
            if s.step == ROTATE_PAID and rules.holds(s, s.active) < self.params.ROTATION_COST:
                return err("a further rotation costs 2 pieces you do not hold", "PK-132")
            rule = "PK-131" if s.step == ROTATE_FREE else "PK-137"
            return err("that rotation keeps the orientation, which is not allowed here", rule)
        if verb in ("move", "stay"):
            if s.step != MOVE:
                k = self._llama_named(words)
                if k >= 0 and s.bought[k]:
                    return err("a llama bought this turn does not move in this turn", "PK-168")
                return err("llamas move only in the move step", "PK-112")
            k = s.active * 3 + s.move_slot
            if len(words) > 1 and words[1] != f"llama{k % 3}":
                return err(f"llama{k % 3} moves now (slot order; a llama moves once, bought llamas not at all)",
                           "PK-160")
            if verb == "stay":
                return err("a llama on a terrain tile must move when a cell is reachable", "PK-162")
            return err("that cell is not reachable along the llama's terrain (or is its own cell)", "PK-161")
        if verb == "sell":
            if s.step != TRADE:
                return err("selling happens in the trade step", "PK-112")
            k = self._llama_named(words)
            if k < 0 or s.pos[k] < 0:
                return err("that llama is not on the board (it waits off the board until bought)", "PK-095")
            if self.tables.village_at[s.pos[k]] < 0:
                return err("a llama on a terrain tile cannot sell", "PK-184")
            v = self.tables.village_at[s.pos[k]]
            if s.bought[k]:
                return err("a llama cannot sell in the turn it is bought", "PK-237")
            if s.load[k] < 0:
                return err("the llama carries nothing until the refill", "PK-205")
            if s.load[k] == v:
                return err("a llama cannot sell the village's own colour", "PK-200")
            if s.demand[v] < 0:
                return err("this village already had its sale this turn", "PK-207")
            if not self.params.STAYED_LLAMA_TRADES and s.moved[k] != MOVED:
                return err("only llamas that moved trade (STAYED_LLAMA_TRADES)", "PK-181")
            return err("no sale after a purchase (TRADE_ORDER=sells_first)", "PK-183")
        if verb == "buy":
            if s.step != TRADE:
                return err("llamas are bought in the trade step", "PK-112")
            if s.owned(s.active) >= self.params.MAX_LLAMAS:
                return err("you already own 3 llamas", "PK-232")
            if rules.holds(s, s.active) < self.params.LLAMA_COST:
                return err("a llama costs 4 pieces you do not hold", "PK-254")
            if not self.params.MULTI_BUY and s.buys:
                return err("one purchase per turn (MULTI_BUY=false)", "PK-234")
            return err("a llama is bought only at a village where one of your llamas stands", "PK-233")
        if verb == "end":
            return err("that step is not the current one", "PK-112")
        return err(f"{action_id!r} is not a legal action now", "PK-324")

    def _llama_named(self, words: list[str]) -> int:
        """The active player's llama index named by ``llamaN`` in an action id, or -1."""
        slot = words[1][5:] if len(words) > 1 and words[1].startswith("llama") else ""
        return self.state.active * 3 + int(slot) if slot in ("0", "1", "2") else -1

    # ------------------------------------------------------------------ checks and playouts
    def check_invariants(self) -> None:
        s, t = self.state, self.tables
        n = len(t.demands)
        ids = sorted(s.bag + s.discard + [d for d in s.demand if d >= 0])
        assert ids == list(range(n)), "PK-280 each demand is in exactly one place"
        assert s.bag == sorted(s.bag)
        for seat in (0, 1):
            assert all(x >= 0 for x in s.supply[seat]), "PK-254 no negative supply"
            owned = s.owned(seat)
            assert 1 <= owned <= self.params.MAX_LLAMAS, "PK-239 llama count"
            assert s.pos[seat * 3] >= 0, "PK-322 slot 0 starts on the board"
        assert sum(s.supply[p][7] for p in (0, 1)) <= 1, "PK-005 brown is never created"
        assert s.supply[s.white_seat][7] == 0, "PK-005 White never holds brown"
        assert set(s.rocks) <= set(TILE_CELLS), "rocks lie on tiles"
        for k in range(6):
            if s.pos[k] < 0:
                assert s.load[k] == -1 and not s.reload[k]
                continue
            on_village = t.village_at[s.pos[k]] >= 0
            assert (s.region[k] == -1) == on_village, "llama region"
            if not on_village:
                tt = t.tile_types[s.types[s.pos[k]]]
                assert tt.region_terrain[s.region[k]] == s.colour_of(k // 3), "PK-060 llama on its terrain"
            assert (s.load[k] == -1) == s.reload[k], "PK-205/279 a llama is empty only until the refill"
        if s.step in (ROTATE_FREE,) and not s.draw and s.winner < 0:
            assert all(d >= 0 for d in s.demand), "PK-279 every village shows a demand"
            assert not s.rotated and not s.sold
        if s.step != OVER:
            assert s.winner < 0

    def progress_weights(self, actions: Sequence[Action]) -> list[float]:
        """Favour rotations that open a path to a paying sale, moves onto villages where the load sells, paying
        sales and purchases; other rotations stay rare (see playout.py)."""
        return progress_weights(self.state, self.tables, actions)

    # ---------------------------------------------------------------- what bots and the lab know (strategy.py)
    search_defaults = strategy.SEARCH_DEFAULTS
    evaluate = strategy.evaluate
    report_extras = strategy.report_extras
