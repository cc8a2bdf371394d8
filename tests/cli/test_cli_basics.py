"""The `tawa` command, driven through typer's test runner on the toy game."""

from __future__ import annotations

import json
from pathlib import Path

import toy_game  # registers "toy-cards"
from typer.testing import CliRunner

import tawa
from tawa.cli import app
from tawa.terminal.loop import Quit, play_game

runner = CliRunner()


def test_list_and_rules() -> None:
    r = runner.invoke(app, ["list"])
    assert r.exit_code == 0 and "toy-cards" in r.output
    r = runner.invoke(app, ["rules", "toy-cards", "--json"])
    rows = {p["name"]: p for p in json.loads(r.output)["params"]}
    assert rows["HAND_SIZE"]["tag"] == "P" and rows["HAND_SIZE"]["rules"] == ["TOY-001"]
    r = runner.invoke(app, ["rules", "toy-cards"])
    assert r.exit_code == 0 and "HAND_SIZE" in r.output and "[P]" in r.output


def test_unknown_game_and_bad_option_are_clear_errors() -> None:
    r = runner.invoke(app, ["rules", "chess"])
    assert r.exit_code == 2 and "no game 'chess'" in r.output
    r = runner.invoke(app, ["simulate", "toy-cards", "-n", "2", "--option", "NOPE=1"])
    assert r.exit_code == 2 and "unknown option" in r.output
    r = runner.invoke(app, ["simulate", "toy-cards", "-n", "2", "--seats", "random,random,random,random"])
    assert r.exit_code == 2 and "seats" in r.output


def test_simulate_writes_one_json_line_per_game_and_replay_reads_it(tmp_path: Path) -> None:
    r = runner.invoke(
        app,
        [
            "simulate",
            "toy-cards",
            "-n",
            "5",
            "--seats",
            "random",
            "--seed",
            "3",
            "--out",
            str(tmp_path),
            "--option",
            "HAND_SIZE=3",
        ],
    )
    assert r.exit_code == 0, r.output
    assert "branching" in r.output
    lines = (tmp_path / "toy-cards.jsonl").read_text().splitlines()
    assert len(lines) == 5
    rec = json.loads(lines[2])
    assert rec["seed"] == 5 and rec["options"] == {"HAND_SIZE": 3} and rec["seats"] == ["random"] * 3
    g = tawa.replay("toy-cards", rec["players"], rec["seed"], rec["options"], rec["history"])
    assert g.scores() == rec["scores"] and g.winners() == rec["winners"]
    r = runner.invoke(app, ["replay", str(tmp_path / "toy-cards.jsonl"), "--game", "2", "--all"])
    assert r.exit_code == 0, r.output
    assert "Final ranking" in r.output
    summary = json.loads((tmp_path / "toy-cards.summary.json").read_text())
    assert summary["games"] == 5 and sum(summary["wins_per_seat"]) == 5


def test_simulate_is_reproducible() -> None:
    a = runner.invoke(app, ["simulate", "toy-cards", "-n", "4", "--seed", "9", "--json"])
    b = runner.invoke(app, ["simulate", "toy-cards", "-n", "4", "--seed", "9", "--json"])
    assert a.exit_code == 0 and b.exit_code == 0
    first, second = json.loads(a.output), json.loads(b.output)
    # think times are measured, not played: under load a random move can round to 0.0001 s
    assert first.pop("seconds_per_move").keys() == second.pop("seconds_per_move").keys()
    assert first == second


def test_bench_prints_figures_as_json() -> None:
    r = runner.invoke(app, ["bench", "toy-cards", "--seconds", "0.2", "--json"])
    assert r.exit_code == 0, r.output
    fig = json.loads(r.output)
    assert fig["random_playout"]["games_per_s"] > 0 and fig["clone_vs_deepcopy"] > 1
    assert fig["bytes_per_state"] > 0 and fig["machine"]["python"]


def test_play_reasks_on_bad_input_and_shows_ranking() -> None:
    g = tawa.new_game("toy-cards", 2, seed=4)
    answers = iter(["", "banana", "99", "?", "? 1", "board", "log"] + ["1"] * 50)
    out: list[str] = []
    play_game(g, ["human", "random"], 4, lambda prompt: next(answers), out.append)
    text = "\n".join(out)
    assert g.is_over
    assert "not one of the numbers" in text and "Final ranking" in text and "explain action" in text


def test_play_quit_and_cli_play_with_piped_input() -> None:
    g = tawa.new_game("toy-cards", 2, seed=4)
    answers = iter(["quit", "n", "quit", "y"])  # leaving is confirmed first
    try:
        play_game(g, ["human", "random"], 4, lambda prompt: next(answers), lambda t: None)
        raise AssertionError("expected Quit")
    except Quit:
        assert next(answers, None) is None and not g.history
    r = runner.invoke(app, ["play", "toy-cards", "--seed", "2"], input="1\n" * 40)
    assert r.exit_code == 0, r.output
    assert "Final ranking" in r.output
    r = runner.invoke(app, ["play", "toy-cards", "--seats", "random,random"])
    assert r.exit_code == 0 and "Final ranking" in r.output


def test_long_action_lists_are_grouped_and_filtered() -> None:
    from tawa.terminal.loop import LONG_LIST, action_menu

    legal = [tawa.Action(f"rotate {i}", f"Rotate tile {i}") for i in range(LONG_LIST + 5)] + [tawa.Action("pass")]
    menu = action_menu(legal)
    assert "type a word" in menu and f"+{LONG_LIST + 4} more 'rotate" in menu and "pass" in menu
    assert action_menu(legal, show_all=True).count("\n") == len(legal) - 1
    # grouped by the word the player reads: Ayar's placement ids start with "place", their texts with "Lay"
    lays = [tawa.Action(f"place r1c{i} e", f"Lay T05 on r1c{i}") for i in range(LONG_LIST + 1)]
    grouped = action_menu(lays)
    assert "more 'lay …'" in grouped and "'place" not in grouped

    class Many(toy_game.ToyGame):
        def _legal_actions(self):  # type: ignore[no-untyped-def]
            acts = super()._legal_actions()
            return (
                acts + [tawa.Action(f"pass {i}", f"Wait {i}") for i in range(LONG_LIST)]
                if acts[0].id != "pass"
                else acts
            )

    g = tawa.new_game("toy-cards", 2, seed=4)
    g.__class__ = Many
    answers = iter(["wait 3", "", "wait 1", "2", *["1"] * 5000])
    out: list[str] = []
    play_game(g, ["human", "random"], 4, lambda prompt: next(answers), out.append)
    text = "\n".join(out)
    assert "Actions matching 'wait 3'" in text and "Wait 3" in text and g.is_over
