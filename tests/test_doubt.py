"""Asking again rather than guessing a pick: the n-best readings the small English model gave for picks on the
recorded tables, and the kiosk by ear on one it misheard."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from kiosk import Host, KeySource
from kiosk.engine.board import Board
from kiosk.engine.cells import Cell
from kiosk.keys import load_practice
from kiosk.screen.captions import KIOSK, Caption
from kiosk.table import Table
from kiosk.voice.dialogue.doubt import Doubt, doubt, meaning
from kiosk.voice.dialogue.prompts import WhichDidYouMean
from kiosk.voice.kiosk import VoiceKiosk
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.sound.audio import WavOutput, WavSource
from kiosk.voice.sound.tts import Speaker, SpeakerSettings
from testbed.rendered import SpeakerProcess, said
from testbed.tables import RATE, tables, write_wav

from .conftest import CaptionsKept


def readings(*scored: tuple[str, float]) -> Utterance:
    texts = tuple(text for text, _ in scored)
    return Utterance(texts[0], (), texts[1:], tuple(score for _, score in scored))


def test_each_reading_means_a_cell_or_a_command() -> None:
    assert meaning("dee two") == meaning("d two") == meaning("wings and webs two") == "D2"
    assert meaning("owls four") == "D4" and meaning("far and wide one") == "B1"
    assert meaning("board") == "board" and meaning("what's the four") == "what's the score"
    assert meaning("you choose") == meaning("pass") == "pass"
    for nothing in ("yes", "four", "two teams", "owls is out", "bats", ""):
        assert meaning(nothing) is None


def test_readings_as_likely_as_the_best_that_pick_different_cells_are_asked_about() -> None:
    # "dee two" as the model heard it on the espeak-ng table: the right reading 0.6 below the best.
    heard = readings(("bee two", 101.3), ("b two", 101.3), ("d two", 100.7))
    assert doubt(heard) == Doubt(("B2", "D2"), "bee two")
    assert doubt(heard).prompt == WhichDidYouMean("Far and Wide 2", "Wings & Webs 2")  # type: ignore[union-attr]
    # "board" heard as "four" by Piper's voice: a count means nothing mid-night, so there is no choice to
    # ask about; the host says what it wants.
    assert doubt(readings(("four", 83.5), ("board", 82.0))) is None
    # Noise heard as [unk] by the list, with two picks as likely as it.
    assert doubt(readings(("", 53.3), ("e five", 52.7), ("a five", 52.3))) == Doubt(("E5", "A5"), "")
    # A cell already played is no choice: nobody can pick it.
    board = Board()
    board.play(Cell("B", 2), ())
    assert doubt(heard, board) is None
    board.play(Cell("D", 2), ())
    assert doubt(readings(("bee two", 101.3), ("d two", 100.7), ("e two", 100.1)), board) is None


def test_a_clear_best_reading_or_readings_that_agree_are_taken() -> None:
    assert doubt(readings(("board", 86.7), ("four", 84.5))) is None  # 2.2 below: not as likely
    assert doubt(readings(("dee three", 123.5), ("d three", 123.5))) is None  # the same cell
    assert doubt(readings(("what's the score", 117.1), ("what's the four", 115.5))) is None
    assert doubt(readings(("d two", 112.0))) is None
    assert doubt(Utterance("d two")) is None  # no n-best: nothing to weigh


@pytest.mark.english
def test_a_misheard_pick_by_ear_is_asked_about_and_the_pick_said_again_is_taken(
    english_model: object, tmp_path: Path
) -> None:
    recorded = next(table for table in tables() if table.path.stem == "four-teams.espeak-ng-normal")
    spoken = next(u for u in recorded.utterances if u.text == "dee two")
    clip = recorded.samples()[int((spoken.start - 0.2) * RATE) : int((spoken.end + 0.2) * RATE)]
    table = SpeakerProcess(rate=140)
    speaker = Speaker(SpeakerSettings(rate=140))
    gap = np.zeros(2 * RATE, dtype=np.int16)
    audio = np.concatenate(
        [gap, said(table, "Two teams."), gap, clip, gap, said(table, "Wings and webs, two."), gap]
    )
    host = Host(load_practice().key, source=KeySource.PRACTICE)
    out = WavOutput(tmp_path / "host.wav")
    captions = CaptionsKept()
    kiosk = VoiceKiosk(Table(host, (captions,)), english_model, speaker, out, printout=io.StringIO())
    try:
        assert kiosk.run(WavSource(write_wav(tmp_path / "table.wav", audio))) == 0
    finally:
        out.close()
        speaker.close()
    first, asked, again = kiosk.turns
    assert first.heard == "two teams" and first.reply is not None
    # The model's likeliest reading of this clip is B2 or D2, by a hair: either way it asks.
    assert asked.reply is None
    choices = ("Far and Wide 2", "Wings & Webs 2")
    assert asked.asked in [WhichDidYouMean(a, b).words for a, b in (choices, choices[::-1])]
    assert [caption for caption in captions.captions if caption.speaker == KIOSK] == [
        Caption(KIOSK, asked.asked)
    ]
    assert again.reply is not None and again.reply.ledger.open == "D2"
