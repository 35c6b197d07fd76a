"""The ``Replay``'s logic: a whole round, move by move, each move explained, every state ready.

Every frame of the round is computed when the widget is made
(:func:`~rummy_learn.replay.replay_frames`), with the cards' pictures once for all of them,
so the page steps through them on its own: in a kernel, in the book or in an exported page
with no Python at all. The page tells Python where it is (``step``, ``view``), so that
``current`` and ``view_of`` are true in a kernel; what it sends is untrusted, and a move
or a player the round has not is refused in the learner's language.

A round comes as a save (``Round.to_json``, as data or as JSON text: checked, not trusted)
or a :class:`~rummy_learn.engine.Round`, or is played by the bots on the spot
(:meth:`ReplayLogic.played`, with the bots' own words for their moves).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rummy_learn.actions import parse_card_id
from rummy_learn.engine import Round
from rummy_learn.explain import Explanation
from rummy_learn.i18n import text
from rummy_learn.i18n.describe import variant_name
from rummy_learn.i18n.explained import outcome_lines
from rummy_learn.replay import played, replay_frames
from rummy_learn.save_fields import SaveError
from rummy_learn.variants import preset
from rummy_learn.widget_logic.base import Logic, table_card_payload

__all__ = ["ALL_HANDS", "ReplayLogic", "read_round"]

ALL_HANDS = -1
"""``view_of`` when every hand is shown open."""

MAX_SAVE = 2_000_000
"""The most characters a saved round may have as JSON text."""


def read_round(save: Round | str | Mapping[str, Any]) -> Round:
    """A round from a save: ``Round.to_json`` as data or JSON text (checked, not trusted).

    A damaged save is a :class:`~rummy_learn.save_fields.SaveError` that names the field.

    >>> read_round('{"version": 1')
    Traceback (most recent call last):
    ...
    rummy_learn.save_fields.SaveError: not a saved round: save: not JSON (Expecting ',' \
delimiter, line 1, column 14)
    """
    if isinstance(save, Round):
        return save
    if isinstance(save, str):
        if len(save) > MAX_SAVE:
            raise SaveError("save", f"longer than {MAX_SAVE} characters")
        try:
            save = json.loads(save)
        except json.JSONDecodeError as err:
            raise SaveError("save", f"not JSON ({err.msg}, line {err.lineno}, column "
                                    f"{err.colno})") from err  # fmt: skip
        except RecursionError as err:
            raise SaveError("save", "nested too deeply") from err
    if not isinstance(save, Mapping):
        raise SaveError("save", "not an object")
    return Round.from_json(dict(save))


def replay_texts(lang: str) -> dict[str, str]:
    """The words only the replay's view shows ({n}, {count}, {player}: the view fills them)."""
    return {
        "replay_first": text("replay.first", lang),
        "replay_back": text("replay.back", lang),
        "replay_forward": text("replay.forward", lang),
        "replay_last": text("replay.last", lang),
        "replay_move": text("replay.move", lang),
        "replay_position": text("replay.position", lang),
        "replay_dealt": text("replay.dealt", lang),
        "replay_hands": text("replay.hands", lang),
        "replay_all_hands": text("replay.all_hands", lang),
        "replay_view_of": text("replay.view_of", lang),
    }


class ReplayLogic(Logic):
    """A round to watch: ``frames`` (the deal, then one per move), ``current`` (the frame
    shown), ``view_of`` (a player whose view only is shown, or :data:`ALL_HANDS`).

    >>> replay = ReplayLogic.played("rami40", ["hard", "medium"], seed=2, lang="en")
    >>> len(replay.frames) > 10, replay.frames[1]["said"]
    (True, 'Player 2: drew from the stock.')
    >>> replay.receive({"type": "step", "move": 999}); replay.error, replay.current
    ('This round has no move 999.', 0)
    """

    KIND = "replay"
    FIELDS = (*Logic.FIELDS, "title", "names", "frames", "current", "view_of", "result")

    title: str
    names: list[str]
    frames: list[dict[str, Any]]
    current: int
    view_of: int
    result: list[str]

    def __init__(
        self,
        game: Round | str | Mapping[str, Any],
        *,
        lang: str | None = None,
        four_colour: bool = False,
        names: Sequence[str] | None = None,
        explained: Sequence[Explanation] = (),
        view_of: int = ALL_HANDS,
        title: str | None = None,
    ) -> None:
        super().__init__(lang=lang, four_colour=four_colour)
        self.round = read_round(game)
        players = self.round.players
        if names is not None and (
            len(names) != players or not all(isinstance(n, str) and n for n in names)
        ):
            raise ValueError(f"names: one name for each of the {players} players")
        lang = self.lang
        self.texts = {**self.texts, **replay_texts(lang)}
        self.names = list(names or [text("replay.player", lang, number=p + 1)
                                    for p in range(players)])  # fmt: skip
        self._explained = tuple(explained)
        frames = replay_frames(self.round, lang, names=self.names, explained=explained)
        self.cards = []
        self._known: dict[str, int] = {}
        self.frames = [self._shown(frame) for frame in frames]
        self.title = title if title is not None else variant_name(self.round.rules.variant, lang)
        outcome = self.round.outcome
        self.result = outcome_lines(outcome, self.names, lang) if outcome is not None else []
        self.current = 0
        self.view_of = ALL_HANDS
        self.error = ""
        if view_of != ALL_HANDS:
            self.show(view_of)
            if self.error:
                raise ValueError(f"view_of: {self.error}")

    @classmethod
    def played(
        cls,
        variant: str,
        levels: Sequence[str],
        seed: int = 0,
        *,
        options: Sequence[str] = (),
        lang: str | None = None,
        four_colour: bool = False,
    ) -> ReplayLogic:
        """A round the bots play on the spot (one level per seat: ``easy``, ``medium``,
        ``hard``), each move with the bot's own reason."""
        game, whys = played(preset(variant, options), levels, seed)
        return cls(game, lang=lang, four_colour=four_colour, explained=whys)

    # --- the frames, with each card's picture once --------------------------------------------

    def _card(self, card_id: str, face: str | None = None) -> int:
        """The card's place in ``cards`` (its picture and spoken name), added the first time."""
        key = card_id if face is None else f"{card_id}={face}"
        if key not in self._known:
            card = parse_card_id(card_id)
            stands = parse_card_id(face) if face is not None else None
            payload = table_card_payload(card, stands, self.lang, self.four_colour)
            self._known[key] = len(self.cards)
            self.cards.append(payload | {"id": key})
        return self._known[key]

    def _shown(self, frame: dict[str, Any]) -> dict[str, Any]:
        """A frame as the page draws it: cards as places in ``cards``."""
        table = [
            {"id": m["id"], "owner": m["owner"], "kind": m["kind"],
             "cards": [self._card(c, f) for c, f in zip(m["cards"], m["faces"], strict=True)]}
            for m in frame["table"]
        ]  # fmt: skip
        return {
            "move": frame["move"],
            "player": frame.get("player"),
            "said": frame.get("said", ""),
            "reason": frame.get("reason", ""),
            "shown": [self._card(c) for c in frame.get("shown", [])],
            "current": frame["current"],
            "hands": [[self._card(c) for c in hand] for hand in frame["hands"]],
            "table": table,
            "top": [self._card(c) for c in frame["top_discard"]],
            "stock": frame["stock"],
            "over": frame["over"],
        }

    # --- where the page is: untrusted ----------------------------------------------------------

    def go(self, move: object) -> None:
        """Show frame ``move`` (0: the deal); anything else is refused, and the frame stays."""
        last = len(self.frames) - 1
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move <= last:
            shown = str(move)[:20] if isinstance(move, int | float | str) else "?"
            self._refuse(text("replay.no_such_move", self.lang, number=shown))
            return
        self.error = ""
        self.current = move

    def show(self, player: object) -> None:
        """Show one player's view only, or every hand (:data:`ALL_HANDS`)."""
        players = len(self.names)
        if (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not ALL_HANDS <= player < players
        ):
            self._refuse(text("replay.no_such_player", self.lang))
            return
        self.error = ""
        self.view_of = player

    def _refuse(self, message: str) -> None:
        if self.error == message:  # told again: the page hears it again
            self.error = ""
        self.error = message

    def _on_step(self, content: dict[str, Any]) -> None:
        self.go(content.get("move"))

    def _on_view(self, content: dict[str, Any]) -> None:
        self.show(content.get("player"))

    # --- a page with no kernel needs nothing more: every frame is in the page ------------------

    def snapshot(self) -> dict[str, Any]:
        return {**super().snapshot(), "round": self.round.to_json(), "names": self.names,
                "title": self.title, "current": self.current,
                "view_of": self.view_of}  # fmt: skip

    @classmethod
    def restore(cls, data: dict[str, Any]) -> ReplayLogic:
        """The replay again from :meth:`snapshot` (the moves explained from each player's view)."""
        names, title = data.get("names"), data.get("title")
        replay = cls(
            data.get("round"),  # type: ignore[arg-type]  # checked by read_round
            lang=data.get("lang"),
            four_colour=bool(data.get("four_colour")),
            names=names if isinstance(names, list) else None,
            title=title if isinstance(title, str) else None,
        )
        replay.go(data.get("current", 0))
        replay.show(data.get("view_of", ALL_HANDS))
        if replay.error:
            raise ValueError(f"snapshot: {replay.error}")
        return replay
