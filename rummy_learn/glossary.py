"""The glossary: one data file, stable term ids, words and definitions in ru, bg, de, en.

Each term has an id (its anchor is ``#term-<id>`` in every language), related terms, the
:class:`~rummy_learn.rules.Rules` switches it explains, the sources that speak of it, the
ids of the book's examples that show it, and for each language its name, its synonyms
and a definition written for the kit. The kit's glossary holds all four languages; an
author's glossary may hold only the languages its project builds.

>>> from pathlib import Path
>>> glossary = load_glossary(Path(__file__).parent.parent / "lessons" / "glossary.yaml")
>>> glossary["joker"].words["de"].name, "knock" in glossary
('Joker', True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummy_learn.rules import switch_names
from rummy_learn.variants import PRESETS

__all__ = ["GLOSSARY_LANGUAGES", "Glossary", "Term", "Words", "load_glossary"]

GLOSSARY_LANGUAGES: tuple[str, ...] = ("ru", "bg", "de", "en")


@dataclass(frozen=True)
class Words:
    """A term in one language."""

    name: str
    synonyms: tuple[str, ...]
    definition: str


@dataclass(frozen=True)
class Term:
    """One glossary term."""

    id: str
    related: tuple[str, ...]
    switches: tuple[str, ...]
    sources: tuple[str, ...]
    words: Mapping[str, Words]
    examples: tuple[str, ...] = ()
    """Ids of the book's checked examples that show the term (``rummy-example`` ids)."""
    games: tuple[str, ...] = ()
    """The presets the term belongs to (``palace``, ``romme``…); empty: every game."""

    def belongs_to(self, games: Iterable[str]) -> bool:
        """Whether the term is one of these games' (a term of every game always is).

        >>> Term("knock", (), (), (), {}, games=("palace",)).belongs_to(["romme"])
        False
        """
        return not self.games or bool(set(self.games) & set(games))

    def words_in(self, lang: str) -> Words:
        """The term in ``lang``; in a language the glossary lacks, its id and no definition.

        >>> term = Term("lay_off", (), (), (), {})
        >>> term.words_in("en")
        Words(name='lay off', synonyms=(), definition='')
        """
        return self.words.get(lang) or Words(self.id.replace("_", " "), (), "")

    @property
    def anchor(self) -> str:
        """The anchor of the term on every language's glossary page."""
        return "term-" + self.id.replace("_", "-")


class Glossary(Mapping[str, Term]):
    """The terms by id, in the file's order."""

    def __init__(self, terms: list[Term]) -> None:
        self._terms = {t.id: t for t in terms}

    def __getitem__(self, key: str) -> Term:
        return self._terms[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._terms)

    def __len__(self) -> int:
        return len(self._terms)


def _strings(value: object, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"{where}: a list of words is needed")
    return tuple(value)


def _term(data: Mapping[str, Any], languages: Iterable[str]) -> Term:
    term_id = data.get("id")
    if not isinstance(term_id, str) or not term_id:
        raise ValueError(f"a term without an id: {data!r}")
    words = {}
    for lang in GLOSSARY_LANGUAGES:
        entry = data.get(lang)
        if entry is None and lang not in languages:
            continue
        if not isinstance(entry, dict) or not entry.get("name") or not entry.get("definition"):
            raise ValueError(f"term {term_id!r}: {lang} needs a name and a definition")
        words[lang] = Words(str(entry["name"]), _strings(entry.get("synonyms"), term_id),
                            str(entry["definition"]))  # fmt: skip
    if not words:
        raise ValueError(f"term {term_id!r}: no language ({', '.join(GLOSSARY_LANGUAGES)})")
    return Term(
        term_id,
        _strings(data.get("related"), term_id),
        _strings(data.get("switches"), term_id),
        _strings(data.get("sources"), term_id),
        words,
        _strings(data.get("examples"), term_id),
        _strings(data.get("games"), term_id),
    )


def load_glossary(path: str | Path, languages: Iterable[str] = ()) -> Glossary:
    """Read and check the glossary file (YAML; needs PyYAML, from the notebook extra); every
    term needs a name and a definition in each of ``languages`` (a project's language)."""
    import yaml  # type: ignore[import-untyped]

    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError(f"{path}: the glossary is a list of terms")
    glossary = Glossary([_term(entry, tuple(languages)) for entry in data])
    known = set(switch_names())
    for term in glossary.values():
        unknown = [r for r in term.related if r not in glossary]
        if unknown:
            raise ValueError(f"term {term.id!r} relates to unknown terms {unknown}")
        wrong = [s for s in term.switches if s not in known]
        if wrong:
            raise ValueError(f"term {term.id!r} names unknown switches {wrong}")
        strange = [g for g in term.games if g not in PRESETS]
        if strange:
            raise ValueError(f"term {term.id!r} names unknown games {strange}")
    return glossary
