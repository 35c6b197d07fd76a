"""The catalogs: every message in every language, right plurals, placeholders, typography."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from rummy_learn.cards import RANKS, SUITS, Card
from rummy_learn.explain import Why
from rummy_learn.hints import HintCode
from rummy_learn.i18n import LANGUAGES, plural, points_text, set_language, text, translations
from rummy_learn.i18n.describe import card_key, card_name, move_problem_lines, reason_message
from rummy_learn.melds import MeldKind
from rummy_learn.notation import ParseProblem, format_card, parse_cards, rank_index
from rummy_learn.outcome import EndReason
from rummy_learn.reasons import Problem, Reason
from rummy_learn.refusals import MoveProblem, Refusal
from rummy_learn.variants import PRESETS

LOCALE = Path(__file__).parent.parent / "rummy_learn" / "i18n" / "locale"
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def catalog(lang):
    with (LOCALE / lang / "LC_MESSAGES" / "rummy_learn.po").open("rb") as handle:
        return read_po(handle)


def messages(lang):
    return {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog(lang) if m.id}


def fields(message):
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return [
        {name for _, name, _, _ in string.Formatter().parse(s) if name is not None} for s in strings
    ]


# Every key the code asks for, beyond the catalogs' own list.
DYNAMIC_KEYS = (
    [f"reason.{r.value}" for r in Reason]
    + [f"parse.{p.value}" for p in ParseProblem]
    + [card_key(Card(rank, suit)) for rank in RANKS for suit in SUITS]
    + ["card.joker"]
    + [f"kind.{k.value}" for k in MeldKind]
    + [f"verdict.valid_{k.value}" for k in MeldKind]
    + [f"verdict.invalid_{k.value}" for k in MeldKind]
    + [f"variant.{v}" for v in PRESETS]
    + [f"suit.{name}" for name in ("clubs", "spades", "hearts", "diamonds")]
    + [f"index.{r}" for r in "JQKA"]
    + [f"refusal.{r.value}" for r in Refusal]
    + [f"hint.{h.value}" for h in HintCode]
    + ["reason.gap_jokers", "parse.hint_lang", "error.meld_number", "hint.no_minimum"]
    + [f"game.over.{r.value}" for r in EndReason]
    + [f"explain.{w.value}" for w in Why]
    + ["explain.keeps", "explain.holds", "explain.or", "explain.and"]
)


def keys_used_in_code():
    """Literal keys passed to text()/plural() anywhere in the package."""
    found = set()
    for path in (LOCALE.parent.parent).rglob("*.py"):
        pattern = r'\b(?:text|plural)\(\s*"([a-z_]+\.[a-z_.]*[a-z_]|points)"\s*[,)]'
        found |= set(re.findall(pattern, path.read_text()))
    return found


def test_every_key_the_code_uses_is_in_the_reference_catalog():
    english = messages("en")
    used = keys_used_in_code() | set(DYNAMIC_KEYS)
    assert len(used) > 90
    assert sorted(used - english.keys()) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_every_language_has_every_message(lang):
    english, other = messages("en"), messages(lang)
    assert list(other) == list(english), "same keys in the same order"
    for key, message in other.items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in strings), f"{lang}: {key} is not translated"
        assert not message.fuzzy, f"{lang}: {key} is fuzzy"


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_match_english(lang):
    english, other = messages("en"), messages(lang)
    for key, message in other.items():
        wanted = set().union(*fields(english[key]))
        for form in fields(message):
            assert form == wanted, f"{lang}: {key} has {form}, English has {wanted}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_entries_have_every_form(lang):
    cat = catalog(lang)
    for message in cat:
        if isinstance(message.id, tuple):
            assert len(message.string) == cat.num_plurals, f"{lang}: {message.id[0]}"


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("ru", 1, "1 очко"),
        ("ru", 2, "2 очка"),
        ("ru", 5, "5 очков"),
        ("ru", 11, "11 очков"),
        ("ru", 21, "21 очко"),
        ("ru", 22, "22 очка"),
        ("ru", 41, "41 очко"),
        ("ru", 42, "42 очка"),
        ("ru", 45, "45 очков"),
        ("ru", 111, "111 очков"),
        ("ru", 0, "0 очков"),
        ("bg", 1, "1 точка"),
        ("bg", 2, "2 точки"),
        ("bg", 21, "21 точки"),
        ("de", 1, "1 Punkt"),
        ("de", 2, "2 Punkte"),
        ("de", 0, "0 Punkte"),
        ("en", 1, "1 point"),
        ("en", 2, "2 points"),
    ],
)
def test_points_plurals(lang, n, expected):
    assert points_text(n, lang) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_has_words(lang):
    english = {r: reason_message(Problem(r, limit=2), "en") for r in Reason}
    for reason in Reason:
        message = reason_message(Problem(reason, cards=tuple(parse_cards("7♠")), limit=2), lang)
        assert message and not message.startswith("reason.")
        if lang != "en":
            assert message != english[reason], f"{lang}: {reason} is still English"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_limits_are_counted_in_words(lang):
    for limit in (1, 2, 5, 13):
        message = reason_message(Problem(Reason.TOO_MANY_JOKERS, limit=limit), lang)
        assert str(limit) in message


def test_russian_limits_read_right():
    assert "1 джокера" in plural("reason.too_many_jokers", 1, "ru", limit=1)
    assert "карт" in plural("reason.too_few_cards", 3, "ru", limit=3)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_spoken_names_parse_back(lang):
    """The catalog's card names and the parser's local words agree, card by card."""
    names = set()
    for rank in RANKS:
        for suit in SUITS:
            card = Card(rank, suit)
            name = card_name(card, lang)
            names.add(name)
            assert parse_cards(name, lang) == [card], f"{lang}: {name!r}"
    assert len(names) == 52
    assert parse_cards(card_name(Card.joker(), lang), lang) == [Card.joker()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_corner_indices_are_the_notation(lang):
    for rank in RANKS[10:] + RANKS[:1]:
        assert text(f"index.{rank.ascii}", lang) == rank_index(rank, lang)


def test_card_names_as_players_say_them():
    card = parse_cards("Qs")[0]
    assert [card_name(card, lang) for lang in LANGUAGES] == [
        "дама пик",
        "дама пика",
        "Pik-Dame",
        "queen of spades",
    ]
    assert format_card(card, "local", "bg") == "Д♠"


QUOTES = {"ru": ("«", "»"), "bg": ("„", "“"), "de": ("„", "“"), "en": ("“", "”")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_quotation_marks(lang):
    opening, closing = QUOTES[lang]
    for key, message in messages(lang).items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for s in strings:
            assert '"' not in s, f"{lang}: straight quotes in {key}"
            assert s.count(opening) == s.count(closing), f"{lang}: unbalanced quotes in {key}"
            wrong = set("«»„“”") - {opening, closing}
            assert not wrong & set(s), f"{lang}: foreign quotation marks in {key}: {s}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_compiled_catalog_is_current(lang):
    """The .mo in the package says what the .po says (reinstall after editing a .po)."""
    path = LOCALE / lang / "LC_MESSAGES" / "rummy_learn.mo"

    def flat(messages):
        def norm(value):
            return tuple(value) if isinstance(value, list | tuple) else value

        return {norm(m.id): norm(m.string) for m in messages if m.id}

    with path.open("rb") as handle:
        assert flat(read_mo(handle)) == flat(catalog(lang))


def test_default_language_is_global():
    set_language("bg")
    assert points_text(2) == "2 точки"
    with pytest.raises(ValueError, match="unknown language"):
        set_language("fr")
    assert translations("de") is translations("de")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_has_words(lang):
    for code in Refusal:
        problem = MoveProblem(code, cards=tuple(parse_cards("7♠")), number=3, limit=40)
        lines = move_problem_lines(problem, lang)
        assert lines[0] and not lines[0].startswith("refusal.")
        if lang != "en":
            assert lines[0] != move_problem_lines(problem, "en")[0], f"{lang}: {code} is English"


def test_refusal_with_meld_reasons():
    from rummy_learn.reasons import Problem, Reason

    problem = MoveProblem(Refusal.INVALID_MELD, problems=(Problem(Reason.GAP, limit=1),), number=2)
    assert move_problem_lines(problem, "ru") == [
        text("refusal.invalid_meld", "ru", number=2),
        plural("reason.gap_jokers", 1, "ru", limit=1),
    ]


@pytest.mark.parametrize(
    ("lang", "stock"),
    [("en", "stock"), ("ru", "колод"), ("bg", "талона"), ("de", "Talon")],
)
def test_a_knocks_log_line_names_the_card_drawn_from_the_stock(lang, stock):
    """A knock takes the last discard *and* one card from the stock; the log says both (the
    English, Bulgarian and German lines once left the stock card out)."""
    line = text("game.log.knock", lang, player="P", cards="7♠")
    assert "7♠" in line and stock in line


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", ["ui.python_failed", "ui.python_no_wasm", "ui.python_from_disk"])
def test_a_page_whose_python_fails_sends_the_learner_to_a_browser_not_to_jupyter(lang, key):
    """The book's readers have no Jupyter: the page says what they can do in a browser."""
    message = text(key, lang)
    assert message != key and "Jupyter" not in message


@pytest.mark.parametrize(
    ("lang", "n", "shown"),
    [("ru", -53, "−53 очка"), ("ru", -9, "−9 очков"), ("ru", -21, "−21 очко"),
     ("bg", -1, "−1 точка"), ("de", -1, "−1 Punkt"), ("en", -2, "−2 points")],
)  # fmt: skip
def test_a_score_below_zero_takes_the_plural_of_its_size_and_a_true_minus(lang, n, shown):
    """The Game's results once read «-53 очков» and «-9 очко» (a Russian teacher)."""
    assert points_text(n, lang) == shown


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [("de", "6♦ passt nicht", "Diese Karten passen nicht"),
     ("ru", "На место джокера нельзя положить 6♦", "На место джокера нельзя положить 6♦ 5♥"),
     ("bg", "6♦ не може", "Тези карти не могат"),
     ("en", "6♦ cannot", "These cards cannot")],
)  # fmt: skip
def test_a_swap_refused_for_several_cards_says_so_in_the_plural(lang, one, two):
    """«6♦ 5♥ kann den Platz des Jokers nicht einnehmen» (a German teacher): the verb agrees."""
    refused = MoveProblem(Refusal.SWAP_CARD_DOES_NOT_FIT, cards=tuple(parse_cards("6♦")))
    assert move_problem_lines(refused, lang)[0].startswith(one)
    refused = MoveProblem(Refusal.SWAP_CARD_DOES_NOT_FIT, cards=tuple(parse_cards("6♦ 5♥")))
    assert move_problem_lines(refused, lang)[0].startswith(two)
