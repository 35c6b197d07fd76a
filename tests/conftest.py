"""Shared fixtures for the tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _english_by_default():
    """Every test starts with the kit's default language."""
    from rummy_learn.i18n import set_language

    set_language("en")
    yield
    set_language("en")
