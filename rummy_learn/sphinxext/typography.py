"""Russian and Bulgarian typesetting: no line of a built page ends with a one-letter word.

Editors in both languages bind a one-letter preposition or conjunction (в, с, к, о, у, и, а,
я) to the word after it, so that «правил, в / них» never breaks after «в». The pages are
written with plain spaces; a post-transform puts the no-break space (U+00A0) in at build
time, in running text only: code, literal text and raw HTML keep theirs.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from .page import page_language

__all__ = ["BindOneLetterWords", "bind_one_letter_words"]

_LETTERS = {"ru": "вскоуиаяВСКОУИАЯ", "bg": "вскоуиаяВСКОУИАЯ"}
_PATTERNS = {
    lang: re.compile(rf"(?<![\w\-.])([{letters}])[ \n]+(?=\S|$)")
    for lang, letters in _LETTERS.items()
}
_SKIP = (nodes.FixedTextElement, nodes.literal, nodes.raw, nodes.math, nodes.comment)


def bind_one_letter_words(words: str, lang: str) -> str:
    """``words`` with a no-break space after each one-letter word, in Russian and Bulgarian.

    >>> bind_one_letter_words("правил, в них и с картами", "ru").split(" ")
    ['правил,', 'в\\xa0них', 'и\\xa0с\\xa0картами']
    >>> bind_one_letter_words("Карта в ", "bg")  # an inline node follows: bound to it
    'Карта в\\xa0'
    >>> bind_one_letter_words("a book и", "de")  # German and English keep their spaces
    'a book и'
    """
    pattern = _PATTERNS.get(lang)
    return pattern.sub("\\1\u00a0", words) if pattern else words


class BindOneLetterWords(SphinxPostTransform):
    """Binds one-letter words to the next word in every text of a ru or bg page."""

    default_priority = 880

    def run(self, **kwargs: Any) -> None:
        lang = page_language(self.config)
        if lang not in _PATTERNS:
            return
        for text in list(self.document.findall(nodes.Text)):
            parent = text.parent
            if parent is None or _in_code(parent):
                continue
            bound = bind_one_letter_words(str(text), lang)
            if bound != str(text):
                parent.replace(text, nodes.Text(bound))


def _in_code(node: nodes.Node) -> bool:
    """Whether ``node`` or one of its ancestors holds code, literal text or raw markup."""
    while node is not None:
        if isinstance(node, _SKIP):
            return True
        node = node.parent
    return False
