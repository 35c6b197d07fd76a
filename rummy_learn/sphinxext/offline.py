"""Widgets in built pages with no network: their scripts come from the site's ``_static``.

myst-nb adds require.js and the html-manager from a CDN to every page that holds widgets.
With ``rummy_offline_widgets`` (on by default) the extension has myst-nb load the kit's
copies instead (:mod:`rummy_learn.widgets.offline`) and puts them into ``_static``, with
the Python the widgets run in the reader's browser (Pyodide and the kit's wheel, loaded on
first use), so that a book copied to a classroom machine plays its widgets with no internet.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

__all__ = ["copy_scripts", "drop_repeated_scripts", "safe_widget_state", "use_local_scripts"]


def use_local_scripts(app: Sphinx, config: Any) -> None:
    """Point myst-nb's widget scripts at the site's own copies."""
    if config.rummy_offline_widgets and "nb_ipywidgets_js" in config:
        from rummy_learn.widgets.offline import OFFLINE_SCRIPTS

        config.nb_ipywidgets_js = {name: {} for name in OFFLINE_SCRIPTS}


def copy_scripts(app: Sphinx, error: Exception | None) -> None:
    """Copy the scripts into ``_static`` once an HTML build of notebooks has finished."""
    notebooks = "nb_ipywidgets_js" in app.config  # myst-nb is there: pages may hold widgets
    if (
        error is None
        and app.builder.format == "html"
        and app.config.rummy_offline_widgets
        and notebooks
    ):
        from rummy_learn.widgets.offline import copy_offline_scripts

        copy_offline_scripts(Path(app.outdir, "_static"))


def drop_repeated_scripts(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Each script once per page: Jupyter Book 1.x adds sphinx-thebe's settings twice, once
    named ``None`` and once ``""``, and the second ``const`` is an error in the browser."""
    kept, seen = [], set()
    for script in context.get("script_files", []):
        key = (getattr(script, "filename", script) or "", repr(getattr(script, "attributes", None)))
        if key not in seen:  # the same script with another priority is still the same
            seen.add(key)
            kept.append(script)
    context["script_files"] = kept


def safe_widget_state(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """The widgets' saved state in a page: no ``<`` in it, so that a ``<!--<script>`` in a
    widget's text cannot hide the rest of the page (:mod:`rummy_learn.render.script_data`)."""
    from rummy_learn.render.script_data import WIDGET_STATE, script_json

    for script in context.get("script_files", []):
        attributes = getattr(script, "attributes", None)
        if isinstance(attributes, dict) and attributes.get("type") == WIDGET_STATE:
            body = attributes.get("body")
            if isinstance(body, str):
                attributes["body"] = script_json(body)
