"""A scripted terminal for ``play_game``: answers from a function of the prompt, and a record of what was shown."""

from __future__ import annotations

from collections.abc import Callable

CLEAR = "<<clear>>"


class Script:
    def __init__(self, answer: Callable[[str], str], width: int | None = None, limit: int = 5000) -> None:
        self.answer = answer
        self.shown: list[str] = []  # every say() text, prompts as "? prompt", clears as CLEAR
        self._width = width
        self.limit = limit

    def ask(self, prompt: str) -> str:
        self.shown.append("? " + prompt)
        self.limit -= 1
        if self.limit < 0:
            raise EOFError
        return self.answer(prompt)

    def say(self, text: str) -> None:
        self.shown.append(text)

    def clear(self) -> None:
        self.shown.append(CLEAR)

    def width(self) -> int | None:
        return self._width

    def kwargs(self) -> dict[str, object]:
        return {"ask": self.ask, "say": self.say, "clear": self.clear, "width": self.width}

    def screens(self) -> list[list[str]]:
        """What was shown between two clears, as lines."""
        out: list[list[str]] = [[]]
        for text in self.shown:
            if text == CLEAR:
                out.append([])
            else:
                out[-1].extend(text.splitlines())
        return out


def answers(*items: str, then: str = "1") -> Callable[[str], str]:
    """Answer ``items`` in order, then ``then`` to every question (Enter to a hand-over)."""
    queue = list(items)

    def answer(prompt: str) -> str:
        if queue:
            return queue.pop(0)
        return "" if "press Enter" in prompt else then

    return answer
