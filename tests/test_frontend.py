"""The widgets' front-end unit tests (vitest, in widgets/tests), run as part of the suite."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).parent.parent


def test_front_end_unit_tests():
    result = subprocess.run(["npx", "vitest", "run", "--root", "widgets"], cwd=ROOT,
                            capture_output=True, text=True, check=False)  # fmt: skip
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and " failed" not in result.stdout
