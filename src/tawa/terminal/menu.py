"""The numbered menu of legal actions and how a typed answer picks one (number, id, or a word that filters)."""

from __future__ import annotations

from collections.abc import Sequence

from tawa.core.actions import Action

LONG_LIST = 40  # above this many legal actions, show them grouped; a word filters them


def action_menu(legal: Sequence[Action], show_all: bool = False) -> str:
    """Numbered legal actions; a long list is shown grouped by the first word of what each says (the word a
    player reads, and types to filter: ids may say it otherwise, such as Ayar's ``place`` for "lay")."""
    if show_all or len(legal) <= LONG_LIST:
        return "\n".join(f"  {i + 1:>3}. {a}" for i, a in enumerate(legal))
    groups: dict[str, list[int]] = {}
    for i, a in enumerate(legal):
        groups.setdefault((str(a).split(" ", 1)[0] or a.id.split(" ", 1)[0]).lower(), []).append(i)
    lines = [f"  {len(legal)} actions; type a word to list the matching ones, or 'all':"]
    for word, idx in groups.items():
        first = legal[idx[0]]
        more = f"  (+{len(idx) - 1} more '{word} …')" if len(idx) > 1 else ""
        lines.append(f"  {idx[0] + 1:>3}. {first}{more}")
    return "\n".join(lines)


def pick(text: str, legal: Sequence[Action]) -> Action | None:
    """The action numbered ``text`` (1-based) or whose id is ``text``; None otherwise."""
    if text.isdigit():
        i = int(text) - 1
        return legal[i] if 0 <= i < len(legal) else None
    for a in legal:
        if a.id == text:
            return a
    return None


def matching(text: str, legal: Sequence[Action]) -> list[tuple[int, Action]]:
    """The actions (with their 0-based menu index) whose id or description contains ``text``."""
    low = text.lower()
    return [(i, a) for i, a in enumerate(legal) if low in a.id.lower() or low in str(a).lower()]
