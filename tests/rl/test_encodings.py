"""The numeric encodings of the four games (``games/<g>/encode.py``, ``tawa.core.encoding``): a fixed shape over
whole games, every value in its documented range (strict mode raises on the first one outside), built from the
observation alone (states that differ only in what a seat may not see encode the same), seats seen from the
observer, and ``docs/rl.md`` listing exactly the fields the code declares. Needs numpy only (no RL extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tawa
from tawa.core.encoding import Encoder, EncoderBuilder, EncodingError, encode, encoder_for, encoding_module
from tawa.core.rng import Rng
from tawa.lab.playout import automated_options, random_action
from tawa.rl.describe import GAMES, describe

CONFIGS = [(g, n) for g in GAMES for n in tawa.new_game(g).info.players]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
# short whole games for the per-step hidden-information checks (as tests/web/test_hidden_information.py)
SHORT = [
    ("sacred-valley", 3, {"TURN_CAP_ROUNDS": 3}),
    ("pachakuna", 2, {"TURN_CAP": 24}),
    ("ayar", 2, {"TURNS_PER_ROUND": [1, 1, 1, 1]}),
    ("guatavita", 3, {"MAX_ROUNDS": 2}),
]


def play_checking(game: tawa.Game, rng: Rng, biased: bool, check: Any) -> int:
    """Play ``game`` to its end with random (or progress-biased) moves, calling ``check(game)`` at every step."""
    steps = 0
    while True:
        check(game)
        if game.is_over:
            return steps
        game.apply(random_action(game, rng, biased=biased))
        steps += 1


@pytest.mark.parametrize("game_id,players", CONFIGS, ids=[f"{g}-{n}p" for g, n in CONFIGS])
def test_the_shape_is_fixed_and_every_value_in_range_over_whole_games(game_id: str, players: int) -> None:
    """Uniform random and progress-biased playouts (uniform random rarely ends Sacred Valley or P'achakuna by their
    own rules), every seat and a spectator at every step, in strict mode."""
    seen_end = False
    for seed, biased in ((1, False), (2, True), (3, True), (4, True)):
        game = tawa.new_game(game_id, players, seed, automated_options(game_id, None))
        enc = encoder_for(game)

        def check(g: tawa.Game, enc: Encoder = enc) -> None:
            for seat in [None, *range(players)]:
                v = enc.encode(g.observation(seat), strict=True)
                assert v.shape == (enc.size,) and v.dtype == np.float32
                assert float(v.min()) >= 0.0 and float(v.max()) <= 1.0
                assert enc.actions == len(g.action_space)

        steps = play_checking(game, Rng(seed), biased, check)
        assert steps > 10
        seen_end |= not game.capped
        if biased and seen_end:
            break
    assert seen_end, "a progress-biased game should reach the game's own end"


def test_the_size_depends_only_on_the_player_count_and_options() -> None:
    for game_id, players in CONFIGS:
        sizes = {encoder_for(tawa.new_game(game_id, players, seed)).size for seed in (0, 5, 99)}
        assert len(sizes) == 1, (game_id, players)
    # options that change the components change the vector: a longer Ayar route, a smaller Sacred Valley market
    ayar = encoder_for(tawa.new_game("ayar", 2))
    longer = encoder_for(tawa.new_game("ayar", 2, 0, {"CUSCO": 36, "RAYMI_STEPS": [18, 28]}))
    assert longer.size < ayar.size
    assert encoder_for(tawa.new_game("ayar", 2)) is ayar, "one encoder per game, player count and options"


@pytest.mark.parametrize("game_id,players,options", SHORT, ids=[g[0] for g in SHORT])
def test_states_that_differ_only_in_what_a_seat_cannot_see_encode_the_same(
    game_id: str, players: int, options: dict
) -> None:
    """At every step, for every seat: a determinized copy (hidden parts resampled, as a bot sees it) and a
    scrambled one (everything hidden changed) encode like the true game, for that seat and for a spectator."""
    game = tawa.new_game(game_id, players, 4242, options)
    rng = Rng(7)
    differs = 0

    def check(g: tawa.Game) -> None:
        nonlocal differs
        for seat in range(players):
            mine = encode(g, seat, strict=True)
            for other in (g.determinize(seat, rng.next64()), g.scramble_hidden(seat, rng)):
                assert np.array_equal(encode(other, seat), mine)
                assert np.array_equal(encode(other, None), encode(g, None))
            differs += not np.array_equal(mine, encode(g, (seat + 1) % players)) if players > 1 else 0

    assert play_checking(game, rng, True, check) > 3
    assert differs, "seats see the table from their own side"


def test_sacred_valley_coins_are_encoded_for_their_owner_only() -> None:
    """SV-600: another seat's coins are not in the observation, so not in the vector; one's own are."""
    g = tawa.new_game("sacred-valley", 3, 2)
    enc = encoder_for(g)
    before = [encode(g, s) for s in range(3)]
    g.state.coins = [7, 11, 13]
    after = [enc.split(encode(g, s)) for s in range(3)]
    for s in range(3):
        assert after[s]["coins_known"].tolist() == [1.0, 0.0, 0.0]
        assert after[s]["p_coins"][0] == pytest.approx(g.state.coins[s] / 40)
        assert after[s]["p_coins"][1:].tolist() == [0.0, 0.0]
        assert not np.array_equal(enc.split(before[s])["p_coins"], after[s]["p_coins"])


@pytest.mark.parametrize("game_id", GAMES)
def test_seats_are_listed_from_the_observer(game_id: str) -> None:
    players = max(tawa.new_game(game_id).info.players)
    g = tawa.new_game(game_id, players, 3, automated_options(game_id, None))
    rng = Rng(3)
    for _ in range(15):
        g.apply(random_action(g, rng, biased=True))
    enc = encoder_for(g)
    mover = g.current_player
    assert mover is not None
    for seat in range(players):
        parts = enc.split(encode(g, seat))
        assert parts["seat"].argmax() == seat and parts["seat"].sum() == 1
        whose = next(k for k in ("to_move", "active", "ask_seat") if k in parts)
        assert parts[whose].argmax() == (mover - seat) % players, "the seat to move, counted from the observer"
    assert encoder_for(g).split(encode(g, None))["seat"].sum() == 0, "a spectator has no seat"


def test_relative_scores_follow_the_seats_in_ayar() -> None:
    g = tawa.new_game("ayar", 3, 1)
    g.state.players[0].sun, g.state.players[1].sun, g.state.players[2].sun = 10, 20, 30
    enc = encoder_for(g)
    assert (enc.split(encode(g, 1))["p_sun"] * 200).round().tolist() == [20, 30, 10]
    assert (enc.split(encode(g, 2))["p_sun"] * 200).round().tolist() == [30, 10, 20]


def test_strict_mode_names_the_field_of_a_value_outside_its_range() -> None:
    g = tawa.new_game("ayar", 2, 1)
    enc = encoder_for(g)
    obs = g.observation(0)
    obs["players"][0]["boat"] = 99  # the route has 18 spaces
    with pytest.raises(EncodingError, match=r"p_boat\[0\] = 99"):
        enc.encode(obs, strict=True)
    assert enc.encode(obs).max() <= 1.0, "without strict, the value is clipped into the space"
    obs = g.observation(0)
    obs["phase"] = "night"
    obs["night_step"] = 9
    with pytest.raises(EncodingError, match="night_step"):
        enc.encode(obs)
    obs = g.observation(0)
    obs["ayars"]["step"] = [1, 2, 3]
    with pytest.raises(EncodingError, match="ayar_step has 3 values, not 4"):
        enc.encode(obs)


def test_capped_fields_clip_and_split_inverts_the_layout() -> None:
    b = EncoderBuilder("toy", 2)
    b.number("score", 2, 0, 50, "a score", lambda o, c: o["score"], capped=True)
    b.onehot("who", 1, 2, "relative seat", lambda o, c: [c.relative(o["who"])])
    b.flag("f", 1, "1 if set", lambda o, c: [o["f"]])
    enc = b.build(actions=3)
    v = enc.encode({"seat": 1, "score": [25, 80], "who": 0, "f": True}, strict=True)
    assert v.tolist() == [0.5, 1.0, 0.0, 1.0, 1.0]
    parts = enc.split(v)
    assert parts["who"].shape == (1, 2) and parts["score"].tolist() == [0.5, 1.0]
    assert [r["range"] for r in enc.describe()] == ["[0, 50] capped", "one-hot of 2", "0/1"]
    with pytest.raises(ValueError, match="empty"):
        b.number("bad", 1, 3, 3, "", lambda o, c: [0])


def test_the_action_space_is_fixed_and_the_mask_is_the_legal_actions() -> None:
    for game_id, players in CONFIGS:
        g = tawa.new_game(game_id, players, 8, automated_options(game_id, None))
        rng = Rng(8)
        for _ in range(20):
            if g.is_over:
                break
            mask = np.array(g.legal_mask())
            assert mask.shape == (encoder_for(g).actions,)
            assert sorted(np.flatnonzero(mask)) == sorted(g.action_index(a) for a in g.legal_actions())
            g.apply(random_action(g, rng))


def test_a_game_without_an_encode_room_says_so() -> None:
    import toy_game  # noqa: F401  (registers "toy-cards")

    g = tawa.new_game("toy-cards", 2)
    assert encoding_module(type(g)) is None
    with pytest.raises(NotImplementedError, match="no numeric encoding"):
        encoder_for(g)


def test_the_docs_list_every_field_of_every_game() -> None:
    """docs/rl.md holds the text ``python -m tawa.rl.describe`` prints (regenerate it when an encoding changes)."""
    text = DOCS.read_text(encoding="utf-8")
    for game_id in GAMES:
        assert describe(game_id) in text, f"docs/rl.md is out of date for {game_id}: python -m tawa.rl.describe"
