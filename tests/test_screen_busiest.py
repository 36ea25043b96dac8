"""The table screen's busiest states, in a real browser beside a real `serve --typed --screen`: four teams on a
late board, a long Candle-End question, a tied finale, each at 1920x1080, 1280x720 and 390x844. Every text
lies inside its panel and nothing covers it: `document.elementFromPoint` at each text's corners is the text
or inside it (on a phone, with the text scrolled into view). Screenshots: test-artefacts/screen/busiest-*."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from kiosk.engine.board import CELL_IDS

from .conftest import KeyText
from .support.screen_kiosk import ARTEFACTS, Kiosk
from .test_screen_fit import SIZES, pages, problems, shows

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LONG_TB1 = (
    "In which year did a newspaper first print a recipe for the bobbing game that families along the whole "
    "river valley, from the mill towns to the coast, still play on the last night of October with apples, "
    "a tub of cold water and no hands allowed?"
)

COVERED = """(panel) => {
  const container = document.querySelector(panel);
  const selector = "p, h2, h3, code, strong, .category-title, .letter, .cell, .badge";
  const nodes = [...container.querySelectorAll(selector)].filter((n) => n.getBoundingClientRect().width > 0);
  const leaves = nodes.filter((n) => !nodes.some((o) => o !== n && n.contains(o)));
  const covered = [];
  for (const node of leaves) {
    node.scrollIntoView({block: "nearest", inline: "nearest"});
    // The text's own box (not its element's, whose rounded corners the browser's hit test leaves out).
    const range = document.createRange();
    range.selectNodeContents(node);
    // Each line of a wrapped text is its own box: an inline text's first line may start beside a label.
    const lines = [...range.getClientRects()].filter((r) => r.width >= 1 && r.height >= 1);
    const corners = lines.flatMap((r) => [[r.left + 1, r.top + 1], [r.right - 1, r.top + 1],
                                          [r.left + 1, r.bottom - 1], [r.right - 1, r.bottom - 1]]);
    for (const [x, y] of corners) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(hit === node || node.contains(hit))) {
        covered.push({text: (node.textContent || "").slice(0, 50), x, y,
                      by: hit ? (hit.className || hit.tagName) + ": " + (hit.textContent || "").slice(0, 30) : null});
        break;
      }
    }
  }
  window.scrollTo(0, 0);
  return covered;
}"""


def covered(page: Page, panel: str) -> list[Any]:
    found: list[Any] = page.evaluate(COVERED, panel)
    return found


def check(opened: dict[tuple[int, int], Page], kiosk: Kiosk, state: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    for (width, height), page in opened.items():
        shows(page, kiosk)
        page.screenshot(path=str(ARTEFACTS / f"busiest-{state}-{width}x{height}.png"), full_page=width < 900)
        where = f"{state} at {width}x{height}"
        for panel in ("#stage", ".board"):
            assert problems(page, panel) == [], where
            assert covered(page, panel) == [], where
        assert page.inner_text("#stage").count("Still to answer") <= 1, where


@pytest.fixture
def four_teams(tmp_path: Path) -> Iterator[Kiosk]:
    key = tmp_path / "reveal.md"
    key.write_text(KeyText(tb1=(LONG_TB1, "1897"), tb2=("Year of TB2?", "1845")).render())
    (tmp_path / "kiosk.toml").write_text(f'key = "{key}"\nscreen = "off"\n')
    started = Kiosk.start(tmp_path, command="serve")
    yield started
    started.stop()


EVERYONE = "Bats: answer{0}. Ghosts: answer{0}. Owls: answer{0}. Toads: answer{0}"


def play_to_the_last_cell(kiosk: Kiosk) -> None:
    kiosk.say("four")
    for cell in CELL_IDS[:-1]:
        kiosk.say(cell)
        kiosk.say(EVERYONE.format(cell.lower()))


def test_four_teams_on_a_late_board_fit(browser: Browser, four_teams: Kiosk) -> None:
    opened = pages(browser, four_teams)
    play_to_the_last_cell(four_teams)
    check(opened, four_teams, "late-board")
    last = CELL_IDS[-1]
    four_teams.say(last)
    four_teams.say("Bats: answer{0}. Ghosts: answer{0}. Owls: answer{0}".format(last.lower()))
    check(opened, four_teams, "four-teams-still-to-answer")


def test_a_long_candle_end_question_fits(browser: Browser, four_teams: Kiosk) -> None:
    opened = pages(browser, four_teams)
    play_to_the_last_cell(four_teams)
    four_teams.say(CELL_IDS[-1])
    four_teams.say(EVERYONE.format(CELL_IDS[-1].lower()))
    assert all(LONG_TB1[:40] in page.inner_text("#stage") for page in opened.values())
    check(opened, four_teams, "long-candle-end")


def test_a_tied_finale_of_four_teams_fits(browser: Browser, four_teams: Kiosk) -> None:
    opened = pages(browser, four_teams)
    play_to_the_last_cell(four_teams)
    four_teams.say(CELL_IDS[-1])
    four_teams.say(EVERYONE.format(CELL_IDS[-1].lower()))
    four_teams.say("Bats: 1890. Ghosts: 1890. Owls: 1904. Toads: 1904")
    check(opened, four_teams, "still-level")
    for page in opened.values():
        assert still_level(page) == {
            "text": "Still level: Bats, Ghosts, Owls and Toads.",
            "first": True,
            "large": True,
        }
    four_teams.say("Bats: 1845. Ghosts: 1845. Owls: 1845. Toads: 1845")
    check(opened, four_teams, "tied-finale")
    assert all("share the win" in page.inner_text("#stage") for page in opened.values())


def test_the_phone_board_of_four_teams_fits(browser: Browser, four_teams: Kiosk) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(four_teams.url)
    four_teams.say("four")
    for cell in CELL_IDS[:5]:
        four_teams.say(cell)
        four_teams.say(
            "Bats: answer{0}. Ghosts: answer{0}. Owls: answer{0}. Toads: answer{0}".format(cell.lower())
        )
    shows(page, four_teams)
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / "busiest-phone-board-390x844.png"), full_page=True)
    assert problems(page, ".board") == [] and covered(page, ".board") == []


STILL_LEVEL = """() => {
  const level = document.querySelector("#stage .still-level");
  const question = document.querySelector("#stage .question");
  if (!level || !question) return {text: level ? level.textContent : null, first: false, large: false};
  const size = (node) => parseFloat(getComputedStyle(node).fontSize);
  return {text: level.textContent,
          first: Boolean(level.compareDocumentPosition(question) & Node.DOCUMENT_POSITION_FOLLOWING),
          large: size(level) >= size(question)};
}"""


def still_level(page: Page) -> dict[str, Any]:
    """The Candle-End's 'Still level' line: its text, whether it comes before the question, and whether it is
    set at least as large as the question."""
    found: dict[str, Any] = page.evaluate(STILL_LEVEL)
    return found


def test_screenshot_sizes_are_the_three_the_issue_names() -> None:
    assert SIZES == ((1920, 1080), (1280, 720), (390, 844))
