"""Where a variant's values come from: a seed document, the line that decides, or the kit.

The kit's rules were taken from four documents (the *seeds*): 000 the Rummy Palace
glossary, 001 a Rummy 40 room's rules page, 002 a Bulgarian Rami app's rules page, 003
an article on German Rommé and Scala 40. A value is either stated by one of them or
**not stated**: the kit chose it and says so. Where one line of a seed decides a value,
or where the kit's choice needs a word, the :class:`Provenance` carries the line and a
note (in English, in the kit's own words).

>>> Provenance(Source.ROMME, 48, "an ace after the king counts 11").cite()
'003:48'
>>> Provenance(Source.NOT_STATED).cite(), Source.NOT_STATED.seed
('*', None)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["Provenance", "Source"]


class Source(Enum):
    """Where a value comes from: one of the seed documents, or nowhere."""

    PALACE = "000"
    RUMMY40 = "001"
    RAMI = "002"
    ROMME = "003"
    NOT_STATED = "not stated in the source"

    @property
    def seed(self) -> str | None:
        """The seed's number (``000``…``003``), or ``None`` when not stated."""
        return None if self is Source.NOT_STATED else self.value

    @property
    def title(self) -> str:
        """What the source is."""
        return _SOURCE_TITLES[self]


_SOURCE_TITLES = {
    Source.PALACE: "Rummy Palace glossary and special rules (seed 000)",
    Source.RUMMY40: "rules page of an online Rummy 40 room (seed 001)",
    Source.RAMI: "rules page of a Bulgarian Rami 40 / Rami 51 app (seed 002)",
    Source.ROMME: "encyclopedic article on German Rommé and Scala 40 (seed 003)",
    Source.NOT_STATED: "not stated in the source: the kit's choice",
}


@dataclass(frozen=True)
class Provenance:
    """A value's source; the seed's line that decides it, if one does; a note, if needed."""

    source: Source
    line: int | None = None  # a line of the seed (of the variant's seed, if not stated)
    note: str = ""  # what that line says, or why the kit chose so

    @property
    def stated(self) -> bool:
        """True when a seed states the value."""
        return self.source is not Source.NOT_STATED

    def cite(self) -> str:
        """Short: the seed and line (``003:48``), the seed (``003``), or ``*`` (the kit's).

        >>> Provenance(Source.RAMI).cite()
        '002'
        """
        if not self.stated:
            return "*"
        return f"{self.source.value}:{self.line}" if self.line else self.source.value
