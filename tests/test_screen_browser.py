"""The table screen in a real browser (Debian's chromium, headless, through Playwright) beside a real
`python -m kiosk play --screen` process: a night checked by the page's text and by screenshots kept in
test-artefacts/screen/, an axe-core audit, and the remote keyboard's pairing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page

from kiosk.engine.board import CELL_IDS
from kiosk.engine.key import parse_key
from kiosk.keys import load_practice, practice_key_bytes

from .support.screen_kiosk import ARTEFACTS, AXE, EventLog, Kiosk

pytestmark = [pytest.mark.slow, pytest.mark.browser]


@pytest.fixture
def kiosk(tmp_path: Path) -> Iterator[Kiosk]:
    started = Kiosk.start(tmp_path)
    yield started
    started.stop()


def open_page(browser: Browser, kiosk: Kiosk, width: int = 1920, height: int = 1080) -> Page:
    page = browser.new_page(viewport={"width": width, "height": height}, bypass_csp=True)
    page.goto(kiosk.url)
    shows(page, kiosk)
    return page


def shows(page: Page, kiosk: Kiosk) -> None:
    """Until the page has drawn the view after the kiosk's latest reply."""
    page.wait_for_selector(f'body[data-replies="{len(kiosk.replies)}"]', state="attached")


def say(page: Page, kiosk: Kiosk, message: str) -> str:
    reply = kiosk.say(message)
    shows(page, kiosk)
    return reply


def shot(page: Page, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"{name}.png"))


def stage(page: Page) -> str:
    return page.inner_text("#stage")


def cell_class(page: Page, cell: str) -> str:
    return page.get_attribute(f'[data-cell="{cell}"]', "class") or ""


def serious_violations(page: Page) -> list[str]:
    page.evaluate(AXE.read_text())
    found = page.evaluate("async () => (await axe.run(document)).violations")
    return [
        f"{v['id']} ({v['impact']}): {v['help']}" for v in found if v["impact"] in ("serious", "critical")
    ]


def test_a_typed_night_on_the_screen(browser: Browser, kiosk: Kiosk) -> None:
    page = open_page(browser, kiosk)
    assert page.get_attribute("body", "data-stage") == "welcome"
    assert "Welcome to Snap-Apple Night" in stage(page)
    assert page.locator(".cell.free").count() == 25
    shot(page, "01-opening")

    say(page, kiosk, "two")
    teams = page.inner_text("#teams")
    assert "Bats" in teams and "Ghosts" in teams and "picks" in teams

    say(page, kiosk, "D1")
    assert page.get_attribute("body", "data-stage") == "question"
    assert "Wings & Webs, 1 point" in stage(page)
    assert "Bats are the only mammals that can truly do what?" in stage(page)
    assert "open" in cell_class(page, "D1")
    shot(page, "02-question-open")

    say(page, kiosk, "Bats: fly")
    assert "Answers in: Bats" in stage(page) and "Waiting for: Ghosts" in stage(page)
    assert "answered" in page.inner_text("#teams")

    say(page, kiosk, "Ghosts: glide")
    assert page.get_attribute("body", "data-stage") == "ruled"
    ruling = stage(page)
    assert "The answer: fly." in ruling and "Source: " in ruling
    assert "Ghosts: wrong, 0 points" in ruling
    assert "scored" in cell_class(page, "D1")
    assert page.get_attribute('[data-cell="D1"]', "aria-label") == "D1, 1 point: Bats scored"
    shot(page, "03-ruling")

    say(page, kiosk, "C2")
    say(page, kiosk, "Bats: Bram Stoker. Ghosts: Stoker")
    say(page, kiosk, "A2")
    say(page, kiosk, "Bats: pumpkin. Ghosts: turnip")
    say(page, kiosk, "B1")
    assert page.get_attribute('[data-cell="C2"]', "aria-label") == "C2, 2 points: Bats and Ghosts scored"
    assert "nobody" not in cell_class(page, "A2") and "Ghosts scored" in (
        page.get_attribute('[data-cell="A2"]', "aria-label") or ""
    )
    scores = page.locator(".team .score").all_inner_texts()
    assert scores == ["3", "4"]

    # Captions: the speaker named, at most two lines of 40 characters, at least 46px at 1080p, on a background.
    page.wait_for_selector("#caption[data-speaker='Kiosk']:has-text('Far and Wide, 1 point')")
    lines = page.locator("#caption .caption-line").all_inner_texts()
    assert 1 <= len(lines) <= 2 and all(len(line) <= 40 for line in lines), lines
    assert page.inner_text("#caption .speaker") == "Kiosk:"
    size = page.evaluate("parseFloat(getComputedStyle(document.getElementById('caption')).fontSize)")
    assert size >= 46
    background = page.evaluate("getComputedStyle(document.querySelector('.captions')).backgroundColor")
    assert background == "rgb(0, 0, 0)"
    shot(page, "04-mid-night")

    assert serious_violations(page) == []
    phone = open_page(browser, kiosk, 390, 844)
    assert serious_violations(phone) == []
    shot(phone, "04-mid-night-phone")
    phone.close()

    say(page, kiosk, "All: pass")
    say(page, kiosk, "end the night")
    say(page, kiosk, "Bats: yes")
    final = say(page, kiosk, "Ghosts: yes")
    assert page.get_attribute("body", "data-stage") == "over"
    result = next(line for line in final.splitlines() if line.startswith("RESULT: "))
    over = stage(page)
    assert result in over and "Ghosts win the night!" in over
    loaded = load_practice()
    assert loaded.key is not None and loaded.key.sha256 in over
    shot(page, "06-result")
    assert kiosk.stop() == 0


def test_the_result_stays_on_the_screen_after_the_night_until_the_host_presses_enter(
    browser: Browser, kiosk: Kiosk
) -> None:
    for message in ("two", "D1", "Bats: fly. Ghosts: glide", "end the night", "Bats: yes"):
        kiosk.say(message)
    final = kiosk.say("Ghosts: yes")
    result = next(line for line in final.splitlines() if line.startswith("RESULT: "))
    line = kiosk.wait_stdout("The table screen goes on showing the result")
    assert (
        line.strip()
        == f"The table screen goes on showing the result at {kiosk.url}: press Enter to close it."
    )
    assert kiosk.process.poll() is None
    later = browser.new_page(viewport={"width": 1920, "height": 1080})  # a page loaded after the night ended
    later.goto(kiosk.url)
    later.wait_for_selector('body[data-stage="over"]', state="attached")
    over = stage(later)
    assert result in over and "Bats win the night!" in over and "Totals out of 75: Bats 1, Ghosts 0." in over
    assert kiosk.process.stdin is not None
    kiosk.process.stdin.write("\n")  # Enter, the input still open: the kiosk closes the screen and stops
    kiosk.process.stdin.flush()
    assert kiosk.process.wait(timeout=30) == 0
    later.wait_for_function("document.getElementById('status').textContent === 'The kiosk has finished.'")
    later.close()


def test_a_read_back_in_large_print(browser: Browser, tmp_path: Path) -> None:
    kiosk = Kiosk.start(tmp_path, "--voice")
    try:
        page = open_page(browser, kiosk)
        for heard in ("two", "wings and webs one", "bats fly", "ghosts they glide"):
            say(page, kiosk, heard)
        assert page.get_attribute("body", "data-stage") == "readback"
        readback = page.locator(".readback").all_inner_texts()
        assert readback == ["Bats: fly", "Ghosts: they glide"]
        big = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.readback')).fontSize)")
        assert big >= 46
        shot(page, "05-read-back")
        say(page, kiosk, "yes")
        assert page.get_attribute("body", "data-stage") == "ruled"
        assert "The answer: fly." in stage(page)
    finally:
        kiosk.stop()


def test_the_remote_keyboard_needs_a_paired_phone(browser: Browser, kiosk: Kiosk) -> None:
    page = open_page(browser, kiosk)
    say(page, kiosk, "two")
    with httpx.Client(base_url=kiosk.url) as client, httpx.Client(base_url=kiosk.url) as guessing:
        guessing.cookies.set("kiosk-phone", "guess")
        refused = [
            client.post("/keyboard/say", json={"text": "D1"}),
            guessing.post("/keyboard/say", json={"text": "D1"}),
            client.post("/keyboard/say", content="D1", headers={"Content-Type": "text/plain"}),
        ]
    assert [response.status_code for response in refused] == [403, 403, 403]
    # Had any of those reached the night, its reply would come before this one.
    assert "THE HARVEST BOARD" in kiosk.say("board")
    shows(page, kiosk)

    page.click("#keyboard-open")
    assert page.is_hidden("#say-form")
    assert page.inner_text("label[for=code]") == 'Pairing code (say "pair a phone" at the kiosk)'
    assert "PIN" not in page.inner_text("body")
    code = kiosk.pairing_code()
    wrong = f"{(int(code) + 1) % 10000:04d}"
    page.fill("#code", wrong)
    page.click("#code-form button")
    page.wait_for_selector("#keyboard-note:has-text('That pairing code is not right.')")
    page.fill("#code", code)
    page.click("#code-form button")
    page.wait_for_selector("#say-form", state="visible")
    assert "One phone is paired." in kiosk.wait_reply()
    page.fill("#say", "D1")
    page.click("#say-form button")
    reply = kiosk.wait_reply()
    assert "Wings & Webs, 1 point: Bats are the only mammals" in reply
    shows(page, kiosk)
    assert page.get_attribute("body", "data-stage") == "question"
    assert kiosk.wait_stderr("(typed on the screen)").strip() == "(typed on the screen) D1"

    code = kiosk.pairing_code()
    wrong = f"{(int(code) + 1) % 10000:04d}"
    with httpx.Client(base_url=kiosk.url) as client:
        statuses = [client.post("/keyboard/pair", json={"code": wrong}).status_code for _ in range(4)]
        limited = client.post("/keyboard/pair", json={"code": code})
    assert statuses == [403, 403, 403, 403]
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0


def _secrets_of(key_file: bytes) -> tuple[dict[str, set[str]], set[str]]:
    """Per cell (and TB1/TB2): its answer forms and source; and the words of every question in the key."""
    key = parse_key(key_file)
    secrets: dict[str, set[str]] = {}
    for cell, entry in key.entries.items():
        secrets[cell] = {entry.answer, *entry.also, entry.source}
    for name, tiebreak in key.tiebreaks.items():
        secrets[name] = {tiebreak.answer, tiebreak.source}
    questions = [entry.question for entry in key.entries.values()]
    questions += [tiebreak.question for tiebreak in key.tiebreaks.values()]
    return secrets, {_norm(q) for q in questions}


def _norm(text: str) -> str:
    return " " + " ".join(re.findall(r"\w+", text.lower())) + " "


def test_the_page_never_holds_an_answer_before_its_ruling(browser: Browser, tmp_path: Path) -> None:
    """A whole night on the practice key: at every step the page's DOM and its event stream hold no answer,
    ALSO form or source of a question not yet ruled (but for words a question of the key says, or an earlier
    ruling said: "1845" is TB2's answer and in a source the board rules)."""
    key_file = tmp_path / "key.md"
    key_file.write_bytes(practice_key_bytes())
    secrets, questions = _secrets_of(key_file.read_bytes())
    kiosk = Kiosk.start(tmp_path, "--key", str(key_file))
    events = EventLog(kiosk.url)
    page = open_page(browser, kiosk)
    ruled: set[str] = set()
    checked = 0

    def check() -> None:
        nonlocal checked
        events.wait_replies(len(kiosk.replies))
        seen = _norm(page.content() + "\n" + events.text())
        said = [_norm(form) for cell in ruled for form in secrets[cell]]
        for cell, forms in secrets.items():
            if cell in ruled:
                continue
            for form in forms:
                if any(_norm(form) in text for text in [*questions, *said]):
                    continue
                assert _norm(form) not in seen, f"{cell}'s {form!r} is on the screen before its ruling"
                checked += 1

    try:
        check()
        say(page, kiosk, "two")
        check()
        for cell in CELL_IDS:
            say(page, kiosk, cell)
            check()
            say(page, kiosk, "All: pass")
            ruled.add(cell)
            check()
        assert page.get_attribute("body", "data-stage") == "question"
        candle = stage(page)
        assert "Candle-End" in candle and "Candle-End question 1" in candle
        assert "Tied: Bats, Ghosts" in candle
        shot(page, "07-candle-end")
        final = say(page, kiosk, "Bats: 1890. Ghosts: 1700")
        ruled.add("TB1")
        check()
        assert page.get_attribute("body", "data-stage") == "over"
        over = stage(page)
        result = next(line for line in final.splitlines() if line.startswith("RESULT: "))
        assert result in over and "Bats win the night!" in over
        assert "aigamecards.com/verify" in over and re.search(r"[0-9a-f]{64}", over)
        shot(page, "08-candle-end-result")
        assert checked > 25 * 10
        views = [json.loads(data) for kind, data in events.events if kind == "view"]
        assert views[-1]["stage"] == "over"
    finally:
        kiosk.stop()
