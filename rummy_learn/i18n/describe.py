"""The core's values in words: card names, reasons, verdicts, openings, parse errors.

>>> from rummy_learn.notation import parse_cards
>>> from rummy_learn.melds import check_meld
>>> from rummy_learn.variants import preset
>>> card_name(parse_cards("Qs")[0], "en")
'queen of spades'
>>> check = check_meld(parse_cards("Jkr 7♠ 8♠"), preset("rami40"))
>>> verdict_lines(check, "en")
['Valid run: 21 points', 'The joker stands for six of spades']
>>> verdict_lines(check_meld(parse_cards("7♠ 7♠ 7♥"), preset("rami40")), "en")[1]
'All cards of a set have different suits; this suit is already there: 7♠.'
"""

from __future__ import annotations

from collections.abc import Iterable

from rummy_learn.actions import Meld
from rummy_learn.cards import Card, Suit
from rummy_learn.hints import Hint, HintStep
from rummy_learn.i18n import get_language, plural, points_text, text
from rummy_learn.i18n.printable import printable
from rummy_learn.melds import MeldCheck, MeldKind
from rummy_learn.notation import CardParseError, format_cards
from rummy_learn.reasons import Problem, Reason
from rummy_learn.refusals import MoveProblem, Refusal
from rummy_learn.scoring import OpeningCheck

__all__ = [
    "card_key",
    "card_name",
    "hint_lines",
    "kind_name",
    "move_problem_lines",
    "opening_line",
    "parse_error_message",
    "reason_message",
    "suit_name",
    "variant_name",
    "variant_title",
    "verdict_lines",
    "verdict_title",
]

_SUIT_KEYS = {
    Suit.CLUBS: "clubs",
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
}


def card_key(card: Card) -> str:
    """The catalog key of a card's spoken name (``card.Qs``, ``card.joker``)."""
    if card.rank is None or card.suit is None:
        return "card.joker"
    return f"card.{card.rank.ascii}{card.suit.value}"


def card_name(card: Card, lang: str | None = None) -> str:
    """The spoken name of a card, for screen readers and lessons.

    >>> from rummy_learn.notation import parse_card
    >>> [card_name(parse_card("Qs"), lang) for lang in ("ru", "bg", "de")]
    ['дама пик', 'дама пика', 'Pik-Dame']
    """
    return text(card_key(card), lang)


def suit_name(suit: Suit, lang: str | None = None) -> str:
    """The name of a suit."""
    return text("suit." + _SUIT_KEYS[suit], lang)


def kind_name(kind: MeldKind, lang: str | None = None) -> str:
    """The lesson's word for a set or a run."""
    return text("kind." + kind.value, lang)


def variant_name(variant: str, lang: str | None = None) -> str:
    """A preset's name as players of the language call it."""
    return text("variant." + variant, lang)


def variant_title(variant: str, options: Iterable[str] = (), lang: str | None = None) -> str:
    """A preset's name and its table options, each option quoted as the language quotes.

    >>> variant_title("palace", ["strict_groups"], "ru")
    'Rummy Palace + «Строгие группы»'
    """
    named = [text("example.option", lang, name=text(f"option.{o}", lang)) for o in options]
    return " + ".join([variant_name(variant, lang), *named])


def _cards(cards: Iterable[Card], lang: str) -> str:
    return cards_text(cards, lang)


def cards_text(cards: Iterable[Card], lang: str | None = None) -> str:
    """Cards as a learner reads them in text: the language's letters, a joker by its word
    (the joker's symbol is missing from many fonts).

    >>> from rummy_learn.notation import parse_cards
    >>> cards_text(parse_cards("K♥ Jkr 10♦"), "de"), cards_text(parse_cards("Q♠ Jkr"), "bg")
    ('K♥ Joker 10♦', 'Д♠ жокер')
    """
    lang = lang or get_language()
    joker = text("card.joker", lang)
    return " ".join(joker if c.is_joker else format_cards([c], "local", lang) for c in cards)


def reason_message(problem: Problem, lang: str | None = None) -> str:
    """One reason a meld fails, in words: a card is one card, the limits in their plural forms.

    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.reasons import Problem, Reason
    >>> reason_message(Problem(Reason.TOO_MANY_JOKERS, limit=1), "ru")
    'В этом варианте в одной комбинации может быть не больше 1 джокера.'
    >>> reason_message(Problem(Reason.MIXED_RANKS, tuple(parse_cards("6♠"))), "ru")
    'В группе все карты одного достоинства, а эта карта сюда не подходит: 6♠.'
    >>> reason_message(Problem(Reason.GAP, tuple(parse_cards("7♥ 8♥")), limit=0), "en")
    'The run has a gap. Missing: 7♥ 8♥.'
    >>> reason_message(Problem(Reason.GAP, tuple(parse_cards("3♥ 4♥ 5♥ 6♥")), limit=1), "de")
    'Die Folge hat eine Lücke, die sich mit dem Joker nicht schließen lässt. Es fehlen 4 Karten.'
    """
    lang = lang or get_language()
    reason, cards = problem.reason, problem.cards
    key = "reason." + reason.value
    params = {"cards": _cards(cards, lang)}
    if reason is Reason.GAP:
        gap = (
            plural("reason.gap_jokers", problem.limit, lang, limit=problem.limit)
            if problem.limit
            else text(key, lang)
        )
        if len(cards) > _NAMED_GAP:  # a wide gap: how many cards, not a list of them
            return f"{gap} {plural('reason.gap_missing_count', len(cards), lang)}"
        return _naming(gap, "reason.gap_missing", cards, lang)
    if reason is Reason.STRICT_GROUP_ORDER:  # limit 1: the cards a gap in the order lacks
        named = "reason.gap_missing" if problem.limit else "reason.misplaced"
        return _naming(text(key, lang), named, cards, lang)
    if reason is Reason.TOO_FEW_NATURALS and _one_natural_two_jokers(cards):
        return text("reason.one_natural_two_jokers", lang)
    if reason in _CARD_PLURALS:
        return plural(key, len(cards), lang, **params)
    if problem.limit is not None and reason in _LIMIT_PLURALS:
        return plural(key, problem.limit, lang, limit=problem.limit, **params)
    return text(key, lang, **params)


def _naming(sentence: str, key: str, cards: tuple[Card, ...], lang: str) -> str:
    """A reason, then the cards it concerns in a sentence of their own (if any)."""
    if not cards:
        return sentence
    return f"{sentence} {plural(key, len(cards), lang, cards=_cards(cards, lang))}"


def _one_natural_two_jokers(cards: tuple[Card, ...]) -> bool:
    jokers = sum(card.is_joker for card in cards)
    return jokers == 2 and len(cards) == 3


_LIMIT_PLURALS = frozenset(
    {
        Reason.TOO_FEW_CARDS,
        Reason.TOO_MANY_CARDS,
        Reason.TOO_MANY_JOKERS,
        Reason.TOO_FEW_NATURALS,
        Reason.JOKERS_NOT_IN_SHOE,
        Reason.COPIES_NOT_IN_SHOE,
    }
)
_NAMED_GAP = 3  # the most missing cards a gap's reason lists one by one
_CARD_PLURALS = frozenset({Reason.MIXED_RANKS, Reason.DUPLICATE_SUIT, Reason.MIXED_SUITS})


def verdict_title(check: MeldCheck, lang: str | None = None) -> str:
    """One line: valid or not, the kind, and the points of a valid meld."""
    lang = lang or get_language()
    if check.kind is None:
        return text("verdict.invalid", lang)
    if not check.valid:
        return text(f"verdict.invalid_{check.kind.value}", lang)
    return (
        f"{text(f'verdict.valid_{check.kind.value}', lang)}: {points_text(check.points or 0, lang)}"
    )


def verdict_lines(check: MeldCheck, lang: str | None = None) -> list[str]:
    """The verdict, then what each joker of a valid meld stands for, then every reason."""
    lang = lang or get_language()
    lines = [verdict_title(check, lang)]
    for use in check.jokers if check.valid else ():
        if check.open_suits:  # a set's joker is any missing suit: name them all, not one
            cards = [Card(use.stands_for.rank, suit) for suit in check.open_suits]
            lines.append(text("verdict.joker_one_of", lang, cards=cards_text(cards, lang)))
        else:
            lines.append(text("verdict.joker", lang, card=card_name(use.stands_for, lang)))
    lines.extend(reason_message(problem, lang) for problem in check.problems)
    return lines


def opening_line(opening: OpeningCheck, lang: str | None = None) -> str:
    """The opening's total against the variant's minimum.

    >>> from rummy_learn.scoring import check_opening
    >>> from rummy_learn.notation import parse_cards
    >>> from rummy_learn.variants import preset
    >>> opening_line(check_opening([parse_cards("K♥ K♠ K♦")], preset("rami40")), "en")
    'Opening: 30 points, but 40 points are needed: 10 points more.'
    """
    lang = lang or get_language()
    points = points_text(opening.points, lang)
    if opening.problems:  # the melds together need more cards than the shoe has
        return text("opening.not_in_shoe", lang, points=points)
    if opening.required is None:
        return text("opening.no_minimum", lang, points=points)
    required = points_text(opening.required, lang)
    if opening.reached:
        return text("opening.meets", lang, points=points, required=required)
    missing = points_text(opening.missing, lang)
    return text("opening.short", lang, points=points, required=required, missing=missing)


def parse_error_message(error: CardParseError, lang: str | None = None) -> str:
    """A parse error in the learner's language, naming the token and its position.

    >>> from rummy_learn.notation import parse_cards
    >>> try:
    ...     parse_cards("Qh Xy")
    ... except CardParseError as err:
    ...     print(parse_error_message(err, "en"))
    “Xy” (card 2) is not a card.
    """
    token = printable(error.token, limit=20)  # as text: escape sequences are not run
    return text("parse." + error.problem.value, lang, token=token, position=error.position)


def _required(required: int | None, lang: str) -> str:
    return text("hint.no_minimum", lang) if required is None else points_text(required, lang)


_PLURAL_REFUSALS = frozenset({Refusal.SWAP_CARD_DOES_NOT_FIT})
"""Refusals whose words name one card or several (plural messages by the number of cards)."""


def move_problem_lines(problem: MoveProblem, lang: str | None = None) -> list[str]:
    """Why a move is refused, then the meld's own reasons when a meld is to blame.

    >>> from rummy_learn.refusals import MoveProblem, Refusal
    >>> move_problem_lines(MoveProblem(Refusal.OPENING_TOO_LOW, number=31, limit=40), "en")
    ['Your opening makes 31 points, but 40 points are needed.']
    """
    lang = lang or get_language()
    params = {
        "cards": _cards(problem.cards, lang),
        "number": problem.number if problem.number is not None else "",
        "points": points_text(problem.number or 0, lang),
        "required": _required(problem.limit, lang),
    }
    key = "refusal." + problem.code.value
    if problem.code in _PLURAL_REFUSALS:  # one card or several: the verb agrees
        lines = [plural(key, len(problem.cards), lang, **params)]
    else:
        lines = [text(key, lang, **params)]
    lines.extend(reason_message(p, lang) for p in problem.problems)
    return lines


def hint_line(step: HintStep, lang: str | None = None) -> str:
    """One step of a hint in words."""
    lang = lang or get_language()
    return text(
        "hint." + step.code.value,
        lang,
        cards=_cards(step.cards, lang),
        number=step.number if step.number is not None else "",
        points=points_text(step.points or 0, lang),
        required=_required(step.required, lang),
    )


def hint_lines(proposal: Hint, lang: str | None = None) -> list[str]:
    """Every step of a hint in words; an opening, or melds laid together, is followed by its
    melds, one a line."""
    lang = lang or get_language()
    lines = []
    for step in proposal.steps:
        lines.append(hint_line(step, lang))
        if isinstance(step.action, Meld) and step.code.value in ("open", "melds"):
            lines += ["  " + _cards(meld, lang) for meld in step.action.melds]
    return lines
