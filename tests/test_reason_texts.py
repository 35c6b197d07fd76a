"""The reasons read right in every language (issue 11, item 5).

One card is named in the singular; a gap names the cards it lacks; K-A-2 gets one
reason; one natural card with jokers is no *set*; Rommé's rule against one natural card
and two jokers is said as the source says it; strict groups name the card out of place.
"""

from __future__ import annotations

import pytest
from helpers import cards

from rummy_learn.i18n import LANGUAGES, plural, text
from rummy_learn.i18n.describe import verdict_lines, verdict_title
from rummy_learn.melds import check_meld
from rummy_learn.reasons import Reason
from rummy_learn.variants import preset


def lines(meld, variant="romme", lang="en", options=()):
    return verdict_lines(check_meld(cards(meld), preset(variant, options)), lang)


def test_one_card_that_does_not_fit_is_named_in_the_singular():
    assert lines("5♠ 5♥ 5♦ 6♣", lang="ru")[1] == (
        "В группе все карты одного достоинства, а эта карта сюда не подходит: 6♣."
    )
    assert lines("5♠ 6♠ 7♥", lang="ru")[1] == (
        "В секвенции все карты одной масти, а эта карта сюда не подходит: 7♥."
    )
    assert lines("5♠ 6♠ 7♠ 8♥ 9♦", lang="ru")[1].endswith("а эти карты сюда не подходят: 8♥ 9♦.")


@pytest.mark.parametrize(
    ("lang", "one", "two"),
    [
        ("ru", "эта карта сюда не подходит", "эти карты сюда не подходят"),
        ("bg", "а тази е от друга боя", "а тези са от друга боя"),
        ("de", "Diese Karte passt nicht", "Diese Karten passen nicht"),
        ("en", "this one does not fit", "these do not fit"),
    ],
)
def test_singular_and_plural_in_every_language(lang, one, two):
    assert one in lines("5♠ 6♠ 7♥", lang=lang)[1]
    assert two in lines("5♠ 6♠ 7♠ 8♥ 9♦", lang=lang)[1]


@pytest.mark.parametrize(
    ("meld", "lang", "expected"),
    [
        ("5♥ 6♥ 9♥", "en", "The run has a gap. Missing: 7♥ 8♥."),
        ("5♥ 6♥ 8♥", "ru", "В секвенции есть пропуск. Не хватает карты 7♥."),
        ("5♥ 6♥ 9♥", "ru", "В секвенции есть пропуск. Не хватает карт 7♥ 8♥."),
        ("5♥ 6♥ 8♥", "bg", "В поредицата има пропуск. Липсва 7♥."),
        ("5♥ 6♥ 9♥", "de", "Die Folge hat eine Lücke. Es fehlen 7♥ 8♥."),
        (
            "5♥ Jkr 9♥ 10♥",
            "en",
            "The run has a gap that the joker cannot fill. Missing: 6♥ 7♥ 8♥.",
        ),
        ("2♥ 3♥ 9♥", "en", "The run has a gap. 5 cards are missing."),
        ("A♥ 2♥ 4♥", "en", "The run has a gap. Missing: 3♥."),
        ("J♥ Q♥ A♥", "en", "The run has a gap. Missing: K♥."),  # the ace high: the nearer gap
    ],
)
def test_the_gap_names_the_missing_cards(meld, lang, expected):
    assert lines(meld, lang=lang)[1:] == [expected]


def test_a_gap_round_the_corner_names_the_cards_there():
    check = check_meld(cards("Q♥ 2♥ 3♥"), preset("palace", ["cyclic_runs"]))
    assert check.reasons == (Reason.GAP,)
    assert [str(c) for c in check.problems[0].cards] == ["K♥", "A♥"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_king_ace_two_gets_one_reason(lang):
    check = check_meld(cards("K♠ A♠ 2♠"), preset("romme"))
    assert check.reasons == (Reason.WRAP_AROUND,)
    assert len(verdict_lines(check, lang)) == 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_natural_card_and_jokers_is_no_set(lang):
    check = check_meld(cards("Jkr 5♥ Jkr"), preset("romme"))
    assert check.kind is None
    assert verdict_title(check, lang) == text("verdict.invalid", lang)
    assert verdict_title(check, lang) != text("verdict.invalid_set", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_romme_says_what_the_source_forbids(lang):
    """003: no meld of one natural card and two jokers (not: at least 2 natural cards)."""
    said = lines("Jkr 5♥ Jkr", lang=lang)[1:]
    assert said == [text("reason.one_natural_two_jokers", lang)]
    assert said != [plural("reason.too_few_naturals", 2, lang, limit=2)]
    # one natural card and three jokers: the kit's reading of the rule, in its own words
    more = lines("Jkr 5♥ Jkr Jkr", lang=lang)[1:]
    assert more == [plural("reason.too_few_naturals", 2, lang, limit=2)]


@pytest.mark.parametrize(
    ("meld", "lang", "named"),
    [
        ("Jkr 5♣ 5♠", "en", "Out of place: joker."),
        ("5♥ 5♣ 5♠", "ru", "Не на своём месте: 5♥."),
        ("5♣ 5♠ 5♦", "bg", f"{plural('reason.gap_missing', 1, 'bg', cards='5♥')}"),
        ("5♣ 5♥ 5♦", "ru", f"{plural('reason.gap_missing', 1, 'ru', cards='5♠')}"),
        ("5♠ 5♣ 5♥ 5♦", "de", "Am falschen Platz: 5♠ 5♣."),
    ],
)
def test_strict_groups_name_the_card_out_of_place(meld, lang, named):
    """A card out of place is named; natural cards in the suits' order with a suit left out
    name the card the gap lacks (a Russian teacher: in 5♣ 5♥ 5♦ the clubs are in place)."""
    (line,) = lines(meld, "palace", lang, ["strict_groups"])[1:]
    assert line.endswith(named)
    assert line.startswith(text("reason.strict_group_order", lang))


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "The joker stands for one of the missing cards: Q♠ Q♥"),
        ("bg", "Жокерът замества една от липсващите карти: Д♠ Д♥"),
        ("de", "Der Joker gilt als eine der fehlenden Karten: D♠ D♥"),
        ("ru", "Джокер\u00a0— одна из недостающих карт: Д♠ Д♥"),
    ],
)
def test_a_sets_joker_is_any_missing_suit_not_one_at_random(lang, line):
    """A Bulgarian teacher: «Д♣ Д♦ жокер» said the joker was the queen of spades, as if the
    queen of hearts could not take it. Where the order fixes the suit, one card is named."""
    assert lines("Q♣ Q♦ Jkr", "rami40", lang)[1] == line
    assert lines("Q♣ Q♦ Q♥ Jkr", "rami40", "en")[1] == "The joker stands for queen of spades"
    strict = lines("Q♣ Jkr Q♥", "palace", "en", ["strict_groups"])
    assert strict[1] == "The joker stands for queen of spades"  # ♣ 🃏 ♥: the order says ♠


def test_a_sets_open_joker_is_drawn_as_a_joker_not_as_one_suit():
    import re

    from rummy_learn.render import meld_html

    open_set = meld_html(check_meld(cards("Q♣ Q♦ Jkr"), preset("rami40")), "bg")
    assert re.findall(r'aria-label="([^"]+)"', open_set)[1] == "жокер"
    closed = meld_html(check_meld(cards("Q♣ Q♦ Q♥ Jkr"), preset("rami40")), "bg")
    assert "Жокерът замества дама пика" in closed
