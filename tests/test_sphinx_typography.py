"""Built Russian and Bulgarian pages bind one-letter words to the next word, and no built page
keeps the book theme's English labels."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from tests.sphinx_project import sphinx_build, write_project

PAGE = """# Правила

Кроме основных правил, в них есть и специальные, а с картами {card}`9♣ Jkr J♣` играют
в клубе. Код `в коде` и

```text
и в блоке
```
"""


def built(tmp_path: Path, language: str, theme: str = "alabaster") -> str:
    src = write_project(tmp_path / "src", {"index.md": PAGE}, language=language,
                        conf=f"html_theme = {theme!r}\n")  # fmt: skip
    sphinx_build(src, tmp_path / "out")
    return html.unescape((tmp_path / "out" / "index.html").read_text(encoding="utf-8"))


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_one_letter_words_are_bound_in_running_text_only(tmp_path: Path, language: str) -> None:
    page = built(tmp_path, language)
    assert "правил, в\u00a0них есть и\u00a0специальные, а\u00a0с\u00a0картами" in page
    assert "играют\nв\u00a0клубе" in page or "играют в\u00a0клубе" in page
    assert '<span class="pre">в</span> <span class="pre">коде</span>' in page  # code keeps
    assert "и в блоке" in page  # its spaces
    assert "правил, в них" not in page


def test_german_pages_keep_their_spaces(tmp_path: Path) -> None:
    page = built(tmp_path, "de")
    assert "правил, в них есть и специальные" in page
    assert "\u00a0" not in page.split("<body", 1)[1].split("rl-inline-cards", 1)[0]


@pytest.mark.parametrize(
    ("language", "nav", "toggle"),
    [("ru", "Содержание курса", "Показать или скрыть содержание курса"),
     ("de", "Inhalt des Kurses", "Inhalt des Kurses ein- oder ausblenden")],
)  # fmt: skip
def test_the_themes_english_labels_are_said_in_the_pages_language(
    tmp_path: Path, language: str, nav: str, toggle: str
) -> None:
    page = built(tmp_path, language, theme="sphinx_book_theme")
    for english in ('aria-label="Main"', 'aria-label="Page"', "Toggle primary sidebar",
                    "Toggle secondary sidebar"):  # fmt: skip
        assert english not in page
    assert f'aria-label="{nav}"' in page
    assert f'title="{toggle}"' in page
