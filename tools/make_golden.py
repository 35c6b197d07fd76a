"""Write the golden playthroughs of tests/golden (run after a deliberate change of play).

Each file holds a round played by seeded bots (its save: rules, deal, moves) and its
playthrough: at every move, every legal move there was (as OpenSpiel's playthroughs), so
that a change in what the rules allow shows in the diff.

.venv/bin/python tools/make_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path

from rummy_learn.engine import Round
from rummy_learn.simulate import make_bots, play_round, playthrough
from rummy_learn.variants import preset

GOLDEN = Path(__file__).parent.parent / "tests" / "golden"
ROUNDS = {
    "romme-seed7": (preset("romme"), 3, 7),
    "palace-knock-seed3": (preset("palace", ["knock"]), 4, 3),
    "rami51-seed11": (preset("rami51"), 2, 11),
    "rummy40-seed5": (preset("rummy40"), 3, 5),
    "scala40-seed2": (preset("scala40"), 2, 2),
}

if __name__ == "__main__":
    for name, (rules, players, seed) in ROUNDS.items():
        game = Round(rules, players, seed=seed, dealer=seed % players)
        play_round(game, make_bots("mixed", rules, players, seed))
        golden = {"save": game.to_json(), "playthrough": playthrough(game)}
        text = json.dumps(golden, ensure_ascii=False, indent=1)
        (GOLDEN / f"{name}.json").write_text(text + "\n")
        print(name, game.outcome)
