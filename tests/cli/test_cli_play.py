"""`tawa play` through the command line with piped input: automated runs, the end screen, quit, save and load."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

import tawa
from tawa.cli import app

runner = CliRunner()


def test_bots_alone_are_an_automated_run_with_the_safety_cap_on_and_said() -> None:
    # uniform random P'achakuna never opens a route: without its [D] turn cap this game would never end
    r = runner.invoke(app, ["play", "pachakuna", "--seats", "random,random", "--seed", "1"])
    assert r.exit_code == 0, r.output
    assert "No human seat: an automated run, with the spec's safety cap on: TURN_CAP = 300" in r.output
    assert "Game stopped by the safety cap after 300 turns" in r.output
    assert "the game was stopped by the safety cap" in r.output  # said above the ranking too


def test_bots_alone_finishing_by_the_rules_say_so_with_the_turn_count() -> None:
    r = runner.invoke(app, ["play", "toy-parts", "--seats", "random,random,random", "--seed", "2"])
    assert r.exit_code == 0, r.output
    assert "North random, East random, South random" in r.output  # three seats named: three players
    assert "(Toy Parts has no safety cap)" in r.output
    m = re.search(r"Game over by the rules after (\d+) turns \((\d+) actions\)", r.output)
    assert m and int(m.group(2)) == 2 * int(m.group(1))
    assert "Final ranking:" in r.output and "decided by" in r.output


def test_human_end_screen_shows_the_standings() -> None:
    r = runner.invoke(app, ["play", "toy-parts", "--seats", "human,random", "--seed", "2"], input="1\n" * 60)
    assert r.exit_code == 0, r.output
    end = r.output[r.output.index("Final ranking:") :]
    assert "place" in end and "decided by" in end and "score by source" in end and "cards " in end
    assert "North, your choice" in r.output  # the prompt names the seat as the game does


def test_quit_asks_first_then_saves_to_the_file_given(tmp_path: Path) -> None:
    f = tmp_path / "game.json"
    r = runner.invoke(
        app,
        ["play", "toy-parts", "--seats", "human,greedy", "--seed", "5", "--option", "HAND_SIZE=3", "--save", str(f)],
        input="1\nq\nn\n1\nq\ny\n",
    )
    assert r.exit_code == 0, r.output
    assert "Leave the game? [y/N]" in r.output and "You left the game after" in r.output
    assert f"Saved to {f}; resume it with: tawa play --load {f}" in r.output
    doc = json.loads(f.read_text())
    assert doc["seats"] == ["human", "greedy"] and doc["options"] == {"HAND_SIZE": 3}
    saved = tawa.from_json(f.read_text())
    assert saved.history and not saved.is_over
    # resume it: the same seats and options, played to the end from where it was left
    done = tmp_path / "done.json"
    r = runner.invoke(app, ["play", "--load", str(f), "--save", str(done)], input="1\n" * 80)
    assert r.exit_code == 0, r.output
    assert "North human, East greedy" in r.output and f"Resumed after {len(saved.history)} moves" in r.output
    end = tawa.from_json(done.read_text())
    assert end.is_over and end.history[: len(saved.history)] == saved.history and end.options == {"HAND_SIZE": 3}
    assert "Final ranking:" in r.output
    # a finished save replays
    r = runner.invoke(app, ["replay", str(done), "--all"])
    assert r.exit_code == 0 and "Final ranking" in r.output


def test_quit_offers_to_save_and_end_of_input_does_not_ask(tmp_path: Path) -> None:
    f = tmp_path / "later.json"
    r = runner.invoke(app, ["play", "toy-parts", "--seed", "1"], input=f"1\n1\nq\ny\n{f}\n")
    assert r.exit_code == 0, r.output
    assert "Save the game to finish it later?" in r.output and f"Saved to {f}" in r.output
    assert tawa.from_json(f.read_text()).history
    r = runner.invoke(app, ["play", "toy-parts", "--seed", "1"], input="1\n")
    assert r.exit_code == 0 and "You left the game after 1 moves" in r.output
    assert "Save the game" not in r.output
    r = runner.invoke(app, ["play", "toy-parts", "--seed", "1"], input="")
    assert r.exit_code == 0 and "You left the game before any move was made." in r.output


def test_a_bad_save_file_is_refused_clearly(tmp_path: Path) -> None:
    f = tmp_path / "game.json"
    runner.invoke(app, ["play", "toy-parts", "--seed", "5", "--save", str(f)], input="1\nq\ny\n")
    doc = json.loads(f.read_text())

    def refused(d: object, *extra: str) -> str:
        bad = tmp_path / "bad.json"
        bad.write_text(d if isinstance(d, str) else json.dumps(d))
        r = runner.invoke(app, ["play", "--load", str(bad), *extra])
        assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1, r.output
        return r.output

    assert "is not a saved Tawa game (document: not JSON" in refused("hello")
    assert "seats: unknown bot 'foo'" in refused({**doc, "seats": ["human", "foo"]})
    assert "seats: expected 2 seat names" in refused({**doc, "seats": ["human"]})
    assert "is not a saved Tawa game (state" in refused({**doc, "state": {**doc["state"], "turn": 7}})
    assert "holds a Toy Parts game (toy-parts), not toy-cards" in refused(doc, "toy-cards")
    assert "leave out --players, --seed and --option" in refused(doc, "--seed", "3")
    r = runner.invoke(app, ["play", "--load", str(f), "--seats", "random,random"])  # --seats may change who plays
    assert r.exit_code == 0 and "No human seat" in r.output and "Final ranking" in r.output


def test_an_automated_play_is_the_same_game_as_simulate_plays(tmp_path: Path) -> None:
    from tawa.lab.playout import automated_options
    from tawa.lab.simulate import play_one

    f = tmp_path / "bots.json"
    r = runner.invoke(app, ["play", "toy-parts", "--seats", "greedy,random", "--seed", "3", "--save", str(f)])
    assert r.exit_code == 0, r.output
    rec = play_one("toy-parts", 2, 3, ["greedy", "random"], automated_options("toy-parts", {}))
    assert json.loads(f.read_text())["history"] == rec["history"] and rec["history"]
