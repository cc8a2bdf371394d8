"""A tiny hidden-information card game used to test the engine core on its own.

Deck of cards 1..6 twice, shuffled; each seat holds 2 hidden cards. On a turn the
player plays one card (scores its value, draws a replacement while the deck lasts)
or, with an empty hand, passes. The game ends when every hand is empty. It also is
the smallest example of the `Game` contract (see docs/adding_a_game.md).
"""

from __future__ import annotations

from typing import Any

from tawa import Action, BadOption, Event, Game, GameInfo, IllegalAction, Param, register
from tawa.core.load import Doc
from tawa.core.params import ParamRegistry, Params
from tawa.core.rng import Rng

PARAMS = ParamRegistry(
    [
        Param("HAND_SIZE", 2, "P", ("TOY-001",), "cards dealt to each seat", bounds=(1, None)),
        Param("TOP_CARD", 6, "P", ("TOY-002",), "highest card value", bounds=(1, 99)),
    ]
)


class ToyState:
    __slots__ = ("deck", "hands", "scores", "turn")

    def __init__(self, deck: list[int], hands: list[list[int]], scores: list[int], turn: int) -> None:
        self.deck, self.hands, self.scores, self.turn = deck, hands, scores, turn

    def clone(self) -> ToyState:
        return ToyState(self.deck.copy(), [h.copy() for h in self.hands], self.scores.copy(), self.turn)

    def to_dict(self) -> dict[str, Any]:
        return {"deck": self.deck, "hands": self.hands, "scores": self.scores, "turn": self.turn}


@register
class ToyGame(Game):
    info = GameInfo(id="toy-cards", name="Toy Cards", players=(2, 3), params=PARAMS, rule_prefix="TOY")

    @classmethod
    def check_params(cls, params: Params, players: int) -> None:
        if params.HAND_SIZE * players > 2 * params.TOP_CARD:
            raise BadOption(
                f"option HAND_SIZE (TOY-001): {players} hands of {params.HAND_SIZE} need more than the "
                f"{2 * params.TOP_CARD} cards of the deck"
            )

    def _setup(self) -> None:
        deck = [v for v in range(1, self.params.TOP_CARD + 1) for _ in range(2)]
        self.rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(self.params.HAND_SIZE)] for _ in range(self.players)]
        self.state = ToyState(deck, hands, [0] * self.players, 0)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.state.turn

    @property
    def is_over(self) -> bool:
        return not any(self.state.hands)

    def _legal_actions(self) -> list[Action]:
        hand = self.state.hands[self.state.turn]
        if not hand:
            return [Action("pass", "Pass")]
        return [Action(f"play {v}", f"Play the {v}", v) for v in sorted(set(hand))]

    def _apply(self, action: Action) -> list[Event]:
        s, seat = self.state, self.state.turn
        events = []
        if action.data is not None:
            s.hands[seat].remove(action.data)
            s.scores[seat] += action.data
            events.append(Event("play", f"Seat {seat} plays {action.data}"))
            if s.deck:
                card = s.deck.pop()
                s.hands[seat].append(card)
                events.append(Event("draw", f"You draw {card}", to=seat))
        s.turn = (seat + 1) % self.players
        return events

    def _explain(self, action_id: str) -> IllegalAction | None:
        """The same two conditions ``_legal_actions`` checks: a card held, and passing only with an empty hand."""
        hand = self.state.hands[self.state.turn]
        if action_id == "pass":
            return (
                IllegalAction("you may pass only with an empty hand", rule="TOY-004", action=action_id)
                if hand
                else None
            )
        value = action_id[5:] if action_id.startswith("play ") else ""
        if not value.isdigit() or int(value) not in hand:
            return IllegalAction(f"{action_id!r}: you can only play a card you hold", rule="TOY-003", action=action_id)
        return None

    def scores(self) -> list[float]:
        return [float(x) for x in self.state.scores]

    def ranking(self) -> list[int]:
        sc = self.state.scores
        return [1 + sum(1 for o in sc if o > mine) for mine in sc]

    def _observation(self, seat: int | None) -> dict[str, Any]:
        s = self.state
        hand = [] if seat is None else sorted(s.hands[seat])
        return {
            "seat": seat,
            "turn": s.turn,
            "hand": hand,
            "scores": list(s.scores),
            "deck_size": len(s.deck),
            "hand_sizes": [len(h) for h in s.hands],
        }

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        s = self.state
        pool = s.deck + [c for i, h in enumerate(s.hands) if i != seat for c in h]
        rng.shuffle(pool)
        for i, h in enumerate(s.hands):
            if i != seat:
                s.hands[i] = [pool.pop() for _ in h]
        s.deck = pool

    def check_invariants(self) -> None:
        s = self.state
        unplayed = s.deck + [c for h in s.hands for c in h]
        top = self.params.TOP_CARD
        assert all(unplayed.count(v) <= 2 for v in range(1, top + 1)), "TOY-001 two cards of each value"
        assert sum(s.scores) == 2 * sum(range(1, top + 1)) - sum(unplayed), "TOY-002 scores are the cards played"
        assert all(len(h) <= self.params.HAND_SIZE for h in s.hands)

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> ToyState:
        doc = Doc(data, "state")
        top = params.TOP_CARD
        return ToyState(
            doc.integers("deck", low=1, high=top, most=2 * top),
            doc.integer_rows("hands", rows=players, low=1, high=top, most=params.HAND_SIZE),
            doc.integers("scores", length=players, low=0),
            doc.integer("turn", 0, players - 1),
        )

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return ["pass"] + [f"play {v}" for v in range(1, params.TOP_CARD + 1)]
