"""The recorded English party tables, and the real small English model hearing them."""

from __future__ import annotations

import difflib
from pathlib import Path

import numpy as np
import pytest

from kiosk import Host, KeySource
from kiosk.engine.teams import Team
from kiosk.engine.years import parse_year
from kiosk.keys import load_practice
from kiosk.voice.hearing.grammar import UNKNOWN, between_questions, years
from kiosk.voice.sound.asr import Recognizer, grammar_for
from testbed.tables import (
    CLOSED_SET,
    NOISES,
    RATE,
    Kind,
    Referee,
    Samples,
    Table,
    Utterance,
    mixed,
    mixed_path,
    read_wav,
    speech_power,
    tables,
)

pytestmark = [pytest.mark.english]

TABLES = tables()


def test_every_night_is_recorded_by_two_voices_at_two_paces() -> None:
    nights = {table.name for table in TABLES}
    assert {"two-teams", "four-teams", "candle-end"} <= nights
    for night in nights:
        assert {(t.voice, t.pace) for t in TABLES if t.name == night} == {
            (voice, pace) for voice in ("espeak-ng", "piper") for pace in ("normal", "slow")
        }
    kinds = {utterance.kind for table in TABLES for utterance in table.utterances}
    assert kinds == set(Kind)


@pytest.mark.parametrize("table", TABLES, ids=lambda table: table.path.stem)
def test_each_night_said_word_for_word_ends_with_its_recorded_ledger_and_result(table: Table) -> None:
    host = Host(load_practice().key, source=KeySource.PRACTICE, voice=True)
    host.opening()
    if table.resume:
        assert host.hear(table.resume).text.startswith("The saved night carries on")
    replies = [host.hear(utterance.text) for utterance in table.utterances]
    assert replies[-1].over and not any(reply.over for reply in replies[:-1])
    assert replies[-1].ledger_line == table.ledger
    assert table.result in replies[-1].text.splitlines()


def _rms(samples: Samples) -> float:
    signal = samples.astype(np.float64)
    return float(np.sqrt(np.mean(signal * signal))) if len(signal) else 0.0


@pytest.mark.parametrize("table", TABLES, ids=lambda table: table.path.stem)
def test_the_transcript_times_are_where_the_speech_is(table: Table) -> None:
    samples = table.samples()
    seconds = len(samples) / RATE
    previous_end = 0.0
    for utterance in table.utterances:
        assert previous_end < utterance.start < utterance.end < seconds
        gap = samples[int((previous_end + 0.05) * RATE) : int((utterance.start - 0.05) * RATE)]
        speech = samples[int(utterance.start * RATE) : int(utterance.end * RATE)]
        assert _rms(speech) > 30 * _rms(gap), utterance.text  # 30 dB above the room between utterances
        # The first and last 30 ms of an utterance hold speech: the times are not padded with silence.
        assert _rms(speech[: int(0.03 * RATE)]) > 3 * _rms(gap) or utterance.text.startswith(("s", "f", "th"))
        assert _rms(speech[-int(0.03 * RATE) :]) > 3 * _rms(gap), utterance.text
        for start, end in utterance.pauses:
            assert utterance.start < start < end < utterance.end
            assert _rms(samples[int((start + 0.05) * RATE) : int((end - 0.05) * RATE)]) < _rms(speech) / 30
        previous_end = utterance.end


@pytest.mark.parametrize("noise", NOISES)
def test_noise_is_mixed_at_the_asked_ratio_the_same_every_time(noise: str) -> None:
    table = TABLES[0]
    clean = table.samples().astype(np.float64)
    for snr in (20, 10, 5):
        noisy = mixed(table, noise, snr)
        added = noisy.astype(np.float64) - clean
        measured = 10 * np.log10(speech_power(table, table.samples()) / float(np.mean(added * added)))
        assert abs(measured - snr) < 0.2
        assert np.array_equal(noisy, mixed(table, noise, snr))


def test_noisy_mixes_are_written_once(tmp_path: Path) -> None:
    path = mixed_path(TABLES[0], "babble", 10, tmp_path)
    assert np.array_equal(read_wav(path), mixed(TABLES[0], "babble", 10))
    assert mixed_path(TABLES[0], "babble", 10, tmp_path) == path


# --- the English model --------------------------------------------------------------------------------


def hear(recognizer: Recognizer, samples: Samples, utterance: Utterance) -> str:
    """One utterance cut from its table with a little room either side, as one recognition."""
    start, end = max(0, int((utterance.start - 0.3) * RATE)), int((utterance.end + 0.5) * RATE)
    recognizer.feed(samples[start:end].tobytes())
    result = recognizer.finish()
    return result.text if result else ""


def test_english_model_hears_yes_and_no_on_every_table(english_model: object) -> None:
    recognizer = Recognizer(english_model)
    heard = [
        (utterance.text, hear(recognizer, table.samples(), utterance))
        for table in TABLES
        for utterance in table.utterances
        if utterance.kind is Kind.YES_NO
    ]
    right = [said for said, got in heard if said == got]
    assert len(right) >= 0.95 * len(heard), [pair for pair in heard if pair[0] != pair[1]]


def test_closed_set_utterances_reach_the_engine_through_a_grammar(english_model: object) -> None:
    """Picks, commands, team counts, team names and yes/no, heard against the phrases said between
    questions: the engine gets from what was heard the reply that the words said would get."""
    recognizer = Recognizer(english_model, grammar=grammar_for(english_model, between_questions()))
    results: list[tuple[str, str, bool]] = []
    for table in TABLES:
        referee, samples = Referee(table), table.samples()
        for index, utterance in enumerate(table.utterances):
            if utterance.kind in (*CLOSED_SET, Kind.TEAM_COUNT, Kind.TEAM_NAME):
                heard = hear(recognizer, samples, utterance)
                results.append((utterance.text, heard, referee.received(index, heard)))
    received = [said for said, _, ok in results if ok]
    assert len(received) >= 0.9 * len(results), [r for r in results if not r[2]]


def _word_accuracy(said: list[str], heard: list[str]) -> float:
    matcher = difflib.SequenceMatcher(a=heard, b=said, autojunk=False)
    return sum(block.size for block in matcher.get_matching_blocks()) / len(said)


def test_party_noise_costs_the_english_model_words(english_model: object) -> None:
    table = next(t for t in TABLES if t.name == "candle-end" and t.voice == "piper" and t.pace == "normal")
    recognizer = Recognizer(english_model)
    said = [word for utterance in table.utterances for word in utterance.text.split()]
    accuracy = {}
    for condition, samples in (("clean", table.samples()), ("babble 5 dB", mixed(table, "babble", 5))):
        heard = [word for u in table.utterances for word in hear(recognizer, samples, u).split()]
        accuracy[condition] = _word_accuracy(said, heard)
    # Open vocabulary on synthetic voices: under half the words of the NATO letters and years come out,
    # but the talk of a room at 5 dB takes a good share of those.
    assert accuracy["clean"] >= 0.4, accuracy
    assert accuracy["babble 5 dB"] < accuracy["clean"] - 0.1, accuracy


def _years_by_team(text: str) -> dict[str, int | None]:
    """Each team named in the words, with the year its words after the name say."""
    found: dict[str, list[str]] = {}
    team = ""
    for word in text.split():
        if Team.from_name(word):
            team = word
            found[team] = []
        elif team:
            found[team].append(word)
    return {name: parse_year(" ".join(words)) for name, words in found.items()}


def test_candle_end_years_are_heard_through_the_years_list(english_model: object) -> None:
    """Each recorded Candle-End year, one team or two in a breath, heard through the kiosk's years list:
    each team's year as said. Through number words alone, every year said after another team's in one
    breath came out wrong ("eighty ninety", "ninety oh four"): 8 of 16 right. Through the years list, 12:
    in each such breath one of the two years is still heard so."""
    recognizer = Recognizer(english_model, grammar=grammar_for(english_model, (*years(), UNKNOWN)))
    said: list[tuple[str, int | None]] = []
    got: list[tuple[str, int | None]] = []
    for table in TABLES:
        for utterance in table.utterances:
            if utterance.kind is Kind.YEAR:
                expected = _years_by_team(utterance.text)
                heard = _years_by_team(hear(recognizer, table.samples(), utterance))
                said += expected.items()
                got += [(team, heard.get(team)) for team in expected]
    assert len(said) == 16
    right = [pair for pair, heard in zip(said, got, strict=True) if pair == heard]
    assert len(right) >= 12, [(pair, heard) for pair, heard in zip(said, got, strict=True) if pair != heard]
