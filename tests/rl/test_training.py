"""The worked example trains (a smoke run of a few thousand steps, as CI does) and its model plays as the bot spec
``policy:path=model.zip`` in ``tawa simulate``, seat-rotated like any bot."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

from typer.testing import CliRunner

import tawa
from tawa.bots import choose_for, make_bot
from tawa.cli import app
from tawa.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/train_maskable_ppo.py with a smoke budget: 2,560 steps against random, 512 against greedy."""
    out = tmp_path_factory.mktemp("ppo")
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    budget = [
        "--random-steps",
        "2560",
        "--greedy-steps",
        "512",
        "--n-steps",
        "512",
        "--eval-every",
        "2048",
        "--eval-games",
        "1",
    ]
    subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_maskable_ppo.py"), *budget, "--out", str(out)],
        check=True,
        env=env,
        timeout=600,
        capture_output=True,
    )
    return out


def test_the_smoke_training_writes_the_model_the_curve_and_the_summary(trained: Path) -> None:
    summary = json.loads((trained / "summary.json").read_text())
    assert summary["random_steps"] == 2560 and summary["greedy_steps"] == 512
    assert [row["steps"] for row in summary["curve"]] == [0, 2048]
    assert summary["obs_size"] == 1427 and summary["actions"] == 260
    for opponent in ("vs_random", "vs_greedy"):
        assert 0.0 <= summary["final"][opponent]["win_share"] <= 1.0
    assert (trained / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (trained / "curve.csv").read_text().startswith("steps,seconds,win_vs_random,win_vs_greedy")
    assert len((trained / "curve.jsonl").read_text().splitlines()) == 2 and (trained / "checkpoint.zip").exists()


def test_simulate_seats_the_trained_policy_as_a_bot(trained: Path) -> None:
    spec = f"policy:path={trained / 'model.zip'}"
    args = ["simulate", "ayar", "-n", "4", "-p", "2", "--seats", f"{spec},random", "--seed", "3", "--json"]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output)
    assert summary["games"] == 4 and summary["bots"][spec]["seats_played"] == 4, "seat-rotated: 2 games a seat"
    again = json.loads(runner.invoke(app, args).output)
    for key in ("wins_per_seat", "score_per_seat", "length", "bots"):
        assert again[key] == summary[key], "a deterministic policy plays the same games again"


def test_the_policy_bot_plays_legal_moves_from_the_observation_only(trained: Path) -> None:
    g = tawa.new_game("ayar", 2, 9)
    bots = [make_bot(f"policy:path={trained / 'model.zip'}:deterministic=0", 1), make_bot("random", 2)]
    rng = Rng(4)
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        g.apply(choose_for(bots[seat], g, seat, rng))  # IllegalAction would fail the test
    assert g.is_over


def test_a_policy_for_another_game_or_a_missing_file_is_refused(trained: Path) -> None:
    bot = make_bot(f"policy:path={trained / 'model.zip'}", 0)
    g = tawa.new_game("pachakuna", 2, 1)
    with pytest.raises(ValueError, match=r"trained on observations of shape \(1427,\) and 260 actions"):
        choose_for(bot, g, 0, Rng(1))
    with pytest.raises(ValueError, match="no model file"):
        make_bot("policy:path=/nowhere/model.zip", 0)
    with pytest.raises(ValueError, match="give the model file"):
        make_bot("policy", 0)
    r = runner.invoke(app, ["simulate", "ayar", "-n", "1", "--seats", "policy:path=/nowhere.zip,random"])
    assert r.exit_code != 0 and "no model file" in r.output
