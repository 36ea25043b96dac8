"""The appliance's table screen: `python -m kiosk serve --typed` as a real process with its screen on
loopback, checked in Debian's chromium (headless, through Playwright): power-on, a night, the offer of
another and a second night's clean board; the remote keyboard driving serve; a taken port that leaves serve
running without a screen; the setting and its flags."""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from kiosk import config, settings_flags
from kiosk.appliance import words
from kiosk.appliance.table_screen import screen_words
from kiosk.config import Settings

from .support.screen_kiosk import Kiosk

A_NIGHT = ("two", "D1", "Bats: fly. Ghosts: glide", "end the night", "Bats: yes", "Ghosts: yes")


@pytest.fixture
def kiosk(tmp_path: Path) -> Iterator[Kiosk]:
    started = Kiosk.start(tmp_path, command="serve")
    yield started
    started.stop()


def shows(page: Page, kiosk: Kiosk) -> None:
    """Until the page has drawn the view after the kiosk's latest reply."""
    page.wait_for_selector(f'body[data-replies="{len(kiosk.replies)}"]', state="attached")


def open_page(browser: Browser, kiosk: Kiosk) -> Page:
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(kiosk.url)
    shows(page, kiosk)
    return page


def say(page: Page, kiosk: Kiosk, message: str) -> str:
    reply = kiosk.say(message)
    shows(page, kiosk)
    return reply


@pytest.mark.browser
@pytest.mark.process
def test_two_nights_in_a_row_on_the_screen(browser: Browser, kiosk: Kiosk) -> None:
    page = open_page(browser, kiosk)
    assert page.get_attribute("body", "data-stage") == "welcome"
    opening = page.inner_text("#stage")
    assert words.READY in opening and words.HOLDS_PRACTICE_NONE_KEPT in opening
    assert "Welcome to Snap-Apple Night" in opening

    for message in A_NIGHT:
        last = say(page, kiosk, message)
    assert "RESULT: " in last and words.ANOTHER_NIGHT in last
    assert page.get_attribute("body", "data-stage") == "over"
    over = page.inner_text("#stage")
    assert "Bats win the night!" in over and words.ANOTHER_NIGHT in over
    assert "scored" in (page.get_attribute('[data-cell="D1"]', "class") or "")

    # Between nights, what the kiosk says reaches the page too (as a caption), and the result stays up.
    say(page, kiosk, "hello")
    page.wait_for_selector("#caption[data-speaker='Kiosk']:has-text('For another night')")
    assert page.get_attribute("body", "data-stage") == "over"

    second = say(page, kiosk, "new night")
    assert "Welcome to Snap-Apple Night" in second
    assert page.get_attribute("body", "data-stage") == "welcome"
    clean = page.inner_text("#stage")
    assert "Welcome to Snap-Apple Night" in clean
    assert "RESULT" not in clean and "win the night" not in clean and "The answer: fly." not in clean
    assert page.locator(".cell.free").count() == 25
    assert page.locator(".cell.scored").count() == 0

    say(page, kiosk, "three")
    say(page, kiosk, "D1")
    assert page.get_attribute("body", "data-stage") == "question"
    assert page.locator(".team").count() == 3
    assert page.locator(".team .score").all_inner_texts() == ["0", "0", "0"]
    assert kiosk.stop() == 0


@pytest.mark.browser
@pytest.mark.process
def test_the_remote_keyboard_drives_serve(browser: Browser, kiosk: Kiosk) -> None:
    page = open_page(browser, kiosk)
    page.click("#keyboard-open")
    assert page.inner_text("label[for=code]") == 'Pairing code (say "pair a phone" at the kiosk)'
    code = kiosk.pairing_code()
    # This page was loaded on the kiosk itself (loopback): it shows the code while the window is open.
    page.wait_for_selector(f"#pairing-code:has-text('Pairing code: {code}')")
    page.fill("#code", code)
    page.click("#code-form button")
    page.wait_for_selector("#say-form", state="visible")
    assert page.inner_text("#keyboard-note") == "Paired. Messages you send go to the kiosk."
    assert "One phone is paired." in kiosk.wait_reply()
    page.wait_for_selector("#pairing-code", state="hidden")  # one phone a window: it is closed
    page.fill("#say", "two")
    page.click("#say-form button")
    reply = kiosk.wait_reply()
    assert "You are Bats and Ghosts." in reply
    shows(page, kiosk)
    assert "Bats" in page.inner_text("#teams") and "picks" in page.inner_text("#teams")
    assert kiosk.wait_stderr("(typed on the screen)").strip() == "(typed on the screen) two"
    # The terminal still works beside the page's keyboard.
    assert "Wings & Webs, 1 point" in say(page, kiosk, "D1")


def serve(home: Path, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kiosk", "serve", "--typed", *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "SNAP_APPLE_HOME": str(home), "SNAP_APPLE_CONFIG": str(home / "kiosk.toml")},
    )


@pytest.mark.process
def test_a_taken_port_leaves_serve_running_without_a_screen(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = serve(tmp_path, ["two", "D1"], "--screen", f"127.0.0.1:{port}")
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    problem = [line for line in run.stderr.splitlines() if "table screen" in line]
    assert len(problem) == 1, run.stderr
    assert problem[0].startswith(
        f"WARNING kiosk.appliance.table_screen: The screen could not listen on 127.0.0.1:{port}: "
    )
    assert problem[0].endswith(". The kiosk goes on without its table screen.")
    assert "Table screen:" not in run.stderr and "PIN" not in run.stderr
    assert words.READY in run.stdout and "You are Bats and Ghosts." in run.stdout
    assert "Wings & Webs, 1 point" in run.stdout


@pytest.mark.process
def test_the_settings_file_turns_the_screen_off_and_a_flag_on(tmp_path: Path) -> None:
    (tmp_path / "kiosk.toml").write_text('screen = "off"\n')
    off = serve(tmp_path, ["two"])
    assert off.returncode == 0 and "Table screen:" not in off.stderr
    assert "You are Bats and Ghosts." in off.stdout
    on = serve(tmp_path, ["two"], "--screen", "127.0.0.1:0")
    assert on.returncode == 0, on.stderr
    assert "Table screen: http://127.0.0.1:" in on.stderr
    assert "Remote keyboard: To type from a phone, say pair a phone." in on.stderr


def test_the_screen_setting_its_default_and_its_flags(tmp_path: Path) -> None:
    assert Settings().screen == "8177"
    path = tmp_path / "kiosk.toml"
    path.write_text(config.render(Settings()))
    assert config.load(path) == (Settings(), ())
    # A file written when the setting was on or off still reads.
    assert config.parse("screen = false").screen == "off"
    assert config.parse("screen = true").screen == "8177"
    chosen = Settings(screen="127.0.0.1:9000")
    assert settings_flags.with_flags(chosen, argparse.Namespace(screen=None, no_screen=True)).screen == "off"
    assert (
        settings_flags.with_flags(chosen, argparse.Namespace(screen="9100", no_screen=False)).screen == "9100"
    )
    assert settings_flags.with_flags(chosen, argparse.Namespace(screen=None, no_screen=False)) == chosen


@pytest.mark.process
def test_a_bad_screen_flag_is_refused_and_a_bad_setting_passed_over(tmp_path: Path) -> None:
    run = serve(tmp_path, [], "--screen", "tv")
    assert run.returncode == 2
    assert "'tv' is not [HOST:]PORT" in run.stderr and "Traceback" not in run.stderr
    (tmp_path / "kiosk.toml").write_text('screen = "tv"\n')
    run = serve(tmp_path, ["two"])
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "settings: screen 'tv' is not [HOST:]PORT" in run.stderr and "Table screen:" not in run.stderr
    assert "You are Bats and Ghosts." in run.stdout


def test_the_screen_and_how_to_pair_in_spoken_words() -> None:
    said = screen_words("http://192.168.1.20:8177/")
    assert said == (
        "The table screen is at 192 dot 168 dot 1 dot 20, port 8177: open it on a phone or a TV on this "
        "network. To type from a phone, say pair a phone."
    )
    alone = screen_words("http://127.0.0.1:8177/")
    assert (
        alone
        == "The table screen is on this kiosk alone, at port 8177. To type from a phone, say pair a phone."
    )
