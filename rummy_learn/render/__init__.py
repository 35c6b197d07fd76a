"""HTML and SVG for cards, melds and verdicts, from Jinja2 templates (autoescaped).

There is one drawing of a card (``templates/card.svg.j2``): the widgets receive it
from here, and static pages and notebook outputs use it directly.

>>> from rummy_learn.notation import parse_card
>>> svg = card_svg(parse_card("Qh"), "ru")
>>> 'aria-label="дама червей"' in svg and ">Д<" in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from rummy_learn.cards import Card, Rank, Suit
from rummy_learn.engine import Round
from rummy_learn.i18n import get_language, points_text, text
from rummy_learn.i18n.describe import card_name, opening_line, verdict_lines
from rummy_learn.melds import MeldCheck
from rummy_learn.notation import rank_index
from rummy_learn.render.deck import BACK, WIDTH, drawing_key, drawn
from rummy_learn.scoring import OpeningCheck

if TYPE_CHECKING:
    from jinja2 import Environment
    from markupsafe import Markup

__all__ = [
    "CSS",
    "card_back_svg",
    "card_svg",
    "cards_html",
    "colour_of",
    "hand_html",
    "jinja_environment",
    "meld_html",
    "notebook_html",
    "opening_html",
    "register_notebook_display",
    "round_html",
    "verdict_html",
]

CSS: str = resources.files(__package__).joinpath("cards.css").read_text(encoding="utf-8")
"""The cards' style sheet, scoped under ``rl-``."""

_FOUR_COLOURS = {
    Suit.CLUBS: "green",
    Suit.SPADES: "black",
    Suit.HEARTS: "red",
    Suit.DIAMONDS: "blue",
}
"""The four-colour deck most players know (the American one): clubs green, diamonds blue."""

_FOUR_COLOURS_BY_LANGUAGE = {
    "de": {Suit.CLUBS: "black", Suit.SPADES: "green", Suit.HEARTS: "red", Suit.DIAMONDS: "yellow"},
}
"""Where players know another four-colour deck: the German tournament deck (Kreuz schwarz,
Pik grün, Herz rot, Karo gelb)."""


def _environment() -> Environment:
    return jinja_environment("rummy_learn.render")


@cache
def jinja_environment(package: str) -> Environment:
    """The kit's Jinja2 settings (autoescaped) for the ``templates`` folder of ``package``."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    return Environment(
        loader=PackageLoader(package, "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def colour_of(card: Card, four_colour: bool = False, lang: str | None = None) -> str:
    """The ink of a card: black or red; in a four-colour deck, the deck of ``lang``'s players.

    >>> from rummy_learn.notation import parse_card
    >>> [colour_of(parse_card(c), True) for c in ("7c", "7s", "7h", "7d")]
    ['green', 'black', 'red', 'blue']
    >>> [colour_of(parse_card(c), True, "de") for c in ("7c", "7s", "7h", "7d")]
    ['black', 'green', 'red', 'yellow']
    """
    if card.suit is None:
        return "black"
    if four_colour:
        return _FOUR_COLOURS_BY_LANGUAGE.get(lang or "", _FOUR_COLOURS)[card.suit]
    return "red" if card.suit.is_red else "black"


_L, _C, _R = 36, 50, 64  # the pips' columns, in the card's 100 × 140 units
_PIP_ROWS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((_C, 44), (_C, 96)),
    3: ((_C, 44), (_C, 70), (_C, 96)),
    4: ((_L, 44), (_R, 44), (_L, 96), (_R, 96)),
    5: ((_L, 44), (_R, 44), (_C, 70), (_L, 96), (_R, 96)),
    6: ((_L, 44), (_R, 44), (_L, 70), (_R, 70), (_L, 96), (_R, 96)),
    7: ((_L, 44), (_R, 44), (_C, 57), (_L, 70), (_R, 70), (_L, 96), (_R, 96)),
    8: ((_L, 44), (_R, 44), (_C, 57), (_L, 70), (_R, 70), (_C, 83), (_L, 96), (_R, 96)),
    9: ((_L, 44), (_R, 44), (_L, 61), (_R, 61), (_C, 70), (_L, 79), (_R, 79), (_L, 96),
        (_R, 96)),
    10: ((_L, 44), (_R, 44), (_C, 52), (_L, 61), (_R, 61), (_L, 79), (_R, 79), (_C, 88),
         (_L, 96), (_R, 96)),
}  # fmt: skip
_COURTS = {Rank.JACK: "j", Rank.QUEEN: "q", Rank.KING: "k"}


def pip_layout(rank: Rank) -> list[tuple[int, int, bool]]:
    """Where a card's pips lie: (x, y, turned round) for 2 to 10; none for an ace or a court.

    >>> pip_layout(Rank.THREE)
    [(50, 44, False), (50, 70, False), (50, 96, True)]
    >>> len(pip_layout(Rank.TEN)), pip_layout(Rank.KING)
    (10, [])
    """
    return [(x, y, y > 70) for x, y in _PIP_ROWS.get(int(rank), ())]


def _face(card: Card, lang: str, four_colour: bool) -> dict[str, object]:
    assert card.rank is not None
    assert card.suit is not None
    return {"index": rank_index(card.rank, lang), "symbol": card.suit.symbol,
            "colour": colour_of(card, four_colour, lang)}  # fmt: skip


def card_back_svg(lang: str | None = None, width: int = 56) -> str:
    """The back of a card (the other players' hands, the stock): one drawing, no words.
    Where the drawings were made in advance (the browser), it is theirs.

    >>> 'class="rl-card rl-card-back"' in card_back_svg()
    True
    """
    made = drawn(lang or get_language()) if width == WIDTH else None
    if made is not None:
        return made[BACK]
    return _environment().get_template("card_back.svg.j2").render(width=width)


def card_svg(
    card: Card,
    lang: str | None = None,
    *,
    stands_for: Card | None = None,
    four_colour: bool = False,
    width: int = 56,
) -> str:
    """The SVG of one card; a joker may show the card it stands for in its corner.

    Where the drawings were made in advance (the browser: :mod:`rummy_learn.render.deck`),
    this is one of them.
    """
    lang = lang or get_language()
    made = drawn(lang) if width == WIDTH else None
    if made is not None:
        return made[drawing_key(card, stands_for if card.is_joker else None, four_colour)]
    values: dict[str, object] = {
        "width": width,
        "name": card_name(card, lang),
        "joker": card.is_joker,
    }
    if card.is_joker:
        values |= {"colour": "black", "joker_word": text("card.joker", lang).upper()[:6]}
        if stands_for is not None:
            values |= _face(stands_for, lang, four_colour)
            values["name"] = text("verdict.joker", lang, card=card_name(stands_for, lang))
    else:
        assert card.rank is not None
        values |= _face(card, lang, four_colour)
        values |= {"pips": pip_layout(card.rank), "court": _COURTS.get(card.rank, "")}
    return _environment().get_template("card.svg.j2").render(**values)


def cards_html(cards: Iterable[Card], lang: str | None = None, *, four_colour: bool = False) -> str:
    """Cards side by side."""
    from markupsafe import Markup

    svgs = [Markup(card_svg(c, lang, four_colour=four_colour)) for c in cards]
    return (
        _environment()
        .from_string('<span class="rl-cards">{% for s in svgs %}{{ s }}{% endfor %}</span>')
        .render(svgs=svgs)
    )


def _laid_svgs(check: MeldCheck, lang: str, four_colour: bool) -> list[Markup]:
    """A meld's cards as it lies, each joker showing the card it stands for (a set's joker
    that could be several suits is drawn as a joker: :meth:`MeldCheck.drawn_face`)."""
    from markupsafe import Markup

    return [
        Markup(card_svg(card, lang, stands_for=check.drawn_face(i), four_colour=four_colour))
        for i, card in enumerate(check.arrangement)
    ]


def meld_html(check: MeldCheck, lang: str | None = None, *, four_colour: bool = False) -> str:
    """A meld as it lies, jokers showing what they stand for, framed by its verdict."""
    lang = lang or get_language()
    return (
        _environment()
        .get_template("meld.html.j2")
        .render(
            svgs=_laid_svgs(check, lang, four_colour),
            valid=check.valid,
            lines=verdict_lines(check, lang),
        )
    )


def verdict_html(check: MeldCheck, lang: str | None = None) -> str:
    """The verdict in words, without the cards."""
    lang = lang or get_language()
    return _environment().get_template("verdict.html.j2").render(lines=verdict_lines(check, lang))


def register_notebook_display() -> bool:
    """Let IPython draw cards, checked melds and openings as HTML (the kit's one drawing).

    The kit's values draw themselves (``_repr_html_``, with :func:`notebook_html`) without
    this; it registers the same drawing with IPython's formatter, for notebooks that call
    it. Called when :mod:`rummy_learn.widgets` is imported; does nothing outside IPython.
    Returns whether a display was registered.
    """
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None:
        return False
    html = shell.display_formatter.formatters["text/html"]
    for kind in (Card, MeldCheck, OpeningCheck):
        html.for_type(kind, notebook_html)
    return True


def notebook_html(thing: Card | MeldCheck | OpeningCheck | Round | Iterable[Card]) -> str:
    """What a notebook shows for one of the kit's values, with the cards' style sheet:
    a card, a checked meld with its verdict, an opening, a round, or cards (a hand).

    >>> from rummy_learn.notation import parse_cards
    >>> notebook_html(parse_cards("Q♥")[0]).startswith("<style>")
    True
    """
    if isinstance(thing, Card):
        body = card_svg(thing)
    elif isinstance(thing, MeldCheck):
        body = meld_html(thing)
    elif isinstance(thing, OpeningCheck):
        body = opening_html(thing)
    elif isinstance(thing, Round):
        body = round_html(thing)
    else:
        body = cards_html(thing)
    return f"<style>{CSS}</style>{body}"


def round_html(game: Round, lang: str | None = None) -> str:
    """A round as it stands: every hand (the player to move marked), the melds on the table
    as they lie, the stock and the top of the discard pile, and the outcome once it is over."""
    from markupsafe import Markup

    lang = lang or get_language()
    s = game.state
    over = s.outcome is not None

    def name(player: int) -> str:
        key = "round.player_to_move" if player == s.current and not over else "round.player"
        return text(key, lang, number=player)

    players = [
        {"name": name(p), "cards": Markup(cards_html(hand, lang))} for p, hand in enumerate(s.hands)
    ]
    melds = [Markup("".join(_laid_svgs(meld.check(game.rules), lang, False))) for meld in s.table]
    top = Markup(card_svg(s.discard[-1], lang)) if s.discard else "—"
    result = []
    if s.outcome is not None:
        result.append(text("game.over." + s.outcome.reason.value, lang))
        if s.outcome.winner is not None:
            winner = text("round.player", lang, number=s.outcome.winner)
            result.append(text("game.winner", lang, player=winner))
        points = zip(s.outcome.hand_points, s.outcome.scores, strict=True)
        for p, (hand, score) in enumerate(points):
            player = text("round.player", lang, number=p)
            shown = {"hand": points_text(hand, lang), "score": points_text(score, lang)}
            result.append(text("game.score_line", lang, player=player, **shown))
    return (
        _environment()
        .get_template("round.html.j2")
        .render(
            players=players,
            melds=melds,
            top=top,
            result=result,
            table_word=text("ui.table", lang),
            pile_word=text("ui.discard_pile", lang),
            stock=text("ui.stock", lang, n=len(s.stock)),
        )
    )


def opening_html(opening: OpeningCheck, lang: str | None = None) -> str:
    """Every meld of an opening with its verdict, then the total against the minimum."""
    from markupsafe import Markup

    lang = lang or get_language()
    melds = [Markup(meld_html(check, lang)) for check in opening.melds]
    line = opening_line(opening, lang)
    return (
        _environment()
        .from_string(
            '<div class="rl-opening">{% for m in melds %}{{ m }}{% endfor %}'
            '<div class="rl-verdict" role="status"><strong>{{ line }}</strong></div></div>'
        )
        .render(melds=melds, line=line)
    )


def hand_html(cards: Iterable[Card], line: str, lang: str | None = None) -> str:
    """Cards in a hand with one line about them (what they cost at the end of a round)."""
    from markupsafe import Markup

    lang = lang or get_language()
    return (
        _environment()
        .from_string(
            '<div class="rl-hand-verdict">{{ cards }}'
            '<div class="rl-verdict" role="status"><strong>{{ line }}</strong></div></div>'
        )
        .render(cards=Markup(cards_html(cards, lang)), line=line)
    )


@dataclass(frozen=True)
class Shown:
    """Something the kit draws in a notebook: cards, or a checked meld."""

    html: str

    def _repr_html_(self) -> str:
        return f"<style>{CSS}</style>{self.html}"
