"""Helpers shared by the saved-document tests of every game (issue 15): a document that must be refused with
``BadState`` naming a field.

Importable from any test folder (``tests/conftest.py`` puts this folder on the path): ``from saved_games import
refused``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import tawa


def refused(doc: dict[str, Any], field: str) -> str:
    """``tawa.from_json`` of ``doc`` raises ``BadState`` whose field starts with ``field``; returns its message."""
    with pytest.raises(tawa.BadState) as err:
        tawa.from_json(json.dumps(doc))
    assert err.value.field is not None and err.value.field.startswith(field), (field, str(err.value))
    return str(err.value)
