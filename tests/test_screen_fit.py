"""The table screen fits, measured in a real browser (Debian's chromium through Playwright) beside a real
`python -m kiosk play --screen`: at 1920x1080 and 1280x720 (a TV, which cannot scroll) every line of the
finale, the read-back and a long question is on the screen, inside its panel, clear of the caption bar and of
every other line; at 390x844 (a phone) each is reachable by scrolling, nothing runs past its panel, the
keyboard's PIN box leaves the page address alone and the caption bar never hides a line scrolled to.
Screenshots of the finale at the three sizes are kept in test-artefacts/screen/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from kiosk.engine.board import CELL_IDS

from .conftest import CellSpec, KeyText, default_cells
from .support.screen_kiosk import ARTEFACTS, Kiosk

pytestmark = [pytest.mark.slow, pytest.mark.browser]

TV_SIZES = ((1920, 1080), (1280, 720))
PHONE = (390, 844)
SIZES = (*TV_SIZES, PHONE)

# Every line of text and every board cell, with its box, and the boxes of the panel, captions and address.
MEASURE = """(panel) => {
  const box = (node) => { const r = node.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}; };
  const container = document.querySelector(panel);
  const selector = "p, h2, h3, code, strong, .category-title, .letter, .cell, .badge";
  const items = [...container.querySelectorAll(selector)].filter((node) => box(node).width > 0);
  const leaves = items.filter((node) => !items.some((other) => other !== node && node.contains(other)));
  return {
    panel: box(container),
    scroll: {height: container.scrollHeight, client: container.clientHeight,
             width: container.scrollWidth, clientWidth: container.clientWidth},
    items: leaves.map((node) => ({text: (node.textContent || node.getAttribute("aria-label") || "").slice(0, 60),
                                  ...box(node)})),
    captions: box(document.querySelector(".captions")),
    viewport: {width: innerWidth, height: innerHeight},
    page: {width: document.scrollingElement.scrollWidth},
  };
}"""
SLACK = 1.0
"""Pixels: sub-pixel rounding between boxes that merely touch."""


def inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (
        inner["left"] >= outer["left"] - SLACK
        and inner["right"] <= outer["right"] + SLACK
        and inner["top"] >= outer["top"] - SLACK
        and inner["bottom"] <= outer["bottom"] + SLACK
    )


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > SLACK
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > SLACK
    )


def tv_problems(page: Page, panel: str) -> list[str]:
    """On a TV: what is cut off, off the screen, under the captions or on top of another line."""
    seen: dict[str, Any] = page.evaluate(MEASURE, panel)
    screen = {"left": 0, "top": 0, "right": seen["viewport"]["width"], "bottom": seen["viewport"]["height"]}
    problems = []
    scroll = seen["scroll"]
    if scroll["height"] > scroll["client"] + SLACK or scroll["width"] > scroll["clientWidth"] + SLACK:
        problems.append(f"{panel} needs scrolling: {scroll}")
    if not inside(seen["panel"], screen) or overlap(seen["panel"], seen["captions"]):
        problems.append(f"{panel} is off the screen or under the captions: {seen['panel']}")
    items = seen["items"]
    for item in items:
        if not inside(item, seen["panel"]):
            problems.append(f"{item['text']!r} runs past {panel}: {item}")
    for index, item in enumerate(items):
        for other in items[index + 1 :]:
            if overlap(item, other):
                problems.append(f"{item['text']!r} overlaps {other['text']!r}")
    return problems


def phone_problems(page: Page, panel: str) -> list[str]:
    """On a phone: what runs past its panel or the page's width, or cannot be scrolled clear of the captions."""
    seen: dict[str, Any] = page.evaluate(MEASURE, panel)
    problems = []
    if seen["page"]["width"] > seen["viewport"]["width"] + SLACK:
        problems.append(f"the page is wider than the phone: {seen['page']['width']}")
    items = seen["items"]
    for item in items:
        if item["left"] < seen["panel"]["left"] - SLACK or item["right"] > seen["panel"]["right"] + SLACK:
            problems.append(f"{item['text']!r} runs past {panel}: {item}")
    for index, item in enumerate(items):
        for other in items[index + 1 :]:
            if overlap(item, other):
                problems.append(f"{item['text']!r} overlaps {other['text']!r}")
    count = page.evaluate(f"document.querySelectorAll('{panel} p').length")
    for index in range(count):
        where: dict[str, Any] = page.evaluate(
            """([panel, index]) => {
              const node = document.querySelectorAll(panel + " p")[index];
              node.scrollIntoView({block: "nearest"});
              const r = node.getBoundingClientRect(), c = document.querySelector(".captions").getBoundingClientRect();
              return {text: node.textContent.slice(0, 60), top: r.top, bottom: r.bottom, height: innerHeight,
                      hidden: Math.min(r.bottom, c.bottom) - Math.max(r.top, c.top) > 1};
            }""",
            [panel, index],
        )
        if where["hidden"] or where["top"] < -SLACK or where["bottom"] > where["height"] + SLACK:
            problems.append(f"{where['text']!r} cannot be scrolled clear of the captions: {where}")
    return problems


def problems(page: Page, panel: str = "#stage") -> list[str]:
    width = page.viewport_size["width"] if page.viewport_size else 0
    return phone_problems(page, panel) if width < 900 else tv_problems(page, panel)


def pages(browser: Browser, kiosk: Kiosk) -> dict[tuple[int, int], Page]:
    """A page at each size, opened before the night so that each sees it to its end."""
    opened = {}
    for width, height in SIZES:
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(kiosk.url)
        opened[(width, height)] = page
    return opened


def shows(page: Page, kiosk: Kiosk) -> None:
    page.wait_for_selector(f'body[data-replies="{len(kiosk.replies)}"]', state="attached")


@pytest.fixture
def practice(tmp_path: Path) -> Iterator[Kiosk]:
    """The appliance, typed, on its practice key: it stays up after a night's end, so every page is sure to
    draw the finale (a `play` kiosk ends with its night, its screen only briefly draining)."""
    started = Kiosk.start(tmp_path, command="serve")
    yield started
    started.stop()


def test_the_candle_end_finale_fits_and_says_why(browser: Browser, practice: Kiosk) -> None:
    opened = pages(browser, practice)
    practice.say("two")
    for cell in CELL_IDS:
        practice.say(cell)
        practice.say("All: pass")
    practice.say("Bats: 1890. Ghosts: 1904")  # level again: 7 years either way, so TB2
    practice.say("Bats: 1840. Ghosts: 1700")
    for (width, height), page in opened.items():
        shows(page, practice)
        assert page.get_attribute("body", "data-stage") == "over"
        text = page.inner_text("#stage")
        for said in (
            "Bats win the night!",
            "Totals out of 75: Bats 0, Ghosts 0.",
            "Bats were closest: 1840, and the answer was 1845.",
            "Bats: 1840, 5 years off.",
            "Ghosts: 1700, 145 years off.",
            "RESULT: AIGC|halloween-trivia|",
        ):
            assert said in text, f"{said!r} not on the {width}x{height} page"
        sha = page.locator(".sha code").inner_text()
        assert len(sha) == 64 and text.count(sha) == 1, "the key's SHA-256 is shown once"
        assert problems(page) == [], f"{width}x{height}"
        if width < 900:
            page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        ARTEFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTEFACTS / f"finale-{width}x{height}.png"), full_page=width < 900)
    phone = opened[PHONE]
    phone.click("#keyboard-open")
    keyboard = phone.locator("#keyboard").bounding_box()
    address = phone.locator("#join-url").bounding_box()
    assert keyboard is not None and address is not None
    assert not overlap(
        {
            "left": keyboard["x"],
            "right": keyboard["x"] + keyboard["width"],
            "top": keyboard["y"],
            "bottom": keyboard["y"] + keyboard["height"],
        },
        {
            "left": address["x"],
            "right": address["x"] + address["width"],
            "top": address["y"],
            "bottom": address["y"] + address["height"],
        },
    ), "the PIN box covers the page address"


def test_a_read_back_fits(browser: Browser, tmp_path: Path) -> None:
    kiosk = Kiosk.start(tmp_path, "--voice")
    try:
        opened = pages(browser, kiosk)
        for heard in (
            "two",
            "wings and webs one",
            "bats they fly at night",
            "ghosts they glide from tree to tree",
        ):
            kiosk.say(heard)
        for (width, height), page in opened.items():
            shows(page, kiosk)
            assert page.get_attribute("body", "data-stage") == "readback"
            assert problems(page) == [], f"{width}x{height}"
            assert "picking" not in (page.get_attribute(".team:nth-child(2)", "class") or ""), (
                "the header highlights no picker while a question is open"
            )
    finally:
        kiosk.stop()


LONG_QUESTION = (
    "On the night of the harvest moon, when the snap-apple rod turns above the table and the candle at its other "
    "end drips wax on anyone too slow, which fruit, hung by a string from the rod, must a player catch with "
    "their teeth alone, hands held behind their back, before the candle swings round again?"
)


def test_a_long_question_fits(browser: Browser, tmp_path: Path) -> None:
    cells = default_cells()
    cells["A1"] = CellSpec(LONG_QUESTION, "apple")
    key_file = tmp_path / "reveal.md"
    key_file.write_text(KeyText(cells=cells).render())
    kiosk = Kiosk.start(tmp_path, "--key", str(key_file))
    try:
        opened = pages(browser, kiosk)
        kiosk.say("four")
        kiosk.say("A1")
        kiosk.say("Bats: apple")
        for (width, height), page in opened.items():
            shows(page, kiosk)
            assert page.get_attribute("body", "data-stage") == "question"
            assert LONG_QUESTION in page.inner_text("#stage")
            assert problems(page) == [], f"{width}x{height}"
            assert page.locator(".team.picking").count() == 0, "a question is open: nobody is picking"
    finally:
        kiosk.stop()


def caption_then_panel(page: Page, message: str) -> tuple[str, str]:
    """After the table's message is captioned, the first caption of the kiosk's reply, and the panel's text,
    each with its whitespace made single spaces."""
    page.wait_for_selector(f"#caption[data-speaker='Table']:has-text({message!r})")
    page.wait_for_selector("#caption[data-speaker='Kiosk']")
    caption = page.inner_text("#caption").removeprefix("Kiosk:")
    panel = page.inner_text("#stage").replace(" · ", " ")  # a ruling's results run on, parted by dots
    return " ".join(caption.split()), " ".join(panel.split())


def test_captions_keep_step_with_the_panel_in_the_candle_end(browser: Browser, tmp_path: Path) -> None:
    """The Candle-End is called, and TB2 read, in the same reply as a ruling: the panel shows that ruling
    while the captions read it, above the question they go on to read."""
    key_file = tmp_path / "reveal.md"
    key_file.write_text(KeyText().render())
    kiosk = Kiosk.start(tmp_path, "--key", str(key_file))
    try:
        opened = pages(browser, kiosk)
        tv = opened[(1920, 1080)]
        kiosk.say("two")
        for cell in CELL_IDS[:-1]:
            kiosk.say(cell)
            kiosk.say("All: pass")
        kiosk.say("E5")
        kiosk.say("All: pass")
        caption, panel = caption_then_panel(tv, "All: pass")
        assert caption.startswith("The answer: answere5.") and caption in panel, (caption, panel)
        assert "Candle-End question 1" in panel
        kiosk.say("Bats: 1890. Ghosts: 1904")
        caption, panel = caption_then_panel(tv, "Bats: 1890. Ghosts: 1904")
        assert caption.startswith("The answer: 1897.") and caption in panel, (caption, panel)
        assert "Candle-End question 2" in panel
        for (width, height), page in opened.items():
            shows(page, kiosk)
            assert problems(page) == [], f"{width}x{height}"
    finally:
        kiosk.stop()


def test_four_teams_in_the_candle_end_and_their_finale_fit(browser: Browser, practice: Kiosk) -> None:
    """The most a panel holds: four teams' results on the last cell above the Candle-End's first question,
    then four teams' years and the finale."""
    opened = pages(browser, practice)
    practice.say("four")
    for cell in CELL_IDS:
        practice.say(cell)
        practice.say("Bats: a big brass button. Ghosts: a zip. Owls: mutton. Toads: a haunted teapot")
    for (width, height), page in opened.items():
        shows(page, practice)
        assert "Candle-End question 1" in page.inner_text("#stage")
        assert problems(page) == [], f"{width}x{height}"
    practice.say("Bats: 1890. Ghosts: 1700. Owls: about 1900. Toads: eighteen ninety-six")
    for (width, height), page in opened.items():
        shows(page, practice)
        text = page.inner_text("#stage")
        assert "Toads were closest: 1896, and the answer was 1897." in text and "Toads win the night!" in text
        assert problems(page) == [], f"{width}x{height}"
