"""What a learner typed, made safe to show: control characters as text, a long word cut.

A terminal runs the escape sequences it is given, and a page may hide text behind
direction marks: so what is shown back is written out, character by character.

>>> printable("\\x1b[2J\\x1b[31mQ♥")
'\\\\x1b[2J\\\\x1b[31mQ♥'
>>> printable("Q" * 30, limit=5)
'QQQQQ…'
"""

from __future__ import annotations

import unicodedata

__all__ = ["printable"]


def _shown(char: str) -> str:
    category = unicodedata.category(char)
    if category[0] == "C" or category in ("Zl", "Zp"):  # controls, format marks, separators
        return char.encode("unicode_escape").decode("ascii")
    return char


def printable(text: str, limit: int | None = None) -> str:
    """``text`` with every control or format character written out (``\\x1b``, ``\\u202e``),
    cut to ``limit`` characters (then ``…``) when a limit is given."""
    cut = text if limit is None or len(text) <= limit else text[:limit] + "…"
    return "".join(_shown(char) for char in cut)
