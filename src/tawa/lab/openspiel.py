"""OpenSpiel interop (optional extra ``tawa[openspiel]``): any Tawa game as an OpenSpiel
Python game, so OpenSpiel's own algorithms (MCTS, ISMCTS, ...) run on it.

    from tawa.lab.openspiel import register
    name = register("pachakuna")                 # "python_tawa_pachakuna"
    game = pyspiel.load_game(name, {"seed": 3})  # or {"players": 2, "seed": 3}

Mapping. Actions are the game's fixed action enumeration (``Game.action_space``).
Chance stays inside the Tawa game (its seeded RNG), so the OpenSpiel game declares
``SAMPLED_STOCHASTIC`` chance and has no chance nodes; the game parameter ``seed`` picks
the deal. The information-state string of a seat is its ``observation(seat)`` as JSON, and the
information-state and observation tensors (games with an ``encode.py`` room: all four Tawa games) are the game's
encoding of that observation (``tawa.core.encoding``, ``docs/rl.md``): the observation holds everything the rules
let a seat know, so both are the same vector (not a perfect-recall history of the moves). ``register_all`` registers
the four games. ``resampler`` draws a state of the same information set with ``Game.determinize``
(give it to ``ISMCTSBot.set_resampler``). Returns are the lab's outcome values in [-1, 1]
(1 a sole win, -1 a 2-player loss). OpenSpiel clones Python states with ``copy.deepcopy``;
the wrapper routes that to ``Game.clone``. The [D] safety caps are switched on.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import numpy as np
import pyspiel

from tawa.core.encoding import Encoder, encoder_for, encoding_module
from tawa.core.game import Game
from tawa.core.registry import game_class, list_games, new_game
from tawa.core.rng import Rng
from tawa.core.strategy import outcome_value
from tawa.lab.playout import automated_options

MAX_GAME_LENGTH = 100_000


class _Holder:
    """Holds the Tawa game; ``copy.deepcopy`` of it uses the game's fast ``clone``."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(self.game.clone())


def short_name(game_id: str) -> str:
    return "python_tawa_" + game_id.replace("-", "_")


class TawaState(pyspiel.State):
    """An OpenSpiel state around one Tawa game."""

    def __init__(self, game: TawaSpielGame, tawa_game: Game) -> None:
        super().__init__(game)
        self.holder = _Holder(tawa_game)

    @property
    def tawa(self) -> Game:
        return self.holder.game

    def current_player(self) -> int:
        g = self.tawa
        if g.is_over:
            return pyspiel.PlayerId.TERMINAL
        return int(g.current_player)  # type: ignore[arg-type]

    def _legal_actions(self, player: int) -> list[int]:
        g = self.tawa
        space = g.action_space
        return sorted(space.index(a) for a in g.legal_actions())

    def _apply_action(self, action: int) -> None:
        g = self.tawa
        g.apply(g.action_space.id_of(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.tawa.action_space.id_of(action)

    def is_terminal(self) -> bool:
        return self.tawa.is_over

    def returns(self) -> list[float]:
        g = self.tawa
        if not g.is_over:
            return [0.0] * g.players
        return [outcome_value(g, s) for s in range(g.players)]

    def __str__(self) -> str:
        return f"{self.tawa!r}"


class _Observer:
    """Observation / information-state strings (the seat's observation as JSON) and tensors (its encoding; a game
    without an encoding has a 1-entry tensor holding the player)."""

    def __init__(self, encoder: Encoder | None) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.size if encoder is not None else 1, np.float32)
        self.dict = encoder.split(self.tensor) if encoder is not None else {"observation": self.tensor}

    def set_from(self, state: TawaState, player: int) -> None:
        if self.encoder is None:
            self.tensor[0] = player
        else:
            self.tensor[:] = self.encoder.encode(state.tawa.observation(player))

    def string_from(self, state: TawaState, player: int) -> str:
        return json.dumps(state.tawa.observation(player), sort_keys=True, separators=(",", ":"))


class TawaSpielGame(pyspiel.Game):
    """An OpenSpiel game around one Tawa game id (parameters: players, seed, and options: the Tawa options as a
    JSON object in a string, over the [D] safety caps, e.g. ``{"options": '{"TURN_CAP": 40}'}``)."""

    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.n_players = int(params.get("players", _DEFAULT_PLAYERS[self.game_id]))
        self.seed = int(params.get("seed", 0))
        text = str(params.get("options", "{}"))
        given = json.loads(text or "{}")
        if not isinstance(given, dict):
            raise ValueError(f"the options parameter is a JSON object of Tawa options, not {text!r}")
        self.options = automated_options(self.game_id, given)
        probe = new_game(self.game_id, self.n_players, self.seed, self.options)
        self.encoder = encoder_for(probe) if encoding_module(type(probe)) is not None else None
        game_info = pyspiel.GameInfo(
            num_distinct_actions=len(probe.action_space),
            max_chance_outcomes=0,
            num_players=self.n_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(
            _TYPES[self.game_id], game_info, {"players": self.n_players, "seed": self.seed, "options": text}
        )

    def new_initial_state(self) -> TawaState:
        return TawaState(self, new_game(self.game_id, self.n_players, self.seed, self.options))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(self.encoder)


_TYPES: dict[str, Any] = {}
_DEFAULT_PLAYERS: dict[str, int] = {}


def register(game_id: str, players: int | None = None) -> str:
    """Register ``game_id`` with OpenSpiel (once); return its OpenSpiel short name."""
    name = short_name(game_id)
    if game_id in _TYPES:
        return name
    cls = game_class(game_id)
    info = cls.info
    tensors = encoding_module(cls) is not None
    _DEFAULT_PLAYERS[game_id] = players or info.min_players
    _TYPES[game_id] = pyspiel.GameType(
        short_name=name,
        long_name=f"Tawa {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=tensors,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        parameter_specification={"players": _DEFAULT_PLAYERS[game_id], "seed": 0, "options": "{}"},
    )
    cls = type(f"TawaSpielGame_{game_id.replace('-', '_')}", (TawaSpielGame,), {"game_id": game_id})
    pyspiel.register_game(_TYPES[game_id], cls)
    return name


def register_all() -> list[str]:
    """Register every Tawa game (``tawa list``) with OpenSpiel; return their short names."""
    return [register(info.id) for info in list_games()]


def resampler(seed: int = 0) -> Any:
    """A resampler for ``ISMCTSBot.set_resampler``: a state of the same information set,
    with hidden parts and future chance redrawn by ``Game.determinize``."""
    rng = Rng(seed)

    def resample(state: TawaState, player: int) -> TawaState:
        s = state.clone()
        s.holder = _Holder(state.tawa.determinize(player, rng.next64()))
        return s

    return resample


# ---------------------------------------------------------------- side-by-side duel
def _timed_ismcts(game: Any, seconds: float, seed: int) -> Any:
    """OpenSpiel's Python ``ISMCTSBot`` (random-rollout evaluator, UCT c=0.7) with its search
    loop budgeted by seconds per move instead of a simulation count (the loop body is
    OpenSpiel's), counting iterations."""
    import time

    from open_spiel.python.algorithms import ismcts, mcts

    class TimedISMCTS(ismcts.ISMCTSBot):
        iterations = 0
        spent = 0.0

        def run_search(self, state: Any) -> Any:
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self._root_node = self.create_new_node(state)
            start = time.perf_counter()
            n = 0
            # at least 2 simulations: OpenSpiel's first one only creates the root node
            while n < 2 or time.perf_counter() - start < seconds:
                self.run_simulation(self.sample_root_state(state))
                n += 1
            TimedISMCTS.iterations += n
            TimedISMCTS.spent += time.perf_counter() - start
            return self.get_final_policy(state, self._root_node)

    rs = np.random.RandomState(seed)
    bot = TimedISMCTS(game, mcts.RandomRolloutEvaluator(1, rs), 0.7, 1, random_state=rs)
    bot.set_resampler(resampler(seed))
    return bot


def duel(
    game_id: str, games: int, seconds: float, players: int = 2, seed: int = 1, ours: str | None = None
) -> dict[str, Any]:
    """Our ismcts (``ismcts:time=SECONDS`` unless ``ours`` is given) against OpenSpiel's
    ISMCTS with the same seconds per move, seats alternating; returns win shares,
    iterations/s and measured seconds per move of both, and the games' lengths. Games
    stopped by a cap count apart. With ``ours`` budgeted by iterations (a game's default,
    e.g. ``"ismcts"``), the measured seconds per move say whether SECONDS gave OpenSpiel at
    least as much time as ours took."""
    import time

    from tawa.bots import choose_for, make_bot
    from tawa.bots.ismcts import IsmctsBot
    from tawa.lab.stats import rate_with_ci

    name = register(game_id)
    spec = ours or f"ismcts:time={seconds}"
    our_wins = their_wins = 0.0
    capped = finished = 0
    our_iters, our_time = 0, 0.0
    think = [0.0, 0.0]  # wall seconds of every move: ours, theirs
    moves = [0, 0]
    lengths = []
    the_bot: Any = None
    for i in range(games):
        game = pyspiel.load_game(name, {"players": players, "seed": seed + i})
        state = game.new_initial_state()
        our_seat = i % players
        mine = make_bot(spec, seed * 31 + i)
        theirs = _timed_ismcts(game, seconds, seed * 17 + i)
        the_bot = theirs
        rng = Rng(seed + i)
        while not state.is_terminal():
            seat = state.current_player()
            side = 0 if seat == our_seat else 1
            t0 = time.perf_counter()
            if side == 0:
                aid = choose_for(mine, state.tawa, seat, rng).id
                if isinstance(mine, IsmctsBot):
                    our_iters += mine.last_iterations
                    our_time += mine.last_seconds
                action = state.tawa.action_space.index(aid)
            else:
                action = theirs.step(state)
            think[side] += time.perf_counter() - t0
            moves[side] += 1
            state.apply_action(action)
        g = state.tawa
        lengths.append(len(g.history))
        if g.capped:
            capped += 1
            continue
        finished += 1
        w = g.winners()
        our_wins += 1 / len(w) if our_seat in w else 0.0
        their_wins += sum(1 / len(w) for s in w if s != our_seat)
    cls = type(the_bot) if the_bot is not None else None
    return {
        "game": game_id,
        "players": players,
        "games": games,
        "finished": finished,
        "capped": capped,
        "seconds_per_move": seconds,
        "ours": spec,
        "our_win_share": rate_with_ci(our_wins, finished),
        "openspiel_win_share": rate_with_ci(their_wins, finished),
        "our_iterations_per_s": round(our_iters / our_time, 1) if our_time else None,
        "openspiel_iterations_per_s": round(cls.iterations / cls.spent, 1) if cls and cls.spent else None,
        "our_seconds_per_move": round(think[0] / moves[0], 4) if moves[0] else None,
        "openspiel_seconds_per_move": round(think[1] / moves[1], 4) if moves[1] else None,
        "mean_length": round(sum(lengths) / len(lengths), 1) if lengths else None,
    }


def main(argv: list[str] | None = None) -> None:
    """``python -m tawa.lab.openspiel GAME GAMES SECONDS [PLAYERS] [SEED] [OURS]``: print
    ``duel`` as JSON (OURS: our bot's spec, default ``ismcts:time=SECONDS``)."""
    parser = argparse.ArgumentParser(
        prog="python -m tawa.lab.openspiel",
        description="Our bot against OpenSpiel's ISMCTS on a Tawa game; prints JSON.",
    )
    parser.add_argument("game", help="a Tawa game id (tawa list)")
    parser.add_argument("games", type=int, help="number of games (seats alternate)")
    parser.add_argument("seconds", type=float, help="OpenSpiel's thinking time per move")
    parser.add_argument("players", type=int, nargs="?", default=2)
    parser.add_argument("seed", type=int, nargs="?", default=1)
    parser.add_argument("ours", nargs="?", default=None, help="our bot spec (default ismcts:time=SECONDS)")
    args = parser.parse_args(argv)
    print(json.dumps(duel(args.game, args.games, args.seconds, args.players, args.seed, ours=args.ours), indent=1))


if __name__ == "__main__":  # pragma: no cover
    main()
