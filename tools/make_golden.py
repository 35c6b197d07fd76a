"""Write the golden transcripts of tests/golden (run after a deliberate change of play).

.venv/bin/python tools/make_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path

from rummy_learn.engine import Round
from rummy_learn.simulate import make_bots, play_round
from rummy_learn.variants import preset

GOLDEN = Path(__file__).parent.parent / "tests" / "golden"
ROUNDS = {
    "romme-seed7": (preset("romme"), 3, 7),
    "palace-knock-seed3": (preset("palace", ["knock"]), 4, 3),
    "rami51-seed11": (preset("rami51"), 2, 11),
}

for name, (rules, players, seed) in ROUNDS.items():
    game = Round(rules, players, seed=seed, dealer=seed % players)
    play_round(game, make_bots("mixed", rules, players, seed))
    text = json.dumps(game.to_json(), ensure_ascii=False, indent=1)
    (GOLDEN / f"{name}.json").write_text(text + "\n")
    print(name, game.outcome)
