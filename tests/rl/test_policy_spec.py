"""The ``policy`` bot spec at a server (no RL extra needed): a table never seats it, since it loads a model file
(a pickle) from a path that a stranger must not choose."""

from __future__ import annotations

import pytest

from tawa.web.bots import resolve_bot, server_bot_names


def test_a_server_table_never_seats_a_policy_bot() -> None:
    with pytest.raises(ValueError, match="loads a model file"):
        resolve_bot("policy:path=/tmp/model.zip")
    assert "policy" not in server_bot_names() and "greedy" in server_bot_names()
