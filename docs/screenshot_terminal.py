"""Make the docs' picture of the terminal game from a real run: ``docs/_static/terminal.svg``.

Run from the repository root (needs the ``cli`` extra)::

    python docs/screenshot_terminal.py

It plays a seeded game with ``zhengshangyou.terminal`` as ``zhengshangyou play``
does, the person following the hints, and saves what the screen showed between
two of the person's moves, as rich exports it (an SVG of the terminal, colours
and all).
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from zhengshangyou.game import Game  # noqa: E402
from zhengshangyou.rules import Rules  # noqa: E402
from zhengshangyou.terminal import Screen, play_session  # noqa: E402
from zhengshangyou.tournament import bot_from_name  # noqa: E402

OUT = ROOT / "docs" / "_static" / "terminal.svg"
SEED, SNAPSHOT_AT = 7, 6  # the person's move whose screen is shown


class Terminal(io.StringIO):
    """A colour terminal that shows UTF-8."""

    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


class Typist(io.StringIO):
    """Follows the hints, echoing what it types as a terminal does; clears the
    recording before the move to show, and stops after it."""

    def __init__(self, screen: Screen, out: io.StringIO) -> None:
        super().__init__()
        self.screen, self.out = screen, out
        self.moves = 0
        self.asked = self.cleared = False

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        line = self._next()
        self.screen.console.print(line.rstrip("\n"))  # a terminal echoes what is typed
        if self.moves == SNAPSHOT_AT - 1 and not self.asked and not self.cleared:
            self.screen.console.export_text(clear=True)  # the picture starts after this move
            self.cleared = True
        return line

    def _next(self) -> str:
        if self.asked:
            self.asked = False
            hints: list[str] = re.findall(r"hint: (.*)$", self.out.getvalue(), re.MULTILINE)
            self.moves += 1
            return hints[-1] + "\n"
        if self.moves == SNAPSHOT_AT:
            return "quit\n"
        self.asked = True
        return "?\n"


def main() -> None:
    rules = Rules()
    out = Terminal()
    screen = Screen(out, width=78, record=True)
    typist = Typist(screen, out)
    game = Game(rules, seed=SEED)
    bots = [None, *(bot_from_name("heuristic", seed=seat) for seat in (1, 2, 3))]
    play_session(game, 0, bots, typist, screen)
    OUT.write_text(screen.console.export_svg(title=f"zhengshangyou play --seed {SEED}"), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
