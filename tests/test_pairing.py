"""Pairing, not a standing secret: the adult says "pair a phone", one device joins with the code said then,
and the window closes. Lose the phone: "forget the phones", then pair another, all without a restart. A
phone cannot pair or forget phones itself, and no code is said unasked or shown to any other device."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from kiosk.appliance.table_only import REMOTE_REFUSED
from kiosk.records.night_records import list_nights
from kiosk.screen.address import Address, join_url
from kiosk.screen.keyboard import Pairs, RemoteKeyboard
from kiosk.screen.pairing import Outcome, Pairing
from kiosk.screen.phone_words import FORGOTTEN, PhoneRequest, phone_request, phones_words
from kiosk.screen.screen import Screen

from .support.phones import code_in, pair, type_on
from .support.screen_kiosk import EventLog, Kiosk

PHONE = "127.0.0.2"
ANOTHER_PHONE = "127.0.0.3"


def phone(url: str, address: str = PHONE) -> httpx.Client:
    """A phone on the party's network: its own address and its own cookies."""
    return httpx.Client(base_url=url, transport=httpx.HTTPTransport(local_address=address), timeout=10)


def test_the_requests_are_heard_whole_and_nothing_else() -> None:
    for said, request in (
        ("pair a phone", PhoneRequest.PAIR),
        ("Pair a phone.", PhoneRequest.PAIR),
        ("forget the phones", PhoneRequest.FORGET),
        ("Forget the phones!", PhoneRequest.FORGET),
        ("new PIN", PhoneRequest.NEW_PIN),
        ("how many phones", PhoneRequest.HOW_MANY),
    ):
        assert phone_request(said) is request, said
    for said in ("pair", "phones", "bats pair a phone", "new night", "D1", "forget it"):
        assert phone_request(said) is None, said
    assert [phones_words(n) for n in (0, 1, 2)] == [
        "No phone is paired.",
        "One phone is paired.",
        "Two phones are paired.",
    ]


def test_a_window_takes_one_device_and_closes_after_a_minute() -> None:
    now = [0.0]
    pairing = Pairing(clock=lambda: now[0])
    assert pairing.take("1234") == (Outcome.CLOSED, "")  # nothing asked for: no code is good
    code = pairing.open()
    now[0] = 59.0
    outcome, token = pairing.take(code)
    assert outcome is Outcome.PAIRED and pairing.paired(token) and pairing.phones == 1
    assert pairing.take(code) == (Outcome.CLOSED, "")  # one device a window
    late = pairing.open()
    now[0] += 60.0
    assert pairing.window() is None and pairing.take(late) == (Outcome.CLOSED, "")
    assert pairing.forget() == 1 and not pairing.paired(token)


@pytest.fixture
def screen() -> Iterator[Screen]:
    with Screen(Address("127.0.0.1", 0), out=io.StringIO()) as started:
        yield started.start()


def test_a_code_given_after_its_window_is_refused(screen: Screen) -> None:
    now = [0.0]
    screen.keyboard.pairing.clock = lambda: now[0]
    code = screen.keyboard.open_pairing().code
    now[0] = 61.0
    with phone(screen.url) as late:
        refused = pair(late, code)
        assert refused.status_code == 403 and "No phone is being paired now" in refused.json()["error"]
        assert type_on(late, "D1").status_code == 403
    assert screen.keyboard.phones == 0 and screen.keyboard.inbox.empty()


def test_the_code_is_shown_to_the_kiosks_own_page_alone() -> None:
    """Listening on every interface: the kiosk's own page (loopback) has the code; a page loaded from the
    kiosk's network address, as any other device loads it, never does."""
    with Screen(Address("0.0.0.0", 0), out=io.StringIO()) as screen:
        screen.start()
        lan = httpx.URL(join_url("0.0.0.0", screen.server.port)).host
        if lan.startswith("127.") or not lan[0].isdigit():
            pytest.skip("this machine has no network address besides loopback")
        local = f"http://127.0.0.1:{screen.server.port}/"
        with httpx.Client(base_url=local, timeout=10) as pi:
            code = pi.post("/keyboard/window", json={}).json()["code"]
            assert pi.get("/keyboard/code").json()["code"] == code
        with httpx.Client(
            base_url=f"http://{lan}:{screen.server.port}/",
            transport=httpx.HTTPTransport(local_address=lan),
            timeout=10,
        ) as other:
            assert other.get("/keyboard/code").status_code == 404
            assert other.post("/keyboard/window", json={}).status_code == 404
            for path in ("/", "/static/screen.js", "/qr.svg"):
                assert code not in other.get(path).text
            assert pair(other, code).status_code == 200  # the code itself works from anywhere
        assert screen.keyboard.window() is None


def test_two_phones_on_one_keyboard_are_counted() -> None:
    keyboard = RemoteKeyboard()
    for address in (PHONE, ANOTHER_PHONE):
        assert keyboard.pair(keyboard.open_pairing().code, address)[0] is Pairs.PAIRED
    assert [keyboard.notices.get_nowait() for _ in range(2)] == [phones_words(1), phones_words(2)]
    assert keyboard.phones == 2 and keyboard.forget_phones() == 2 and keyboard.phones == 0


@pytest.mark.process
@pytest.mark.slow
def test_pair_a_phone_lose_it_and_pair_another_without_a_restart(tmp_path: Path) -> None:
    kiosk = Kiosk.start(tmp_path, command="serve")
    events = EventLog(kiosk.url)  # a guest's phone on the event stream
    codes = []
    try:
        codes.append(kiosk.pairing_code())
        with phone(kiosk.url) as adults, phone(kiosk.url, ANOTHER_PHONE) as guests:
            assert pair(adults, codes[0]).status_code == 200
            assert "One phone is paired." in kiosk.wait_reply()
            assert type_on(adults, "two").status_code == 202
            assert "You are Bats and Ghosts." in kiosk.wait_reply()
            # The same code, on a second device in the same window: the window closed with the first.
            assert pair(guests, codes[0]).status_code == 403
            assert type_on(guests, "D1").status_code == 403
            # The adult's phone is lost: forget it, by the kiosk's own terminal.
            forgot = kiosk.say("forget the phones")
            assert FORGOTTEN in forgot and "No phone is paired." in forgot
            assert type_on(adults, "D1").status_code == 403
            assert pair(adults, codes[0]).status_code == 403
        codes.append(kiosk.pairing_code())
        with phone(kiosk.url, ANOTHER_PHONE) as new_phone:
            assert pair(new_phone, codes[1]).status_code == 200
            assert "One phone is paired." in kiosk.wait_reply()
            assert type_on(new_phone, "D1").status_code == 202
            assert "Wings & Webs, 1 point" in kiosk.wait_reply()  # the night went on where it was
        assert "One phone is paired." in kiosk.say("how many phones")
        events.wait_replies(3)
        sent = events.text()
        assert "One phone is paired." in sent  # the stream was really read, with the kiosk's own news
        for code in codes:
            assert code not in sent and ", ".join(code) not in sent
        assert "pairing code" not in sent
    finally:
        assert kiosk.stop() == 0
    (night,) = list_nights(tmp_path / "nights").kept
    assert night.messages == ("two", "D1")  # pairing is the kiosk's, not the night's


@pytest.mark.process
@pytest.mark.slow
def test_a_phone_cannot_pair_or_forget_phones_and_a_restart_says_no_code(tmp_path: Path) -> None:
    kiosk = Kiosk.start(tmp_path, command="serve")
    guest = phone(kiosk.url)
    try:
        assert "pairing code" not in kiosk.replies[0]
        assert pair(guest, kiosk.pairing_code()).status_code == 200
        assert "One phone is paired." in kiosk.wait_reply()
        for request in ("pair a phone", "forget the phones", "new pin"):
            assert type_on(guest, request).status_code == 202  # typed, and answered by the kiosk
            reply = kiosk.wait_reply()
            assert REMOTE_REFUSED in reply and "pairing code" not in reply and FORGOTTEN not in reply
        assert type_on(guest, "two").status_code == 202  # the phone is still paired
        assert "You are Bats and Ghosts." in kiosk.wait_reply()
        # "new pin", at the kiosk: every phone forgotten, and a new window opened.
        renewed = kiosk.say("new pin")
        assert FORGOTTEN in renewed and code_in(renewed)
        assert type_on(guest, "D1").status_code == 403
    finally:
        assert kiosk.stop() == 0
    again = Kiosk.start(tmp_path, command="serve")
    try:
        assert "pairing code" not in again.replies[0] and "carry on" in again.replies[0]
        with phone(again.url) as same:
            assert guest.cookies.get("kiosk-phone")  # the phone paired before the restart...
            same.cookies = guest.cookies
            assert type_on(same, "carry on").status_code == 403
    finally:
        guest.close()
        assert again.stop() == 0
    assert "code" not in again.stderr_left()
