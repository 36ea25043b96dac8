"""The table screen's view, fed by a real host: what each reply shows, captions, the PIN's limit, and the
server's locks (the browser tests drive the same server through chromium)."""

from __future__ import annotations

import argparse
import io
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk import Host, Key, KeySource, cartridge
from kiosk.engine import said
from kiosk.engine.by import By
from kiosk.engine.finale_words import EPILOGUE_HERE
from kiosk.engine.key import parse_key
from kiosk.engine.ledger import Ledger
from kiosk.engine.reply import Reply
from kiosk.keys import load_practice, practice_key_bytes
from kiosk.records.journal import Journal
from kiosk.records.keeping import Keeper
from kiosk.records.night_records import KeyIdentity, read_night
from kiosk.screen.address import Address, parse_address
from kiosk.screen.captions import LINE_WIDTH, Caption, caption_cards
from kiosk.screen.keyboard import Pairs, RemoteKeyboard
from kiosk.screen.screen import Screen, view_payload
from kiosk.screen.view import START, CellState, Panel, View, advance
from kiosk.screen.wrong_codes import WrongPinLimit
from kiosk.table import KeptNight, Table

from .conftest import KeyText


def fold(host: Host, *messages: str) -> View:
    view = START
    for reply in [host.opening(), *(host.hear(message) for message in messages)]:
        view = advance(view, reply)
    return view


def test_the_view_follows_a_night_from_welcome_to_a_ruling(practice_key: Key) -> None:
    host = Host(practice_key, source=KeySource.PRACTICE)
    assert fold(host).stage is Panel.WELCOME
    host = Host(practice_key, source=KeySource.PRACTICE)
    view = fold(host, "two", "D1")
    assert view.stage is Panel.QUESTION and view.replies == 3
    assert view.question is not None and view.question.cell == "D1"
    assert view.question.heading == "Wings & Webs, 1 point"
    assert view.question.text == practice_key.entries["D1"].question
    assert view.board[3].cells[0].state is CellState.OPEN and view.pick == "Ghosts"
    view = advance(view, host.hear("Bats: fly"))
    assert [(t.look.name, t.answered) for t in view.teams] == [("Bats", True), ("Ghosts", False)]
    reply = host.hear("Ghosts: glide")
    view = advance(view, reply)
    assert view.stage is Panel.RULED and view.question is None
    assert view.ruling is not None and view.ruling[0] == "The answer: fly."
    assert view.ruling[-1].startswith("Source: ")
    cell = view.board[3].cells[0]
    assert cell.state is CellState.SCORED and [look.initial for look in cell.scorers] == ["B"]
    assert [(t.look.name, t.score) for t in view.teams] == [("Bats", 1), ("Ghosts", 0)]


def test_a_read_back_stays_while_the_kiosk_waits_for_yes(practice_key: Key) -> None:
    host = Host(practice_key, source=KeySource.PRACTICE, voice=True)
    view = fold(host, "two", "wings and webs one", "bats fly", "ghosts they glide")
    assert view.stage is Panel.READBACK and view.readback is not None
    assert [(said.team, said.said) for said in view.readback] == [("Bats", "fly"), ("Ghosts", "they glide")]
    reply = host.hear("repeat")
    view = advance(view, reply)
    assert view.stage is Panel.READBACK and view.readback is not None


def test_the_candle_end_and_the_finale() -> None:
    host = Host(KeyText().key(), source=KeySource.FILE)
    cells = [f"{letter}{points}" for letter in "ABCDE" for points in range(1, 6)]
    messages = ["two"]
    for cell in cells:
        messages += [cell, "All: pass"]
    view = fold(host, *messages)
    assert view.candle_end is not None and view.candle_end.tied == ("Bats", "Ghosts")
    assert view.question is not None and view.question.cell == "TB1"
    assert view.stage is Panel.QUESTION
    host = Host(KeyText().key())
    view = fold(host, *messages, "Bats: 1890. Ghosts: 1700")
    assert view.stage is Panel.OVER and view.finale is not None
    assert view.finale.headline == "Bats win the night!"
    assert view.finale.result is not None and view.finale.result.startswith("RESULT: AIGC|halloween-trivia|")
    assert host.key is not None and view.finale.sha256 == host.key.sha256
    assert any("aigamecards.com/verify" in line for line in view.finale.check)
    # Why the winner won comes as its own values, for the finale panel to set out beside the headline.
    assert view.finale.totals == "Totals out of 75: Bats 0, Ghosts 0."
    assert view.finale.why == "Bats were closest: 1890, and the answer was 1897."
    assert view.finale.closing[-2:] == (cartridge.EPILOGUE, EPILOGUE_HERE)


def test_teams_still_level_after_the_first_candle_end_question_are_named_on_the_view() -> None:
    host = Host(KeyText().key(), source=KeySource.FILE)
    messages = ["two"]
    for cell in [f"{letter}{points}" for letter in "ABCDE" for points in range(1, 6)]:
        messages += [cell, "All: pass"]
    view = fold(host, *messages)
    assert view.candle_end is not None and view.candle_end.still_level is None
    view = advance(view, host.hear("Bats: 1890. Ghosts: 1904"))
    assert view.question is not None and view.question.cell == "TB2"
    assert view.candle_end is not None and view.candle_end.still_level == "Still level: Bats and Ghosts."
    assert "Still level: Bats and Ghosts." not in view.notes  # shown once, in the Candle-End's banner
    view = advance(view, host.hear("repeat"))
    assert view.candle_end is not None and view.candle_end.still_level == "Still level: Bats and Ghosts."


def test_the_view_never_carries_the_key_only_what_was_said(plain_key: Key) -> None:
    """The made-up key's answers and sources are unique words: none is in the view before its ruling."""
    host = Host(plain_key)
    view = fold(host, "two", "C3", "Bats: pass")
    text = str(view_payload(view))
    assert "answerc3" not in text and "Source C3" not in text and "Question C3?" in text
    reply = host.hear("Ghosts: pass")
    view = advance(view, reply)
    assert "answerc3" in str(view_payload(view))


@pytest.mark.parametrize(
    "caption",
    [
        Caption("Kiosk", "Welcome to Snap-Apple Night, a Halloween trivia night. " * 4),
        Caption("Table", "bats " + "x" * 90 + " ghosts fly"),
        Caption("Keyboard", "Bats: fly"),
    ],
)
def test_caption_cards_name_the_speaker_in_two_lines_of_forty(caption: Caption) -> None:
    cards = caption_cards(caption)
    assert cards
    for card in cards:
        assert 1 <= len(card.lines) <= 2
        assert all(len(line) <= LINE_WIDTH for line in card.lines), card.lines
        assert card.lines[0].startswith(f"{caption.speaker}: ")
    said = " ".join(" ".join(card.lines) for card in cards).replace(f"{caption.speaker}: ", "")
    assert said.replace(" ", "") == caption.text.replace(" ", "")


def test_a_caption_still_being_heard_shows_its_newest_words() -> None:
    cards = caption_cards(Caption("Table", " ".join(f"word{n}" for n in range(40)), final=False))
    assert len(cards) == 1 and cards[0].lines[-1].endswith("word39")


def test_wrong_codes_are_limited_then_forgotten() -> None:
    now = [0.0]
    keyboard = RemoteKeyboard(limit=WrongPinLimit(free=2, first_wait=60, clock=lambda: now[0]))
    code = keyboard.open_pairing().code
    wrong = f"{(int(code) + 1) % 10000:04d}"
    assert [keyboard.pair(wrong, "192.0.2.7")[0] for _ in range(3)] == [Pairs.WRONG] * 3
    outcome, wait = keyboard.pair(code, "192.0.2.7")
    assert outcome is Pairs.LIMITED and wait == "60"
    now[0] = 61.0
    outcome, token = keyboard.pair(code, "192.0.2.7")
    assert outcome is Pairs.PAIRED and keyboard.paired(token)
    assert keyboard.send(token, "Bats: fly") is None and keyboard.inbox.get_nowait() == "Bats: fly"
    assert keyboard.send("not-a-token", "D1") is not None and keyboard.inbox.empty()
    assert keyboard.send(token, "two\nlines") is not None


def test_screen_addresses() -> None:
    assert parse_address("8177") == Address("0.0.0.0", 8177)
    assert parse_address("127.0.0.1:0") == Address("127.0.0.1", 0)
    assert parse_address("[::1]:8177") == Address("::1", 8177)
    with pytest.raises(argparse.ArgumentTypeError):
        parse_address("tv")


@pytest.fixture
def screen() -> Iterator[Screen]:
    with Screen(Address("127.0.0.1", 0), out=io.StringIO()) as started:
        yield started.start()


def test_nothing_from_the_network_reaches_the_night_unpaired(screen: Screen) -> None:
    with httpx.Client(base_url=screen.url) as client:
        page = client.get("/")
        assert page.status_code == 200 and "Snap-Apple Night" in page.text
        assert "script-src 'self'" in page.headers["Content-Security-Policy"]
        assert client.get("/qr.svg").text.lstrip().startswith("<svg")
        assert client.post("/keyboard/say", json={"text": "D1"}).status_code == 403
        code = screen.keyboard.open_pairing().code
        foreign = client.post(
            "/keyboard/pair", json={"code": code}, headers={"Origin": "http://evil.example"}
        )
        assert foreign.status_code == 403
        assert client.post("/keyboard/pair", json={"code": code}).status_code == 200
        assert client.post("/keyboard/say", json={"text": "D1"}).status_code == 202
    assert screen.keyboard.inbox.get_nowait() == "D1" and screen.keyboard.inbox.empty()


def test_a_page_that_sends_no_json_or_json_too_deep_is_refused_in_words(screen: Screen) -> None:
    with httpx.Client(base_url=screen.url) as client:
        for body in ("[" * 4000, "not json", '"a string"'):
            sent = client.post("/keyboard/pair", content=body, headers={"Content-Type": "application/json"})
            assert sent.status_code == 400 and sent.json()["error"].startswith("Send the pairing code")
    assert screen.keyboard.inbox.empty()


def test_a_malformed_request_from_the_network_is_one_line_not_a_traceback(
    screen: Screen, capsys: pytest.CaptureFixture[str]
) -> None:
    for request in (b"GET / HTTP/1.1\r\n\r\n", b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\n\r\n"):
        with socket.create_connection(("127.0.0.1", screen.server.port)) as client:
            client.sendall(request)
            assert client.recv(12) == b"HTTP/1.0 400"
    said = capsys.readouterr().err
    assert "Traceback" not in said
    assert said.count("(screen) Error handling request from 127.0.0.1: 400") == 2, said


def test_the_kiosks_own_words_between_nights_are_notes_on_a_clean_board(screen: Screen) -> None:
    screen.presented(Reply.of_lines(["The Snap-Apple Night kiosk is ready."], Host(None).ledger()))
    assert screen.view.stage is Panel.WELCOME and screen.view.question is None
    assert screen.view.notes == ("The Snap-Apple Night kiosk is ready.",)


def _ledgers() -> list[Ledger]:
    host = Host(parse_key(practice_key_bytes()))
    return [host.hear(message).ledger for message in ("two", "D1", "Bats: fly")]


TEXT = st.sampled_from(["The answer: ", "I have Bats: ", cartridge.CANDLE_BURNS, "0" * 64, ""]) | st.text(
    max_size=30
)
LINES = st.lists(TEXT, max_size=4).map(lambda texts: said.lines_of(*texts))
PARTS = st.one_of(
    st.builds(said.QuestionAsked, st.sampled_from(["A1", "D1", "TB1", "Z9"]), TEXT, TEXT),
    st.builds(said.ReadBack, st.lists(st.builds(said.TeamSaid, TEXT, TEXT), max_size=3).map(tuple)),
    st.builds(said.Ruling, LINES),
    st.builds(said.CandleEndCalled, LINES),
    st.builds(
        said.Finale, TEXT | st.none(), st.lists(TEXT).map(tuple), TEXT, TEXT, st.lists(TEXT).map(tuple), LINES
    ),
    st.builds(said.NoKeyToPlay, LINES),
    st.builds(said.BoardShown, LINES),
    st.builds(said.SaveOffered, LINES),
    st.builds(said.Remark, LINES),
)


@settings(max_examples=300, deadline=None)
@given(parts=st.lists(PARTS, max_size=6), ledger=st.sampled_from(_ledgers()))
def test_no_reply_breaks_the_view(parts: list[said.Said], ledger: Ledger) -> None:
    view = advance(START, Reply(tuple(parts), ledger))
    assert view.replies == 1 and len(view.board) == 5
    view_payload(view)


@pytest.mark.process
def test_a_screen_that_cannot_listen_says_so_without_a_traceback(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run(
            [sys.executable, "-m", "kiosk", "play", "--screen", f"127.0.0.1:{port}"],
            input="two\n",
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env={**os.environ, "SNAP_APPLE_HOME": str(tmp_path)},
        )
    assert run.returncode == 2
    assert f"The screen could not listen on 127.0.0.1:{port}" in run.stderr
    assert "Traceback" not in run.stderr


class JournalProbe:
    """A follower that reads the journal on disk as each reply reaches the followers."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self.on_disk_when_shown: list[tuple[str, str]] = []

    def took(self, message: str, by: By) -> None:
        pass

    def hearing(self, words: str) -> None:
        pass

    def asking(self, words: str) -> None:
        pass

    def replied(self, reply: Reply) -> None:
        self.on_disk_when_shown.append((read_night(self.journal.path).turns[-1].reply, reply.text))

    def presented(self, reply: Reply) -> None:
        pass


def test_a_reply_reaches_the_screen_only_once_the_journal_holds_it(screen: Screen, tmp_path: Path) -> None:
    """A ruling on the screen must survive a pulled plug: the page follows the night after the journal."""
    loaded = load_practice()
    assert loaded.key is not None
    journal = Journal.begin(KeyIdentity.of(loaded), tmp_path / "nights")
    keeper = Keeper(journal, notice=print, saves=tmp_path / "saves")
    host = Host(loaded.key, source=loaded.source)
    probe = JournalProbe(journal)
    table = Table(KeptNight(host, keeper, host.opening()), (probe, screen))
    table.presented(table.opening())
    for message in ("two", "A1", "Bats: all saints day", "Ghosts: pass"):
        table.presented(table.hear(message))
    keeper.close()
    assert len(probe.on_disk_when_shown) == 5
    assert all(kept == shown_text for kept, shown_text in probe.on_disk_when_shown)
    assert screen.view.stage is Panel.RULED and screen.view.ruling is not None
    assert screen.view.ruling[0] == "The answer: All Saints' Day."


def test_a_fault_in_the_screen_is_logged_with_its_cause_once_and_the_night_goes_on(
    screen: Screen,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def broken(kind: str, payload: object) -> None:
        raise OSError("the page's stream is gone")

    monkeypatch.setattr(screen.broadcast, "publish", broken)  # a fault in the screen, not in the night
    loaded = load_practice()
    assert loaded.key is not None
    journal = Journal.begin(KeyIdentity.of(loaded), tmp_path / "nights")
    keeper = Keeper(journal, notice=print, saves=tmp_path / "saves")
    host = Host(loaded.key, source=loaded.source)
    table = Table(KeptNight(host, keeper, host.opening()), (screen,))
    table.presented(table.opening())
    table.presented(table.hear("two"))
    keeper.close()
    assert read_night(journal.path).messages == ("two",)
    assert capsys.readouterr().err.count("Traceback") <= 1  # the log's, once, never one per caption
    faults = [
        r
        for r in caplog.records
        if 'could not show that: OSError("the page\'s stream is gone")' in r.getMessage()
    ]
    # the opening's caption and view, "two" heard, and its reply's caption and view: the first with its
    # traceback, the same fault again one line each
    assert len(faults) == 5, caplog.text
    assert faults[0].levelname == "ERROR" and faults[0].exc_info is not None
    assert all(r.levelname == "WARNING" and r.exc_info is None for r in faults[1:])
