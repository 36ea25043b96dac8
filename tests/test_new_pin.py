"""'New PIN': the adult asks the appliance for a new keyboard PIN (the old one was overheard, or seen on a
phone). Every page unlocked with the old one is locked again; the new one is said and printed in the log,
never journalled and never sent to the table screen."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from kiosk.appliance.table_only import REMOTE_REFUSED
from kiosk.appliance.words import asks_new_pin
from kiosk.records.night_records import list_nights

from .support.screen_kiosk import EventLog, Kiosk


def test_new_pin_is_heard_in_its_usual_forms_and_nothing_else() -> None:
    for said in ("new pin", "New PIN.", "a new pin", "change the PIN", "new pin please"):
        assert asks_new_pin(said), said
    for said in ("pin", "new night", "bats new pin", "D1"):
        assert not asks_new_pin(said), said


def _unlock(url: str, pin: str) -> httpx.Response:
    origin = url.rstrip("/")
    with httpx.Client(base_url=url, timeout=10) as adult:
        return adult.post(
            "/keyboard/unlock", json={"pin": pin}, headers={"Origin": origin, "Sec-Fetch-Site": "same-origin"}
        )


def _say(url: str, token: str, text: str) -> httpx.Response:
    origin = url.rstrip("/")
    with httpx.Client(base_url=url, timeout=10) as adult:
        return adult.post(
            "/keyboard/say",
            json={"text": text},
            headers={"Origin": origin, "Sec-Fetch-Site": "same-origin", "Authorization": f"Bearer {token}"},
        )


@pytest.mark.process
@pytest.mark.slow
def test_a_new_pin_locks_every_page_and_is_never_journalled_nor_shown(tmp_path: Path) -> None:
    kiosk = Kiosk.start(tmp_path, command="serve")
    phone = EventLog(kiosk.url)  # a guest's phone on the event stream
    try:
        old = kiosk.pin
        unlocked = _unlock(kiosk.url, old)
        assert unlocked.status_code == 200
        token = unlocked.json()["token"]
        kiosk.say("two")
        reply = kiosk.say("new pin")
        said = re.search(r"keyboard has a new PIN: (\d), (\d), (\d), (\d)\.", reply)
        assert said is not None, reply
        new = "".join(said.groups())
        assert new != old
        assert _say(kiosk.url, token, "D1").status_code == 403  # the page unlocked before is locked again
        assert _unlock(kiosk.url, old).status_code == 403
        assert _unlock(kiosk.url, new).status_code == 200
        assert "Wings & Webs, 1 point" in kiosk.say("D1")  # the night went on where it was
        phone.wait_replies(len(kiosk.replies))
        sent = phone.text()
        assert "new PIN" not in sent and ", ".join(new) not in sent and new not in re.findall(r"\d{4}", sent)
    finally:
        assert kiosk.stop() == 0
    (night,) = list_nights(tmp_path / "nights").kept
    assert night.messages == ("two", "D1")  # "new pin" is the kiosk's, not the night's
    assert all(new not in turn.reply and ", ".join(new) not in turn.reply for turn in night.turns)


@pytest.mark.process
@pytest.mark.slow
def test_the_remote_keyboard_cannot_ask_for_a_new_pin(tmp_path: Path) -> None:
    kiosk = Kiosk.start(tmp_path, command="serve")
    try:
        token = _unlock(kiosk.url, kiosk.pin).json()["token"]
        assert _say(kiosk.url, token, "new pin").status_code == 202  # typed, and answered by the kiosk
        reply = kiosk.wait_reply()
        assert REMOTE_REFUSED in reply and "has a new PIN" not in reply
        assert _say(kiosk.url, token, "two").status_code == 202  # the page is still unlocked
        assert "Bats" in kiosk.wait_reply()
        assert _unlock(kiosk.url, kiosk.pin).status_code == 200  # and the PIN is the one it was
    finally:
        assert kiosk.stop() == 0
