"""Make the docs' pictures of the browser table from a real run: ``docs/_static/web_table.png``
(a desktop's window), ``docs/_static/web_table_phone.png`` (a phone's) and
``docs/_static/web_table_doudizhu.png`` (a Dou Dizhu auction, in a desktop's window).

Run from the repository root (needs the ``web`` extra, Playwright, Debian's
Chromium at /usr/bin/chromium or another Chromium given as ``CHROMIUM``, and a
font with Chinese characters for the title, such as Debian's
``fonts-wqy-microhei``)::

    python docs/screenshot_web.py [NAME ...]   (the named pictures alone, such as web_table_doudizhu.png)

For each picture it serves a seeded game under the ``winner`` preset with
uvicorn on a free local port, opens the page in headless Chromium (at 1280x800;
then as a phone, 390x844 at two device pixels a CSS pixel, with touch), plays
a few of the person's moves through the page (the hint, then Play or Pass, as a
person would click or tap them), asks for one more hint, and saves the window
as it then looks. The Dou Dizhu picture serves a seeded ``doudizhu`` game with
random bots (which bid), where a bot has bid and the person is to bid.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import uvicorn  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from zhengshangyou.rules import Rules  # noqa: E402
from zhengshangyou.web import create_app  # noqa: E402

OUT = ROOT / "docs" / "_static"
#: The pictures: file name, then the browser context's options.
WINDOWS: dict[str, dict[str, Any]] = {
    "web_table.png": {"viewport": {"width": 1280, "height": 800}},
    "web_table_phone.png": {
        "viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2,
    },
}
SEED, MOVES = 11, 4  # the person's moves played before the picture
#: The Dou Dizhu picture: its name and seed (seat 2, a random bot, bids 1 before the person).
DOUDIZHU, DOUDIZHU_SEED = "web_table_doudizhu.png", 3
WINDOWS[DOUDIZHU] = WINDOWS["web_table.png"]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def answered(page: Page, click: str, touch: bool) -> None:
    """Click (or tap) ``click`` and wait until the page has drawn the server's answer."""
    before = int(page.evaluate("document.body.dataset.updates"))
    if touch:
        page.tap(click)
    else:
        page.click(click)
    page.wait_for_function("n => Number(document.body.dataset.updates) > n", arg=before)


def picture(browser: Browser, name: str, window: dict[str, Any]) -> None:
    """One picture, of a new game in a new window."""
    doudizhu = name == DOUDIZHU
    if doudizhu:
        app = create_app(Rules.preset("doudizhu"), seed=DOUDIZHU_SEED, bots=["random"])
    else:
        app = create_app(Rules.preset("winner"), seed=SEED)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    touch = bool(window.get("has_touch"))
    context = browser.new_context(**window)
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{port}/")
    page.wait_for_function("Number(document.body.dataset.updates) >= 1")
    for _ in range(0 if doudizhu else MOVES):
        answered(page, "#hint", touch)
        answered(page, "#pass" if page.input_value("#move") == "pass" else "#play", touch)
    if not doudizhu:
        answered(page, "#hint", touch)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(OUT / name))
    context.close()
    server.should_exit = True
    thread.join()
    print(f"wrote {(OUT / name).relative_to(ROOT)}")


def main() -> None:
    names = sys.argv[1:] or list(WINDOWS)  # (some pictures alone: python docs/screenshot_web.py NAME ...)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for name in names:
            picture(browser, name, WINDOWS[name])
        browser.close()


if __name__ == "__main__":
    main()
