"""Every command refuses bad input with one `error:` line in the user's terms, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tawa.cli import app

runner = CliRunner()
README = Path(__file__).resolve().parents[2] / "README.md"


def one_line_error(args: list[str], input: str | None = None) -> str:
    r = runner.invoke(app, args, input=input)
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert r.exit_code == 2, r.output
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert len(lines) == 1 and lines[0].startswith("error: "), r.output
    return lines[0]


def test_a_bad_bot_is_the_same_one_line_in_play_and_simulate() -> None:
    play = one_line_error(["play", "toy-parts", "-p", "3", "--seats", "human,foo,random"])
    simulate = one_line_error(["simulate", "toy-parts", "-p", "3", "--seats", "random,foo,random"])
    assert play == simulate == "error: unknown bot 'foo'; known: human, greedy, ismcts, policy, progress, random"
    assert "ismcts" in one_line_error(["play", "toy-parts", "--seats", "human,ismcts:bogus=1"])
    assert "bots only" in one_line_error(["simulate", "toy-parts", "-p", "2", "--seats", "human,random"])


@pytest.mark.parametrize(
    "args, words",
    [
        (["play", "toy-parts", "--players", "7"], "played by 2, 3 players, not 7"),
        (["play", "toy-parts", "-p", "3", "--seats", "human,random"], "names 2 seats but the game has 3 players"),
        (["play", "toy-parts", "--seats", "human,random,random,random"], "played by 2, 3 players, not 4"),
        (["play", "toy-parts", "--option", "NOPE=1"], "unknown option 'NOPE'"),
        (["play", "toy-parts", "--option", "TRACK=[0,3,1,6,10]"], "TRACK (TP-011): must be nondecreasing"),
        (["play", "toy-parts", "--option", "HAND_SIZE=9"], "HAND_SIZE (TP-001)"),
        (["play", "toy-parts", "--option", "HAND_SIZE"], "needs KEY=VALUE"),
        (
            ["play", "toy-parts", "-p", "3", "--option", "FIRST_BY_COUNT=[0]"],
            "the game cannot start with FIRST_BY_COUNT=[0] (IndexError: list index out of range); "
            "the value breaks a shape the option does not declare: "
            "`tawa rules toy-parts FIRST_BY_COUNT` shows what it holds",
        ),
        (["simulate", "toy-parts", "--option", "FIRST_BY_COUNT=[0]"], "cannot start with FIRST_BY_COUNT=[0]"),
        (["play", "chess"], "no game 'chess'"),
        (["play"], "name a game"),
        (["play", "toy-parts", "--seed", "-1"], "seed must be"),
        (["simulate", "toy-parts", "--players", "7"], "played by 2, 3 players, not 7"),
        (["simulate", "toy-parts", "--option", "TRACK=[0,1]"], "TRACK (TP-011): expected exactly 5 values"),
        (["bench", "toy-parts", "--players", "7"], "played by 2, 3 players, not 7"),
        (["bench", "toy-parts", "--seconds", "0"], "--seconds must be more than 0"),
        (["rules", "toy-parts", "NOPE"], "no option or data value 'NOPE'"),
        (["replay", "/no/such/file.jsonl"], "cannot use /no/such/file.jsonl: no such file or directory"),
        (["report", "/no/such/folder"], "no simulate results"),
    ],
)
def test_bad_input_is_one_line(args: list[str], words: str) -> None:
    assert words in one_line_error(args)


@pytest.mark.parametrize(
    "args, words",
    [
        (["-n", "0"], "the number of games (-n) must be at least 1, got 0"),
        (["-n", "-3"], "the number of games (-n) must be at least 1, got -3"),
        (["--jobs", "0"], "--jobs must be at least 1, got 0"),
        (["--seats", "foo"], "unknown bot 'foo'"),
        (["--option", "NOPE=1"], "unknown option"),
    ],
)
def test_simulate_refuses_empty_runs_and_leaves_no_empty_progress_bar(args: list[str], words: str) -> None:
    r = runner.invoke(app, ["simulate", "toy-parts", *args])
    assert r.exit_code == 2 and words in r.output
    assert "games/s" not in r.output and "0/100" not in r.output, r.output  # no bar was started


def test_replay_says_which_games_a_file_holds_and_what_is_not_a_record(tmp_path: Path) -> None:
    r = runner.invoke(app, ["simulate", "toy-parts", "-n", "3", "--out", str(tmp_path)])
    assert r.exit_code == 0, r.output
    results = tmp_path / "toy-parts.jsonl"
    assert (
        one_line_error(["replay", str(results), "--game", "99"])
        == f"error: {results} holds 3 games, numbered 0-2; there is no game 99"
    )
    assert "is not a Tawa record" in one_line_error(["replay", str(README)])
    assert "is not a Tawa record" in one_line_error(["replay", str(tmp_path / "toy-parts.run.json")])
    assert (
        one_line_error(["replay", str(results), "--seat", "5"])
        == "error: --seat must be 0 to 2 (or left out: a spectator), got 5"
    )
    r = runner.invoke(app, ["replay", str(results), "--game", "2", "--all"])
    assert r.exit_code == 0 and "Final ranking" in r.output and "North:" in r.output  # seats by their names
    damaged = json.loads(results.read_text().splitlines()[0])
    damaged["history"][1] = "play 99"
    (tmp_path / "bad.jsonl").write_text(json.dumps(damaged) + "\n")
    assert "move 2 ('play 99') is not legal there" in one_line_error(["replay", str(tmp_path / "bad.jsonl")])


def test_the_game_numbers_of_a_parallel_run_are_its_index_not_its_line(tmp_path: Path) -> None:
    r = runner.invoke(app, ["simulate", "toy-parts", "-n", "4", "--out", str(tmp_path), "--seed", "3"])
    assert r.exit_code == 0
    f = tmp_path / "toy-parts.jsonl"
    recs = [json.loads(x) for x in f.read_text().splitlines()]
    f.write_text("".join(json.dumps(x) + "\n" for x in reversed(recs)))  # as --jobs may write them
    r = runner.invoke(app, ["replay", str(f), "--game", "1", "--all"])
    assert r.exit_code == 0 and "seed 4" in r.output  # game 1 of a run from seed 3
    del recs[2]
    f.write_text("".join(json.dumps(x) + "\n" for x in recs))
    assert "holds 3 games, numbered 0-1, 3; there is no game 2" in one_line_error(["replay", str(f), "--game", "2"])
