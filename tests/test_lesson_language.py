"""The lessons' typography and numbers: the quotation marks and the plural forms of points.

Prose is every markdown cell and page (without code, directives and link targets) and
every quiz prompt in the lessons' code cells.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

LESSONS = Path(__file__).parent.parent / "lessons"
LANGUAGES = ("ru", "bg", "de")


def prose_of_markdown(text: str) -> str:
    """Markdown without fenced blocks, inline code and the targets of roles."""
    text = re.sub(r"^(`{3,}).*?^\1\s*$", "", text, flags=re.S | re.M)
    text = re.sub(r"\{[a-z]+\}`([^`<]*)(?:<[^>`]*>)?`", r"\1", text)  # {rterm}`words <id>`
    return re.sub(r"`[^`]*`", "", text)


def prompts_of_code(source: str, lang: str) -> list[str]:
    """The quiz prompts a code cell writes in ``lang``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "prompt":
                    prompts = ast.literal_eval(value)
                    if isinstance(prompts, dict) and lang in prompts:
                        found.append(prompts[lang])
    return found


def prompts_of_exercises(path: Path, lang: str) -> list[str]:
    """The words a quiz's exercise file shows in ``lang``."""
    import yaml

    found = []
    for exercise in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
        for field in ("prompt", "answers", "explain", "hint"):
            value = exercise.get(field)
            value = value.get(lang) if isinstance(value, dict) else value
            found.extend(value if isinstance(value, list) else [value] if value else [])
    return [str(v) for v in found]


def prose(lang: str) -> dict[str, str]:
    """Each page's prose in ``lang``: the lessons, the teacher's guide, the quizzes' words."""
    pages = {}
    for path in sorted((LESSONS / lang).rglob("*")):
        name = path.relative_to(LESSONS / lang).as_posix()
        if path.suffix == ".md":
            pages[name] = prose_of_markdown(path.read_text(encoding="utf-8"))
        elif path.suffix in (".yaml", ".yml"):
            pages[name] = "\n".join(prompts_of_exercises(path, lang))
        elif path.suffix == ".ipynb" and ".ipynb_checkpoints" not in path.parts:
            nb = nbformat.read(path, as_version=4)
            parts = [
                prose_of_markdown(c.source) if c.cell_type == "markdown" else
                "\n".join(prompts_of_code(c.source, lang))
                for c in nb.cells
            ]  # fmt: skip
            pages[name] = "\n".join(parts)
    return pages


def test_prose_is_found_in_every_lesson() -> None:
    pages = prose("de")
    assert len(pages) >= 11
    assert all(len(text) > 1500 for name, text in pages.items() if name.startswith("0"))
    assert "<joker>" not in "".join(pages.values())  # link targets are left out


def wrong_quotes(lang: str, text: str) -> list[str]:
    """Quotation marks the language does not use: « » and „ “ in Russian (inner „ “ only
    inside « »), „ “ in Bulgarian and German; never straight or English quotes."""
    if lang == "ru":
        text = re.sub(r"«[^«»]*„[^„“]*“[^«»]*»", "«»", text)  # inner quotes inside outer ones
        pattern = r'["“”„]'
    else:
        pattern = r'["«»”]'
    return re.findall(rf".{{0,20}}{pattern}.{{0,20}}", text)


@pytest.mark.parametrize(
    ("lang", "text", "found"),
    [
        ("ru", "Правило «Строгие группы» и «так называемый „рамми“ ход»", 0),
        ("ru", 'Правило "Строгие группы" и „Стук“', 3),
        ("bg", "„Строги групи“ и «Почукване»", 2),
        ("de", 'Die Regel „Strenge Gruppen“ und "Klopfen"', 2),
    ],
)
def test_the_quotation_check_can_fail(lang: str, text: str, found: int) -> None:
    assert len("".join(wrong_quotes(lang, text)).replace("…", "")) >= found
    assert bool(wrong_quotes(lang, text)) == bool(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_quotation_marks(lang: str) -> None:
    wrong = {name: wrong_quotes(lang, text) for name, text in prose(lang).items()}
    assert {name: lines for name, lines in wrong.items() if lines} == {}


def wrong_points(lang: str, text: str) -> list[str]:
    """Numbers with a form of the word for points that no case of that number takes."""
    found = []
    if lang == "ru":
        for number, word in re.findall(r"\b(\d+)\s+(очко|очка|очков)\b", text):
            n = int(number)
            many = n % 10 in (0, 5, 6, 7, 8, 9) or n % 100 in (11, 12, 13, 14)
            one = n % 10 == 1 and n % 100 != 11
            if (many and word != "очков") or (one and word == "очков"):
                found.append(f"{number} {word}")
    elif lang == "bg":
        for number, word in re.findall(r"\b(\d+)\s+(точка|точки)\b", text):
            if (number == "1") != (word == "точка"):
                found.append(f"{number} {word}")
    else:
        for number, word in re.findall(r"\b(\d+)\s+(Punkt|Punkte|Punkten)\b", text):
            if (number == "1") != (word == "Punkt"):
                found.append(f"{number} {word}")
    return found


@pytest.mark.parametrize(
    ("lang", "text", "wrong"),
    [
        ("ru", "5 очка, 21 очков, 22 очка, 41 очко, до 21 очка, 12 очков", ["5 очка", "21 очков"]),
        ("bg", "1 точки, 2 точка, 1 точка, 51 точки", ["1 точки", "2 точка"]),
        ("de", "1 Punkte, 2 Punkt, 1 Punkt, mit 40 Punkten", ["1 Punkte", "2 Punkt"]),
    ],
)
def test_the_plural_check_can_fail(lang: str, text: str, wrong: list[str]) -> None:
    assert wrong_points(lang, text) == wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_of_points(lang: str) -> None:
    found = {name: wrong_points(lang, text) for name, text in prose(lang).items()}
    assert {name: words for name, words in found.items() if words} == {}


def dashes_without_nbsp(text: str) -> list[str]:
    """Dashes between words that a line break may separate from the word before them."""
    return re.findall(r".{0,20}[^\u00a0\n]— .{0,10}", text)


def test_the_dash_check_can_fail() -> None:
    assert dashes_without_nbsp("Туз — карта") and not dashes_without_nbsp("Туз\u00a0— карта")


def test_russian_pages_set_dashes_with_a_non_breaking_space() -> None:
    """Lessons, exercise files and the teacher's guide (the review counted 83 bare dashes)."""
    found = {name: dashes_without_nbsp(text) for name, text in prose("ru").items()}
    assert {name: lines for name, lines in found.items() if lines} == {}


GERMAN_THOU = re.compile(r"\b(du|dir|dich|dein\w*)\b", re.IGNORECASE)


def test_the_thou_check_can_fail() -> None:
    assert GERMAN_THOU.findall("Bleibt sie dir, kostet sie 11 Punkte; deine Hand.") == [
        "dir",
        "deine",
    ]
    assert not GERMAN_THOU.findall("Die Karte passt zu keiner anderen Handkarte, durch dick.")


def test_german_move_explanations_are_impersonal() -> None:
    """The Game's log explains the computer players' moves with the same ``explain.*`` strings
    as the learner's hint: a German reviewer read „Bleibt sie dir …“ under the computer's discard.
    """
    from babel.messages.pofile import read_po

    po = LESSONS.parent / "rummy_learn/i18n/locale/de/LC_MESSAGES/rummy_learn.po"
    with po.open("rb") as file:
        catalog = read_po(file)
    found: dict[str, list[str]] = {}
    for message in catalog:
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        if str(key).startswith("explain."):
            words = [word for text in texts for word in GERMAN_THOU.findall(text)]
            if words:
                found[key] = words
    assert len([m for m in catalog if str(m.id).startswith("explain.")]) > 10
    assert found == {}
