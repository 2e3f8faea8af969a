"""The browser table's page in a real headless browser: Debian's Chromium driven by
Playwright, against the app served by uvicorn on 127.0.0.1 in a thread.

The person plays through the page (clicking cards, typing into the move box, the
pass button, the chooser of an ambiguous play), and every response the page
receives is checked for hidden cards: the server records, for each response as it
is sent, the cards the other seats hold that the person may not know of
(:func:`test_web.hidden_cards`), one request at a time, and tags the response
with the record's number, so that what the page got is checked against the game
as it was when the answer was made.

The page is tried in a desktop's window (1280x800) and as phones (390x844 and
320x568, emulated with a touch screen and a phone's pixel density, tapped rather
than clicked): after every answer, every control drawn must be the element found
at its own centre (nothing covers it) and the page no wider than the window.

Without Chromium or Playwright these tests are skipped, unless
``ZHENGSHANGYOU_REQUIRE_BROWSER=1`` (as in CI), which makes that a failure.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
import uvicorn
from starlette.types import Message, Receive, Scope, Send

from marks import slow_where
from test_web import ambiguous_lead, exchange_table, hidden_cards, leaked, move_cards
from test_web_doudizhu import Says, expected_scores, peasant_table
from zhengshangyou import Card, Game, Kind, Offer, Pass, Play, Rules, ZhengShangyouError
from zhengshangyou.bots import Bot, GreedyBot, HeuristicBot
from zhengshangyou.narrate import score_lines, typed_form
from zhengshangyou.web import create_app

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Dialog, Page, Response

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
#: The browser's window: a desktop's, and phones' (a touch screen, as Chromium
#: emulates a mobile device: its viewport, pixel density and taps).
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 3,
}
NARROW: dict[str, Any] = {"viewport": {"width": 390, "height": 844}}  # a narrow window, no emulation
SMALL_PHONE: dict[str, Any] = {
    "viewport": {"width": 320, "height": 568}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2,
}
#: Chromium's arguments as root in a container: no sandbox, no GPU, nothing fetched.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install playwright)"
    if not shutil.which(CHROMIUM):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    reason = missing()
    if reason is not None:
        if os.environ.get("ZHENGSHANGYOU_REQUIRE_BROWSER") == "1":
            pytest.fail(f"ZHENGSHANGYOU_REQUIRE_BROWSER=1, but {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Served:
    """The browser table under uvicorn in a thread, recording for each response the
    hidden cards at the moment it is sent."""

    def __init__(self, rules: Rules, **options: Any) -> None:
        self.app = create_app(rules, **options)
        self.records: list[set[Card]] = []
        self.one_at_a_time = asyncio.Lock()
        config = uvicorn.Config(
            self.recording, host="127.0.0.1", port=0, interface="asgi3", lifespan="off", log_level="warning"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        while not self.server.started:
            time.sleep(0.01)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"

    @property
    def game(self) -> Game:
        game: Game = self.app.state.table.game
        return game

    async def recording(self, scope: Scope, receive: Receive, send: Send) -> None:
        # One request at a time, so the game cannot change between the answer being
        # made and its record; the record's number goes out as a header.
        async with self.one_at_a_time:
            number = len(self.records)

            async def send_recorded(message: Message) -> None:
                if message["type"] == "http.response.start":
                    self.records.append(hidden_cards(self.game, self.app.state.table.seat))
                    headers = [*message.get("headers", []), (b"x-record", str(number).encode())]
                    message = {**message, "headers": headers}
                await send(message)

            await self.app(scope, receive, send_recorded)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


class Person:
    """A page of the table, with every response it receives kept to be checked."""

    def __init__(self, browser: Browser, served: Served, device: dict[str, Any] | None = None) -> None:
        self.served = served
        self.device = DESKTOP if device is None else device
        self.touch = bool(self.device.get("has_touch"))  # taps, not clicks
        self.context = browser.new_context(**self.device)
        self.context.set_default_timeout(5000)
        self.page: Page = self.context.new_page()
        self.responses: list[Response] = []
        self.checked = 0
        self.page.on("response", self.received)
        self.page.goto(served.url + "/")
        self.page.wait_for_function("document.body.dataset.updates >= 1")

    def received(self, response: Response) -> None:
        self.responses.append(response)

    def act(self, *clicks: str, fill: str | None = None) -> None:
        """Click the selectors (after filling the move box with ``fill``); wait for the answer."""
        page = self.page
        before = int(page.evaluate("document.body.dataset.updates"))
        if fill is not None:
            page.fill("#move", fill)
        for selector in clicks:
            self.press(selector)
        page.wait_for_function("n => Number(document.body.dataset.updates) > n", arg=before)
        self.check()

    def press(self, selector: str) -> None:
        """Tap (on a touch screen) or click the element: Playwright first checks that
        nothing else would receive the tap or click at its place."""
        if self.touch:
            self.page.tap(selector)
        else:
            self.page.click(selector)

    def play(self, cards: tuple[Card, ...]) -> None:
        """Click the cards in the hand, then the Play button."""
        clicks = [f"#hand button.card[data-code='{card}']:not(.selected) >> nth=0" for card in cards]
        for selector in clicks:
            self.press(selector)
        self.act("#play")

    def play_hand(self, bot: Bot, *, each: Callable[[], None] | None = None) -> int:
        """Play ``bot``'s choices to the end of the hand: plays by clicking their cards (or
        typing them, declared, when they must be), passes with the pass button; the
        number of passes."""
        passes = 0
        while not self.served.game.is_hand_over:
            game = self.served.game
            choice = bot.choose(game.observation(self.served.app.state.table.seat))
            typed = typed_form(choice, game.rules)
            if isinstance(choice, Pass):
                self.act("#pass")
                passes += 1
            elif " as " in typed:
                self.act("#play", fill=typed)
            else:
                assert isinstance(choice, Play)
                self.play(choice.cards)
            assert self.page.get_attribute("#message", "class") != "error", self.page.inner_text("#message")
            if each is not None:
                each()
        return passes

    def check(self) -> None:
        """No response the page received shows a card hidden from the person then."""
        for response in self.responses:
            assert response.url.startswith(self.served.url), response.url
            number = response.headers.get("x-record")
            assert number is not None, response.url
            named = response.request.post_data or ""
            assert leaked(response.text(), self.served.records[int(number)], named) == set()
        self.checked += len(self.responses)
        self.responses.clear()

    def close(self) -> None:
        self.check()
        self.context.close()


@pytest.fixture
def table(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Any]:
    """Open the table under the test's rules and options: ``table(rules, **options)``."""
    opened: list[tuple[Served, Person]] = []

    def open_table(rules: Rules, device: dict[str, Any] | None = None, **options: Any) -> tuple[Served, Person]:
        served = Served(rules, **options)
        opened.append((served, Person(browser, served, device)))
        return opened[-1]

    yield open_table
    for served, person in opened:
        person.close()
        served.stop()


def test_R6_1_a_whole_hand_is_played_through_the_page_to_the_score(table: Any) -> None:
    served, person = table(Rules(), seed=0)
    page = person.page
    assert page.locator("#seats tbody tr").count() == 4
    assert person.play_hand(HeuristicBot()) > 0  # passes
    result = served.game.state.result
    assert result is not None
    assert page.is_visible("#result")
    names = [f"seat {seat} (you)" if seat == 0 else f"seat {seat}" for seat in range(4)]
    assert page.locator("#score-lines li").all_inner_texts() == list(score_lines(result, served.game.rules, names))
    statuses = page.locator("#seats tbody tr td:nth-child(5)").all_inner_texts()
    assert statuses[result.winner] == "Winner"
    assert statuses[result.loser] == "Loser"
    assert page.locator("#events li").last.inner_text() == score_lines(result, served.game.rules, names)[-1]
    person.act("#next-hand")
    assert page.inner_text("#hand-number").startswith("hand 2")
    assert not page.is_visible("#result")
    assert person.checked == len(served.records) > 20  # every answer reached the page and was checked


def test_R8_2_the_winner_offers_two_cards_through_the_page(table: Any) -> None:
    seed = exchange_table("Winner").app.state.table.seed  # the person wins the first hand
    served, person = table(Rules(players=2, exchange="highest_for_one_of_two"), seed=seed, bots=["greedy"])
    page = person.page
    person.play_hand(GreedyBot())
    assert page.locator("#seats tbody tr td:nth-child(5)").all_inner_texts()[0] == "Winner"
    person.act("#next-hand")
    assert page.is_visible("#exchange")
    offer = GreedyBot().choose(served.game.observation(0))
    assert isinstance(offer, Offer)
    for card in offer.cards:
        page.click(f"#hand button.card[data-code='{card}']")
    person.act("#exchange button >> text='offer the selected cards'")
    assert served.game.phase == "play"
    told = page.locator("#events li.exchange").all_inner_texts()
    assert len(told) == 3  # the give, the offer (seen by the Winner), the take
    assert "(Winner) offers" in told[1]
    assert page.is_hidden("#exchange")


def test_R3_an_illegal_play_shows_the_rules_message_on_the_page(table: Any) -> None:
    rules = Rules()
    seed = next(seed for seed in range(100) if Game(rules, seed=seed).to_act == 0)
    served, person = table(rules, seed=seed)  # the person leads
    page = person.page
    assert page.is_disabled("#pass")  # the leader may not pass (R5.1)
    hand = sorted(served.game.hands[0])
    before = served.game.state
    cards = f"{hand[0]} {hand[-1]}"
    with pytest.raises(ZhengShangyouError) as refusal:  # the library's message, shown as it is
        Game(rules, seed=seed).play(cards)
    rule = refusal.value.rule
    assert rule is not None
    assert rule.startswith("R3")
    person.act("#play", fill=cards)
    message = page.inner_text("#message")
    assert page.get_attribute("#message", "class") == "error"
    assert message.startswith(str(refusal.value).removesuffix(f" ({rule})"))
    assert message.endswith(f"({rule})")
    assert message.count(rule) == 1
    assert served.game.state is before


def test_R3_16_an_ambiguous_play_is_declared_through_the_chooser(table: Any) -> None:
    rules = Rules(straight_flush="distinct", min_straight=3)
    seed, leader, flush = ambiguous_lead(rules)
    served, person = table(rules, seat=leader, seed=seed)
    page = person.page
    person.play(flush.cards)
    assert "R3.16" in page.inner_text("#message")
    assert page.locator("#chooser button").all_inner_texts() == ["straight", "straight flush"]
    person.act("#chooser button >> text='straight flush'")
    first = next(action.move for action in served.game.state.log if action.seat == leader)
    assert isinstance(first, Play)
    assert first == flush
    assert first.kind is Kind.STRAIGHT_FLUSH
    assert page.is_hidden("#chooser")
    assert any(text.endswith("(straight flush)") for text in page.locator("#events li").all_inner_texts())


#: Every control on the page that is drawn, checked where a finger or pointer lands:
#: scrolled into view, the element hit at its centre must be itself or inside it; and
#: the page must be no wider than the window. The offenders, described.
LAYOUT_CHECK = """() => {
  const offenders = [];
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width) {
    offenders.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`);
  }
  const describe = (element) => element ? `${element.tagName.toLowerCase()}#${element.id}.${element.className}`
    + ` "${element.textContent.trim().slice(0, 20)}"` : "nothing";
  for (const element of document.querySelectorAll("button, input, select, .card")) {
    if (!element.getClientRects().length || getComputedStyle(element).visibility === "hidden") continue;
    element.scrollIntoView({block: "center", inline: "center"});
    const box = element.getBoundingClientRect();
    if (box.right > width + 0.5 || box.left < -0.5) offenders.push(`${describe(element)} sticks out of the window`);
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!(hit && (hit === element || element.contains(hit)))) {
      offenders.push(`${describe(element)} is covered by ${describe(hit)}`);
    }
  }
  window.scrollTo(0, 0);
  return offenders;
}"""


def assert_laid_out(page: Page) -> None:
    assert page.evaluate(LAYOUT_CHECK) == []


@pytest.mark.parametrize(
    "device",
    # (the two phones' widths in the README's command; the others in the slow set)
    [PHONE, SMALL_PHONE, pytest.param(NARROW, marks=pytest.mark.slow), pytest.param(DESKTOP, marks=pytest.mark.slow)],
    ids=["phone-390", "phone-320", "narrow-390", "desktop-1280"]
)
def test_issue34_item1_a_whole_hand_is_tapped_through_with_nothing_covered(table: Any, device: dict[str, Any]) -> None:
    served, person = table(Rules(), device, seed=0)
    page = person.page
    assert page.evaluate("matchMedia('(pointer: coarse)').matches") == person.touch  # emulated as asked
    assert_laid_out(page)
    person.act("#hint")  # a tap on Hint registers (it selects the hinted cards)
    assert page.inner_text("#message").startswith("Hint: ")
    assert_laid_out(page)
    person.press("#clear")
    person.play_hand(HeuristicBot(), each=lambda: assert_laid_out(page))
    assert served.game.is_hand_over
    assert page.is_visible("#result")
    assert_laid_out(page)
    person.act("#next-hand")
    assert page.inner_text("#hand-number").startswith("hand 2")
    if page.viewport_size and page.viewport_size["width"] < 900:  # one column: the log under the table, the hand in rows
        log, table_box = page.locator("#log").bounding_box(), page.locator("#table").bounding_box()
        assert log is not None
        assert table_box is not None
        assert log["y"] >= table_box["y"] + table_box["height"]
        tops = {round(box["y"]) for box in (card.bounding_box() for card in page.locator("#hand .card").all()) if box}
        assert 1 < len(tops) < 5


def hand_with(card: str) -> tuple[int, int]:
    """A seed of the first game and the seat of a person who holds ``card``, leading."""
    for seed in range(500):
        game = Game(Rules(), seed=seed)
        seat = game.to_act
        if Card.parse(card) in game.hands[seat]:
            return seed, seat
    raise AssertionError(f"no seed deals {card} to the leader")


def test_issue34_item2_the_jokers_are_labelled_bj_and_rj(table: Any) -> None:
    for code, colour in (("BJ", "black"), ("RJ", "red")):
        seed, seat = hand_with(code)
        _, person = table(Rules(), seat=seat, seed=seed)
        joker = person.page.locator(f"#hand .card[data-code='{code}']").first
        assert joker.inner_text().split() == [code, "JOKER"]  # "joker", upper-cased by the style sheet
        assert joker.get_attribute("title") == f"{colour} joker ({code})"


def test_issue34_item2_exchange_buttons_show_red_suits_in_red(table: Any) -> None:
    seed = exchange_table("Loser").app.state.table.seed  # the person loses the first hand
    served, person = table(Rules(players=2, exchange="highest_for_one_of_two"), seed=seed, bots=["greedy"])
    page = person.page
    person.play_hand(GreedyBot())
    person.act("#next-hand")
    labels = []
    while served.game.phase == "exchange":
        buttons = page.locator("#exchange button")
        labels += [(button.inner_text(), button.locator(".red").all_inner_texts()) for button in buttons.all()]
        person.act("#exchange button >> nth=0")
    assert labels
    for text, red in labels:
        cards = [word for word in text.split() if word[-1] in "♦♥♣♠" or word in ("BJ", "RJ")]
        assert red == [card for card in cards if card[-1] in "♦♥" or card == "RJ"], text
    assert any(red for _, red in labels), labels  # the seed shows a red card


def test_issue34_item2_the_chinese_title_has_a_font_or_gives_way_to_the_romanised_one(table: Any) -> None:
    _, person = table(Rules(), seed=1)
    page = person.page
    title = page.locator("#game-native")
    assert "Noto Sans CJK SC" in title.evaluate("element => getComputedStyle(element).fontFamily")
    assert page.inner_text("h1").startswith("Zheng Shangyou")
    drawn = page.evaluate("drawable('争上游', document.querySelector('#game-native'))")
    assert title.is_visible() == drawn
    assert page.evaluate("drawable('\\u{10FFFD}', document.body)") is False


def test_B8_T8_the_heading_and_the_tab_name_the_game_of_the_new_game(table: Any) -> None:
    # FAMILY.md's part headings: "Big Two (大老二 / 鋤大D / Pusoy Dos)", "Tiến Lên".
    served, person = table(Rules(), seed=1)
    page = person.page
    for preset, name, native in (("big-two-taiwan", "Big Two", "大老二"), ("tien-len", "Tiến Lên", None)):
        page.select_option("#preset", preset)
        page.fill("#options", "")
        person.act("#new-game button")
        assert served.app.state.table.game.rules == Rules.preset(preset)
        assert page.inner_text("#game-name") == name
        title = page.locator("#game-native")
        if native is None:
            assert not title.is_visible()
            assert page.title() == name
        else:
            assert title.get_attribute("lang") == "zh-Hant-TW"
            drawn = page.evaluate(f"drawable('{native}', document.querySelector('#game-native'))")
            assert title.is_visible() == drawn
            assert page.title() == (f"{name} {native}" if drawn else name)
            if drawn:
                assert title.inner_text() == native


def test_issue34_item2_new_game_asks_before_it_throws_a_game_away(table: Any) -> None:
    rules = Rules()
    seed = next(seed for seed in range(100) if Game(rules, seed=seed).to_act == 0)
    served, person = table(rules, seed=seed, bots=["greedy"])
    page = person.page
    asked: list[str] = []
    accept = [False]

    def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        if accept[0]:
            dialog.accept()
        else:
            dialog.dismiss()

    page.on("dialog", answer)
    person.act("#new-game button")  # nothing played yet: no question
    assert (asked, served.app.state.table.games) == ([], 2)
    person.act("#hint")
    person.act("#play")
    page.click("#new-game button")  # the person says no: nothing is sent
    assert asked == ["Start a new game? The game in progress will be lost."]
    assert served.app.state.table.games == 2
    accept[0] = True
    person.act("#new-game button")
    assert len(asked) == 2
    assert served.app.state.table.games == 3


# --- Dou Dizhu (issue 36): the auction, the sides and the kitty, tapped through -------------------


def tap_auction(person: Person, move: str) -> None:
    """Tap the auction's button for ``move`` and check the page's layout after the answer."""
    person.act(f"#bid-buttons button[data-move='{move}']")
    assert_laid_out(person.page)


def check_the_end(served: Served, person: Person, seat: int) -> None:
    """The result shown at the end of a hand with a landlord: the side that won (D8.1)
    and each seat's score as D9.1 makes it from the moves (worked out by the tests'
    own reckoning, :func:`test_web_doudizhu.expected_scores`)."""
    page = person.page
    game = served.game
    landlord, winner = game.state.landlord, game.state.log[-1].seat
    assert page.is_visible("#result")
    lines = page.locator("#score-lines li").all_inner_texts()
    name = [f"seat {other}{' (you)' if other == seat else ''}" for other in range(3)]
    won = winner == landlord
    assert lines[0].startswith(f"The landlord, {name[landlord]}, wins" if won else "The peasants, ")
    scores = expected_scores(game)
    sides = ["landlord" if other == landlord else "peasant" for other in range(3)]
    assert lines[-3:] == [f"{name[other]}, {sides[other]}: {scores[other]:+d}" for other in range(3)]
    cells = [row.locator("td").all_text_contents() for row in page.locator("#seats tbody tr").all()]
    assert [int(cell[5]) for cell in cells] == list(scores)
    assert [cell[4] for cell in cells] == ["won" if (other == landlord) == won else "lost" for other in range(3)]
    assert_laid_out(page)


@pytest.mark.parametrize(
    # (the narrow phone in the slow set: test_issue34_item1 taps a hand through at 320 px)
    "device", [PHONE, pytest.param(SMALL_PHONE, marks=pytest.mark.slow), DESKTOP],
    ids=["phone-390", "phone-320", "desktop-1280"],
)
def test_D3_1_a_whole_doudizhu_hand_as_landlord_is_tapped_through(table: Any, device: dict[str, Any]) -> None:
    rules = Rules.preset("doudizhu")
    seat = Game(rules, seed=0).to_act  # the person bids first
    served, person = table(rules, device, seat=seat, seed=0)  # the heuristic bots
    page = person.page
    assert_laid_out(page)
    assert page.is_visible("#auction")
    assert page.locator("#bid-buttons button").all_inner_texts() == ["Bid 1", "Bid 2", "Bid 3", "Pass"]
    face_up = served.game.state.deal.trick_card  # names the first bidder (D2.3)
    assert page.locator("#top .card").get_attribute("data-code") == str(face_up)
    assert f"The face-up card names the first bidder: seat {seat} (you) (D2.3)" in page.inner_text("#notes")
    assert "No bid yet" in page.inner_text("#notes")
    assert page.is_hidden("#pass")  # the auction's own Pass button stands in for it
    assert page.locator("#hand button.card").count() == 0  # no cards to choose in an auction
    assert page.is_hidden("#teams")
    tap_auction(person, "bid 3")  # a 3 ends the auction at once (D3.1)
    assert page.is_hidden("#auction")
    assert page.is_visible("#pass")
    assert page.is_visible("#teams")
    peasants = ", ".join(f"seat {other}" for other in range(3) if other != seat)
    assert page.locator("#sides").text_content() == f"Landlord: seat {seat} (you) · Peasants: {peasants}"
    assert "Base 3" in page.inner_text("#stake")
    kitty = [str(card) for card in sorted(served.game.state.deal.kitty)]
    assert [card.get_attribute("data-code") for card in page.locator("#kitty .card").all()] == kitty  # public (D4.1)
    assert page.locator("#seats .role").all_text_contents() == [
        "landlord" if other == seat else "peasant" for other in range(3)
    ]
    assert page.locator("#hand .card").count() == 20
    person.play_hand(HeuristicBot(), each=lambda: assert_laid_out(page))
    check_the_end(served, person, seat)
    person.act("#next-hand")
    assert page.is_visible("#auction")
    assert page.inner_text("#hand-number").startswith("hand 2")


def peasant_seed(preset: str) -> tuple[int, int]:
    """The seed and seat of a table whose person, the first bidder, passes and one of
    the random bots becomes the landlord (:func:`test_web_doudizhu.peasant_table`)."""
    found = peasant_table(preset)
    seed: int = found.app.state.table.seed
    return seed, found.seat


@pytest.mark.parametrize("device", [PHONE, DESKTOP], ids=["phone-390", "desktop-1280"])
def test_D4_2_a_whole_doudizhu_hand_as_peasant_is_tapped_through(table: Any, device: dict[str, Any]) -> None:
    seed, seat = peasant_seed("doudizhu")
    served, person = table(Rules.preset("doudizhu"), device, seat=seat, seed=seed, bots=["random"])
    page = person.page
    assert_laid_out(page)
    while page.is_visible("#auction"):
        tap_auction(person, "pass")
    landlord = served.game.state.landlord
    assert landlord not in (-1, seat)
    assert page.locator("#sides").text_content().startswith(f"Landlord: seat {landlord} · Peasants: ")
    assert page.locator("#seats .role").all_text_contents()[seat] == "peasant"
    kitty = [str(card) for card in sorted(served.game.state.deal.kitty)]
    assert [card.get_attribute("data-code") for card in page.locator("#kitty .card").all()] == kitty  # public (D4.1)
    person.play_hand(HeuristicBot(), each=lambda: assert_laid_out(page))
    check_the_end(served, person, seat)


def test_D4_1_the_kitty_is_not_shown_to_a_peasant_under_openspiel(table: Any) -> None:
    seed, seat = peasant_seed("openspiel")
    served, person = table(Rules.preset("openspiel"), SMALL_PHONE, seat=seat, seed=seed, bots=["random"])
    page = person.page
    while page.is_visible("#auction"):
        tap_auction(person, "pass")
    assert served.game.state.landlord != seat
    assert page.locator("#kitty .card").count() == 0
    assert page.inner_text("#kitty-label") == "Kitty: 3 cards, not shown (D4.1)"
    hidden = set(served.game.state.deal.kitty) - {card for action in served.game.state.log for card in move_cards(action.move)}
    assert leaked(page.inner_text("body"), hidden) == set()  # nor anywhere on the page
    person.play_hand(HeuristicBot(), each=lambda: assert_laid_out(page))
    assert page.is_visible("#result")
    assert_laid_out(page)


@pytest.mark.parametrize("preset", ["doudizhu", "openspiel"])
def test_D3_3_a_hand_nobody_bids_for_is_told_at_320_px(table: Any, preset: str) -> None:
    rules = Rules.preset(preset)
    seat = Game(rules, seed=0).to_act
    served, person = table(rules, SMALL_PHONE, seat=seat, seed=0)
    for other in range(3):  # the others pass too
        if other != seat:
            served.app.state.table.bots[other] = Says("pass")
    page = person.page
    tap_auction(person, "pass")
    if preset == "doudizhu":  # the next deal follows at once (D3.3, all_pass="redeal")
        told = "Hand 1 was thrown in: nobody bid, every score is 0, and the cards are dealt again at once (D3.3)"
        assert told in page.inner_text("#notes")
        assert page.locator("#events li").first.inner_text() == told
        assert page.is_visible("#auction")
        assert page.inner_text("#hand-number").startswith("hand 2")
    else:  # the hand ends, every score 0 (D3.3, all_pass="void")
        assert page.locator("#score-lines li").all_inner_texts() == [
            "Nobody bid: the hand is thrown in, and every score is 0 (D3.3)"
        ]
        assert page.is_visible("#next-hand")
        person.act("#next-hand")
        assert page.is_visible("#auction")
    assert_laid_out(page)


@pytest.mark.parametrize(
    "preset",
    # (Big Two and Tiến Lên in the README's command; their regional presets in the slow set)
    slow_where(
        ["big-two", "big-two-taiwan", "pusoy-dos", "tien-len", "tien-len-pagat", "tien-len-north"],
        lambda name: name not in ("big-two", "tien-len"),
    ),
)
def test_issue37_acceptance4_a_whole_family_hand_is_played_through_the_page(table: Any, preset: str) -> None:
    """Big Two, Pusoy Dos and Tiến Lên with two players (26 cards left out, B2.1, T2.1):
    a newcomer plays a whole hand through the page, to the scores as score_lines
    counts them (B7.1, T7)."""
    rules = Rules.preset(preset, players=2)
    served, person = table(rules, seed=3)
    page = person.page
    assert page.locator("#seats tbody tr").count() == 2
    person.play_hand(HeuristicBot())
    result = served.game.state.result
    assert result is not None
    assert page.is_visible("#result")
    names = [f"seat {seat} (you)" if seat == 0 else f"seat {seat}" for seat in range(2)]
    assert page.locator("#score-lines li").all_inner_texts() == list(score_lines(result, rules, names))
    assert person.checked == len(served.records) > 2  # every answer reached the page and was checked
