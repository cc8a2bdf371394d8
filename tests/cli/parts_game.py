"""A test game for the terminal: two decisions a turn (play a card, then end the turn), a board in named parts
with a private hand and a compact form below 60 columns, seat names, standings with a named tie-break and a
score breakdown, and a long-valued Param with a long key (``tawa rules`` folding).

Not registered on import (the engine's contract tests list every registered game when they are collected):
``conftest.py`` registers both games for the tests of this folder only.

Deck 1..6 twice; each seat holds two hidden cards. A turn: play a card (score it, draw one while the deck lasts),
then end the turn. The game ends when every hand is empty. Ranking: score, then the highest card played (TP-003).
Every log line names its move, so a line shown twice is seen as such.
"""

from __future__ import annotations

from typing import Any

from toy_game import ToyGame

from tawa import Action, Event, Game, GameInfo, Param, Standing
from tawa.core.load import Doc
from tawa.core.params import ParamRegistry, Params
from tawa.core.results import standings_by_keys

NAMES = ("North", "East", "South")
COMPACT_BELOW = 60

PARAMS = ParamRegistry(
    [
        Param("HAND_SIZE", 2, "P", ("TP-001",), "cards dealt to each seat", bounds=(1, 4)),
        Param(
            "A_RATHER_LONG_TABLE_OF_POSITIONS",
            [[f"S{i:02d}", i % 4, -(i % 3)] for i in range(37)],
            "P",
            ("TP-010",),
            "where the pieces stand (only documents the data)",
            overridable=False,
        ),
        Param(
            "FIRST_BY_COUNT",
            [0, 0, 0],
            "P",
            ("TP-012",),
            "the first seat, by player count (no declared length: a short list breaks the setup)",
        ),
        Param(
            "TRACK",
            [0, 1, 3, 6, 10],
            "P",
            ("TP-011",),
            "points per step",
            bounds=(0, None),
            length=5,
            order="nondecreasing",
        ),
    ]
)


class PartsState:
    __slots__ = ("best", "deck", "hands", "played", "scores", "turn")

    def __init__(
        self, deck: list[int], hands: list[list[int]], scores: list[int], best: list[int], turn: int, played: bool
    ) -> None:
        self.deck, self.hands, self.scores, self.best, self.turn, self.played = deck, hands, scores, best, turn, played

    def clone(self) -> PartsState:
        return PartsState(
            self.deck.copy(),
            [h.copy() for h in self.hands],
            self.scores.copy(),
            self.best.copy(),
            self.turn,
            self.played,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "hands": self.hands,
            "scores": self.scores,
            "best": self.best,
            "turn": self.turn,
            "played": self.played,
        }


class PartsGame(Game):
    info = GameInfo(id="toy-parts", name="Toy Parts", players=(2, 3), params=PARAMS, rule_prefix="TP")

    def _setup(self) -> None:
        deck = [v for v in range(1, 7) for _ in range(2)]
        self.rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(self.params.HAND_SIZE)] for _ in range(self.players)]
        first = self.params.FIRST_BY_COUNT[self.players - 1] % self.players
        self.state = PartsState(deck, hands, [0] * self.players, [0] * self.players, first, False)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.state.turn

    @property
    def is_over(self) -> bool:
        return not any(self.state.hands) and not self.state.played

    def _legal_actions(self) -> list[Action]:
        s = self.state
        if s.played or not s.hands[s.turn]:
            return [Action("end", "End your turn")]
        return [Action(f"play {v}", f"Play the {v}", v) for v in sorted(set(s.hands[s.turn]))]

    def _apply(self, action: Action) -> list[Event]:
        s, seat = self.state, self.state.turn
        if action.id == "end":
            s.played = False
            s.turn = (seat + 1) % self.players
            return [Event("end", f"{NAMES[seat]} ends the turn (move {len(self.history) + 1})")]
        s.hands[seat].remove(action.data)
        s.scores[seat] += action.data
        s.best[seat] = max(s.best[seat], action.data)
        s.played = True
        move = len(self.history) + 1
        events = [Event("play", f"{NAMES[seat]} plays {action.data} (move {move})")]
        if s.deck:
            card = s.deck.pop()
            s.hands[seat].append(card)
            events.append(Event("draw", f"{NAMES[seat]}, you draw {card} (move {move})", to=seat))
        return events

    def seat_label(self, seat: int) -> str:
        return NAMES[self._check_seat(seat, spectator=False)]

    def _render_parts(self, seat: int | None, width: int | None) -> list[tuple[str, str]]:
        s = self.state
        compact = width is not None and width < COMPACT_BELOW
        parts = [
            ("header", f"Toy Parts, {NAMES[s.turn]} to act"),
            ("deck", f"deck: {len(s.deck)} cards"),
            (
                "scores",
                ("sc " if compact else "scores: ") + " ".join(f"{NAMES[i]} {v}" for i, v in enumerate(s.scores)),
            ),
        ]
        if seat is not None:
            parts.append(("hand", f"{NAMES[seat]}'s hand: {sorted(s.hands[seat])}"))
        return parts

    def scores(self) -> list[float]:
        return [float(x) for x in self.state.scores]

    def _keys(self) -> list[tuple[float, float]]:
        return [(float(self.state.scores[i]), float(self.state.best[i])) for i in range(self.players)]

    def ranking(self) -> list[int]:
        return [st.place for st in self.standings()]

    def standings(self) -> list[Standing]:
        s = self.state
        return standings_by_keys(
            self.scores(),
            self._keys(),
            ["score", "TP-003 highest card played"],
            [{"cards": s.scores[i], "bonus": 0} for i in range(self.players)],
        )

    def _observation(self, seat: int | None) -> dict[str, Any]:
        s = self.state
        return {
            "turn": s.turn,
            "hand": [] if seat is None else sorted(s.hands[seat]),
            "scores": s.scores,
            "best": s.best,
            "deck_size": len(s.deck),
            "hand_sizes": [len(h) for h in s.hands],
            "played": s.played,
        }

    _resample_hidden = ToyGame._resample_hidden  # the same deck and hidden hands

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> PartsState:
        doc = Doc(data, "state")
        return PartsState(
            doc.integers("deck", low=1, high=6),
            doc.integer_rows("hands", rows=players, low=1, high=6),
            doc.integers("scores", length=players, low=0),
            doc.integers("best", length=players, low=0),
            doc.integer("turn", 0, players - 1),
            bool(doc.raw("played")),
        )

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return ["end"] + [f"play {v}" for v in range(1, 7)]


class CappedGame(PartsGame):
    """Every game of it counts as stopped by a safety cap (the summary of a run where no game finished)."""

    info = GameInfo(
        id="toy-capped",
        name="Toy Capped",
        players=(2,),
        params=PARAMS,
        rule_prefix="TP",
        automation_options={"HAND_SIZE": 1},
    )

    @property
    def capped(self) -> bool:
        return self.is_over
