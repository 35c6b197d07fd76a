"""Build hook: compile the gettext catalogs (.po → .mo) with Babel into the package.

Runs for wheels and editable installs alike, so an installed kit needs no Babel.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

LOCALE = Path("rummy_learn") / "i18n" / "locale"


class CatalogBuildHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        root = Path(self.root)
        for po_path in sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po")):
            with po_path.open("rb") as handle:
                catalog = read_po(handle)
            mo_path = po_path.with_suffix(".mo")
            with mo_path.open("wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
            build_data["artifacts"].append(str(mo_path.relative_to(root)))
