"""Check that every table of the built HTML docs fits a 1280x800 browser window.

Run it after the HTML build, from the repository root::

    python -m sphinx -W --keep-going -q -b html docs docs/_build/html
    python docs/check_layout.py                  # docs/_build/html, every page
    python docs/check_layout.py docs/_build/html --page rules.html

It opens each page in headless Chromium through Playwright's Python API
(``pip install playwright``; ``playwright install`` is not needed: the browser
is the system's, ``/usr/bin/chromium`` unless ``--chromium`` or ``$CHROMIUM``
names another) at a 1280x800 viewport, and prints one line per ``table``.

A table fits when every cell, its content included, ends inside what the window
shows: within the viewport and within the table's wrapper (Furo puts each table
in a ``div.table-wrapper`` that scrolls sideways, so a table wider than the
text column has its last columns scrolled out of sight), and no cell's text
runs out of the cell (a fixed-layout table's long name would overlap the next
column). Only a table marked
``:class: scroll-x`` (one that truly cannot fit) may scroll instead, if its
wrapper fits the viewport and its first column stays in view, before and
after scrolling to the end.

The pages are every ``*.html`` file at the top of the directory except Sphinx's
generated indexes (``genindex``, ``py-modindex``, ``search``), or those given
with ``--page``. Exit status: 0 when every table fits; 1 when one does not,
naming its page, caption and cut columns; 2 when the directory, a page or the
browser is missing.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict, cast

if TYPE_CHECKING:
    from collections.abc import Sequence

    from playwright.sync_api import Page

DEFAULT_HTML = Path(__file__).resolve().parent / "_build" / "html"
DEFAULT_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
GENERATED_PAGES = frozenset({"genindex.html", "py-modindex.html", "search.html"})
SCROLL_CLASS = "scroll-x"
# Sub-pixel rounding of the layout is not a cut column.
TOLERANCE_PX = 0.5


class ColumnBox(TypedDict):
    """The horizontal extent of one column's cells, contents included."""

    name: str
    left: float
    right: float
    overflow: float


class TableBox(TypedDict):
    """What the page script measures of one table."""

    caption: str
    heading: str
    classes: list[str]
    viewport: float
    clip_left: float
    clip_right: float
    scrolls: bool
    wrapper_left: float
    wrapper_right: float
    columns: list[ColumnBox]
    first_after_scroll: ColumnBox | None


# Runs in the page: measures every table. A column's extent is the union of
# its cells' boxes and of their contents (a literal that overflows its cell
# counts); the clip is the viewport narrowed by every ancestor that does not
# let its content overflow visibly (Furo's scrolling table wrapper).
MEASURE_JS = """
(scrollClass) => {
  const viewport = document.documentElement.clientWidth;
  const clipOf = (element) => {
    let left = 0, right = viewport, scroller = null;
    for (let node = element.parentElement; node; node = node.parentElement) {
      if (getComputedStyle(node).overflowX === "visible") continue;
      const box = node.getBoundingClientRect();
      left = Math.max(left, box.left + node.clientLeft);
      right = Math.min(right, box.left + node.clientLeft + node.clientWidth);
      if (scroller === null) scroller = node;
    }
    return {left, right, scroller};
  };
  const columnsOf = (table) => {
    const columns = [], taken = [];
    const rows = Array.from(table.rows);
    rows.forEach((row, r) => {
      let c = 0;
      for (const cell of row.cells) {
        while (taken[r] && taken[r][c]) c += 1;
        const box = cell.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(cell);
        const content = range.getBoundingClientRect();
        let left = box.left, right = box.right, overflow = 0;
        if (content.width > 0) {
          overflow = Math.max(box.left - content.left, content.right - box.right, 0);
          left = Math.min(left, content.left);
          right = Math.max(right, content.right);
        }
        for (let dr = 0; dr < cell.rowSpan; dr += 1) {
          taken[r + dr] = taken[r + dr] || [];
          for (let dc = 0; dc < cell.colSpan; dc += 1) taken[r + dr][c + dc] = true;
        }
        const column = columns[c] || {name: "", left, right, overflow};
        column.left = Math.min(column.left, left);
        column.right = Math.max(column.right, right);
        column.overflow = Math.max(column.overflow, overflow);
        const isHeader = cell.tagName === "TH" && row.parentElement.tagName === "THEAD";
        if ((isHeader || !column.name) && cell.textContent.trim()) {
          column.name = cell.textContent.trim().replace(/\\s+/g, " ");
        }
        columns[c] = column;
        c += cell.colSpan;
      }
    });
    return columns.map((column) => column || {name: "", left: 0, right: 0, overflow: 0});
  };
  const headingOf = (table) => {
    const headings = Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6"));
    let found = "";
    for (const h of headings) {
      if (h.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING) {
        found = h.textContent.replace("\\u00b6", "").trim();
      }
    }
    return found;
  };
  return Array.from(document.querySelectorAll("table")).map((table) => {
    const caption = table.querySelector(":scope > caption .caption-text")
      || table.querySelector(":scope > caption");
    const clip = clipOf(table);
    const scroller = clip.scroller;
    const scrolls = scroller !== null && scroller.scrollWidth > scroller.clientWidth + 1;
    const wrapper = scroller ? scroller.getBoundingClientRect() : table.getBoundingClientRect();
    const columns = columnsOf(table);
    let firstAfterScroll = null;
    if (scrolls && columns.length > 0) {
      const before = scroller.scrollLeft;
      scroller.scrollLeft = scroller.scrollWidth;
      firstAfterScroll = columnsOf(table)[0];
      scroller.scrollLeft = before;
    }
    return {
      caption: caption ? caption.textContent.trim().replace(/\\s+/g, " ") : "",
      heading: headingOf(table),
      classes: Array.from(table.classList),
      viewport,
      clip_left: clip.left,
      clip_right: clip.right,
      scrolls,
      wrapper_left: wrapper.left,
      wrapper_right: wrapper.right,
      columns,
      first_after_scroll: firstAfterScroll,
    };
  });
}
"""


@dataclass(frozen=True)
class Verdict:
    """The outcome for one table: its line of the report and whether it fits."""

    ok: bool
    line: str


def describe(page: str, index: int, table: TableBox) -> str:
    """Name a table: its page, number on the page and caption (or section)."""
    if table["caption"]:
        name = repr(table["caption"])
    else:
        name = f"(no caption, under {table['heading']!r})"
    return f"{page} table {index} {name}"


def inside(column: ColumnBox, left: float, right: float) -> bool:
    """Whether the column's extent lies between left and right."""
    return column["left"] >= left - TOLERANCE_PX and column["right"] <= right + TOLERANCE_PX


def judge(page: str, index: int, table: TableBox) -> Verdict:
    """Decide whether a measured table shows every column.

    It does when no column is cut and no cell's text runs out of it; a table marked ``scroll-x`` may instead
    scroll inside a wrapper that fits the viewport, its first column in view.
    """
    label = describe(page, index, table)
    columns = table["columns"]
    size = f"{len(columns)} columns"
    cut = [
        (number, column)
        for number, column in enumerate(columns, start=1)
        if not inside(column, table["clip_left"], table["clip_right"])
    ]
    spilt = [
        f"{number} {column['name']!r} (by {column['overflow']:.0f} px)"
        for number, column in enumerate(columns, start=1)
        if column["overflow"] > TOLERANCE_PX
    ]
    if spilt:
        return Verdict(
            False,
            f"FAIL  {label}: text runs out of its cells into the next: column {', '.join(spilt)}",
        )
    if not cut:
        return Verdict(True, f"ok    {label}: {size}, all visible")
    if table["scrolls"] and SCROLL_CLASS in table["classes"]:
        wrapper_fits = table["wrapper_left"] >= -TOLERANCE_PX and (
            table["wrapper_right"] <= table["viewport"] + TOLERANCE_PX
        )
        after = table["first_after_scroll"]
        first_visible = inside(columns[0], table["clip_left"], table["clip_right"])
        if after is not None:
            first_visible = first_visible and inside(after, table["clip_left"], table["clip_right"])
        if wrapper_fits and first_visible:
            return Verdict(
                True,
                f"ok    {label}: {size}, scrolls in its wrapper, first column in view",
            )
        first = columns[0]["name"]
        if wrapper_fits:
            problem = f"its first column, {first!r}, leaves the view"
        else:
            problem = "its wrapper is wider than the viewport"
        return Verdict(
            False, f"FAIL  {label}: {size}, scrolls (:class: {SCROLL_CLASS}) but {problem}"
        )
    shown = ", ".join(
        f"{number} {column['name']!r} (ends at {column['right']:.0f} px)" for number, column in cut
    )
    return Verdict(
        False,
        f"FAIL  {label}: cut past {table['clip_right']:.0f} px"
        f" (viewport {table['viewport']:.0f} px): column {shown}",
    )


def pages_of(html: Path, names: Sequence[str]) -> list[Path]:
    """The pages to check: those named, or every top-level page but indexes."""
    if names:
        return [html / name for name in names]
    return [path for path in sorted(html.glob("*.html")) if path.name not in GENERATED_PAGES]


def measure(page: Page, path: Path) -> list[TableBox]:
    """Load one page and measure its tables."""
    page.goto(path.resolve().as_uri())
    page.evaluate("document.fonts.ready")
    return cast("list[TableBox]", page.evaluate(MEASURE_JS, SCROLL_CLASS))


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Read the command line."""
    parser = argparse.ArgumentParser(
        description="Check that every table of the built docs fits the window."
    )
    parser.add_argument(
        "html",
        nargs="?",
        type=Path,
        default=DEFAULT_HTML,
        help="the built HTML directory (default: docs/_build/html)",
    )
    parser.add_argument(
        "--page",
        action="append",
        default=[],
        help="a page to check, such as rules.html (repeatable; default: all)",
    )
    parser.add_argument("--width", type=int, default=1280, help="default: 1280")
    parser.add_argument("--height", type=int, default=800, help="default: 800")
    parser.add_argument(
        "--chromium",
        default=os.environ.get("CHROMIUM", DEFAULT_CHROMIUM),
        help=f"the Chromium to run (default: $CHROMIUM or {DEFAULT_CHROMIUM})",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Check the pages and print one line per table; return the exit status."""
    args = parse_args(argv)
    html = cast("Path", args.html)
    paths = pages_of(html, cast("list[str]", args.page))
    missing = [str(path) for path in paths if not path.is_file()]
    if not html.is_dir() or not paths or missing:
        print(
            f"check_layout: no such built page: {', '.join(missing) or html}",
            file=sys.stderr,
        )
        return 2
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        print("check_layout: needs Playwright: pip install playwright", file=sys.stderr)
        return 2
    width, height = cast("int", args.width), cast("int", args.height)
    failures = total = 0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=cast("str", args.chromium), args=CHROMIUM_ARGS
            )
            try:
                page = browser.new_page(viewport={"width": width, "height": height})
                for path in paths:
                    for index, table in enumerate(measure(page, path), start=1):
                        verdict = judge(path.name, index, table)
                        print(verdict.line)
                        total += 1
                        failures += not verdict.ok
            finally:
                browser.close()
    except Error as error:
        print(f"check_layout: browser error: {error.message}", file=sys.stderr)
        return 2
    print(
        f"{total - failures} of {total} tables on {len(paths)} pages"
        f" show every column at {width}x{height}"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
