"""Fingerprints of seeded Guatavita games, to show that a refactor plays the same games byte for byte.

    PYTHONPATH=src python scripts/gv_fingerprints.py record FILE    # write the fingerprints of this checkout
    PYTHONPATH=src python scripts/gv_fingerprints.py check FILE     # compare this checkout with FILE

For 2, 3 and 4 players, 8 seeds, with and without La Balsa, progress-biased and uniform play (Rng(seed * 31 + biased),
the round cap of automated runs), and 5 bot games (greedy and ismcts at their Guatavita defaults, through the lab's
``play_match``): the SHA-256 of ``to_json()`` in full and without its log (state, history, RNG, options), and of the
legal actions (ids, texts, progress weights) met along the way. ``scripts/gv_fingerprints.json`` holds those of commit
453439e, before issue 15's refactor.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

import tawa
from tawa.core.rng import Rng
from tawa.lab.playout import random_action
from tawa.lab.simulate import play_match

BOT_GAMES = (
    ("greedy2", 2, 5, ["greedy", "greedy"], {"MAX_ROUNDS": 40}),
    ("greedy3b", 3, 6, ["greedy", "progress", "greedy"], {"MAX_ROUNDS": 40, "balsa": True}),
    ("greedy4b", 4, 9, ["greedy", "greedy", "greedy", "greedy"], {"MAX_ROUNDS": 40, "balsa": True}),
    ("ismcts2", 2, 7, ["ismcts", "greedy"], {"MAX_ROUNDS": 8}),
    ("ismcts3b", 3, 8, ["ismcts", "greedy", "progress"], {"MAX_ROUNDS": 5, "balsa": True}),
)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _prints(g: tawa.Game) -> dict[str, Any]:
    doc = json.loads(g.to_json())
    doc.pop("log")
    return {
        "json": _sha(g.to_json()),
        "json_without_log": _sha(json.dumps(doc, sort_keys=True)),
        "moves": len(g.history),
        "scores": g.scores(),
    }


def record() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for players in (2, 3, 4):
        for seed in (1, 2, 3, 5, 8, 13, 19, 77):
            for balsa in (False, True):
                for biased in (True, False):
                    g = tawa.new_game("guatavita", players, seed, {"MAX_ROUNDS": 40, "balsa": balsa})
                    rng = Rng(seed * 31 + biased)
                    legal = hashlib.sha256()
                    while not g.is_over:
                        acts = g.legal_actions()
                        legal.update(json.dumps([[a.id, a.text] for a in acts]).encode())
                        legal.update(json.dumps(g.progress_weights(acts)).encode())
                        g.apply(random_action(g, rng, biased))
                    key = f"{players}p-s{seed}-{'balsa' if balsa else 'base'}-{'progress' if biased else 'uniform'}"
                    out[key] = {**_prints(g), "legal": legal.hexdigest()}
    for key, players, seed, seats, options in BOT_GAMES:
        g = tawa.new_game("guatavita", players, seed, options)
        play_match(g, seats, seed)
        out[f"bots-{key}"] = _prints(g)
    return out


def check(path: str) -> int:
    with open(path) as f:
        before = json.load(f)
    now = record()
    for field in ("json_without_log", "legal", "json"):
        same = [k for k in before if field in before[k] and before[k][field] == now[k].get(field)]
        total = sum(1 for k in before if field in before[k])
        print(f"{field}: {len(same)} of {total} games identical")
    return 0 if all(before[k]["json_without_log"] == now[k]["json_without_log"] for k in before) else 1


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("record", "check"):
        print(__doc__)
        sys.exit(2)
    if sys.argv[1] == "record":
        with open(sys.argv[2], "w") as f:
            json.dump(record(), f, indent=1, sort_keys=True)
        sys.exit(0)
    sys.exit(check(sys.argv[2]))
