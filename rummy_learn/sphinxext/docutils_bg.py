"""Bulgarian for docutils, which ships none: admonition titles and field names.

Without it a Bulgarian build warns "rST localisation for language "bg" not found" on
every page (and fails under ``-W``). Directive and role names stay the English ones.

>>> install()
>>> import docutils.languages
>>> docutils.languages.get_language("bg").labels["note"]
'Бележка'
"""

from __future__ import annotations

__all__ = ["author_separators", "bibliographic_fields", "directives", "install", "labels", "roles"]

labels: dict[str, str] = {
    "abstract": "Резюме",
    "address": "Адрес",
    "attention": "Внимание!",
    "author": "Автор",
    "authors": "Автори",
    "caution": "Внимавайте!",
    "contact": "Контакт",
    "contents": "Съдържание",
    "copyright": "Авторски права",
    "danger": "ОПАСНО!",
    "date": "Дата",
    "dedication": "Посвещение",
    "error": "Грешка",
    "hint": "Съвет",
    "important": "Важно",
    "note": "Бележка",
    "organization": "Организация",
    "revision": "Редакция",
    "status": "Статус",
    "tip": "Подсказка",
    "version": "Версия",
    "warning": "Предупреждение",
}
bibliographic_fields: dict[str, str] = {name.lower(): key for key, name in labels.items()}
author_separators: list[str] = [";", ","]
directives: dict[str, str] = {}
roles: dict[str, str] = {}


def install() -> None:
    """Let docutils find this module for ``bg``, as if docutils shipped it.

    Docutils imports ``docutils.languages.bg`` and ``docutils.parsers.rst.languages.bg``;
    both names lead here (Sphinx wraps docutils' importers, so their caches are no way in).
    """
    import sys

    module = sys.modules[__name__]
    sys.modules.setdefault("docutils.languages.bg", module)
    sys.modules.setdefault("docutils.parsers.rst.languages.bg", module)
