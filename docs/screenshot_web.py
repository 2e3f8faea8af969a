"""Make the docs' picture of the browser table from a real run: ``docs/_static/web_table.png``.

Run from the repository root (needs the ``web`` extra, Playwright, Debian's
Chromium at /usr/bin/chromium or another Chromium given as ``CHROMIUM``, and a
font with Chinese characters for the title, such as Debian's
``fonts-wqy-microhei``)::

    python docs/screenshot_web.py

It serves a seeded game under the ``winner`` preset with uvicorn on a free local
port, opens the page in headless Chromium at 1280x800, plays a few of the
person's moves through the page (the hint, then Play or Pass, as a person
would click them), asks for one more hint, and saves the page as it then looks.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import uvicorn  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from zhengshangyou.rules import Rules  # noqa: E402
from zhengshangyou.web import create_app  # noqa: E402

OUT = ROOT / "docs" / "_static" / "web_table.png"
SEED, MOVES = 11, 4  # the person's moves played before the picture
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def answered(page: Page, click: str) -> None:
    """Click ``click`` and wait until the page has drawn the server's answer."""
    before = int(page.evaluate("document.body.dataset.updates"))
    page.click(click)
    page.wait_for_function("n => Number(document.body.dataset.updates) > n", arg=before)


def main() -> None:
    app = create_app(Rules.preset("winner"), seed=SEED)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_function("Number(document.body.dataset.updates) >= 1")
        for _ in range(MOVES):
            answered(page, "#hint")
            answered(page, "#pass" if page.input_value("#move") == "pass" else "#play")
        answered(page, "#hint")
        page.screenshot(path=str(OUT))
        browser.close()
    server.should_exit = True
    thread.join()
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
