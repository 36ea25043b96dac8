"""Every number the voice dialogue is tuned by, in one frozen tree with its unit and default: measurement
sweeps it, and no threshold hides in a module. Why each value is what it is: decision 0018 and the
records it names.

A measurement moves a value without editing this file: SNAP_APPLE_VOICE_TUNING="confirming.margin=3"
(`scripts/bench_table.py --tune`). Nothing the kiosk ships sets it.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Final


@dataclass(frozen=True)
class Confirming:
    """How sure the kiosk must be of a reply, and the tries before it asks another way."""

    margin: float = 2.0
    """Vosk n-best score units: readings within this of the best are as likely as it."""
    pick_misses: int = 2
    """Picks missed in a row before the pick is asked for another way (and again at every as many more)."""
    few_left: int = 3
    """Free cells: this few or fewer are offered one at a time at the first pick_misses."""
    count_misses: int = 2
    """Team counts missed in a row before the counts are offered one at a time."""
    answer_tries: int = 2
    """Tries leaving the same teams still to answer before they are called one by one."""
    read_back_missed: int = 2
    """Read-back replies in a row not made out, in a loud room, before each team is asked about in turn."""
    letter_misses: int = 3
    """Replies in a row heard as no letter before a spelled word is left as it was: a night never sticks."""
    letter_stalls: int = 5
    """Replies without the word going further before its letters so far are offered as the word."""
    sure_spelling: int = 3
    """Letters before the name list alone names a spelling's team: a "yes" may read as a letter or two."""


@dataclass(frozen=True)
class Hangovers:
    """Seconds of silence that end an utterance, by what has been heard so far."""

    final: float = 0.25
    """Seconds after a complete closed-set phrase, which nothing more can change."""
    closed: float = 0.5
    """Seconds after a closed-set phrase not yet complete."""
    answer: float = 0.65
    """Seconds after anything else: an answer's full wait (Home Assistant waits 0.7 s)."""
    unfinished: float = 1.2
    """Seconds after words that cannot end an utterance (a team's name, a letter, a year's digit)."""
    loud_yes: float = 1.0
    """Seconds after a read-back's yes in a loud room: the yes locks the answers, and a spelling may go on."""
    vote: float = 1.0
    """Seconds after a team's yes by name between questions: the next team's yes may follow."""


@dataclass(frozen=True)
class Hearing:
    """When an utterance begins and ends, and what is kept to hear it again."""

    under_way: float = 0.1
    """Seconds after the kiosk begins to listen within which voice was begun before it."""
    first_word_under_way: float = 0.25
    """Seconds within which the first word must begin too, for words under way: music passes for voice."""
    stall: float = 2.0
    """Seconds with words heard and none changing that end an utterance, however loud the room."""
    longest: float = 20.0
    """Seconds no utterance runs beyond."""
    wordless: float = 4.0
    """Seconds of voice with no word of the list that end a one-word reply: music passes for voice."""
    tail: float = 0.3
    """Seconds after the kiosk stops speaking during which the microphone is ignored (its echo)."""
    preroll: float = 1.0
    """Seconds of audio kept from before speech starts, to hear an utterance again."""
    open_budget: float = 60.0
    """Seconds of speech the open recogniser hears before it is renewed: its search's memory grows."""
    leading: float = 0.3
    """Seconds from an utterance's start within which a team name is its label."""
    inside: float = 0.8
    """Seconds after an answer's first word from which a team name heard is inside the answer."""
    lone_name: float = 1.5
    """Longest seconds a reply to "whose was that?" lasts to be a name alone, not a spelling said on."""


@dataclass(frozen=True)
class Readings:
    """N-best readings asked of a list."""

    open: int = 4
    """Readings of an answer heard opening with a stall, heard again."""
    letters: int = 4
    """Readings of each reply while a word is spelled one letter at a time: a no among them is taken."""
    names: int = 4
    """The name list's readings of an answer, looked through for a rival name."""
    between: int = 3
    """Readings of a line between questions: a pick or command is corrected to the nearest phrase."""


@dataclass(frozen=True)
class Room:
    """When the room is loud: the reader's voice against the sound under it."""

    loud_margin_db: float = 23.0
    """Decibels: a room is loud when the reader's voice stands less than this above it."""
    quiet_percentile: float = 10.0
    """Percentile of 30 ms frame levels taken as the room's level."""
    kept: int = 5
    """Recent utterances whose median margin makes the room's."""


@dataclass(frozen=True)
class Reader:
    """The reader's level, and the loudest stretch of an utterance (the reader's voice in it)."""

    quieter_db: float = 8.0
    """Decibels below the reader's level at which an utterance is taken as another voice."""
    kept: int = 9
    """Recent utterances whose level makes the reader's."""
    stretch_drop_db: float = 8.0
    """Decibels below an utterance's loudest moment that still belong to the stretch around it."""
    stretch_gap: float = 0.3
    """Seconds of quieter frames a stretch bridges ("No, no.")."""
    stretch_pad: float = 0.25
    """Seconds kept either side of a stretch: a word's soft onset and tail."""
    smoothed_frames: int = 5
    """30 ms frames a frame's level is averaged over: a syllable, so a word's dips do not end it."""
    gone: float = 1.0
    """Seconds with no frame near the loudest so far that end a one-word reply in a loud room."""


@dataclass(frozen=True)
class Speech:
    """When the end-of-speech detector hears voice in the room's sound (vad.py)."""

    silence: float = 0.65
    """Seconds without voice that end an utterance, unless the turn-taking says otherwise (Home Assistant: 0.7)."""
    least_speech: float = 0.12
    """Seconds of voice before an utterance counts as started: a cough or a click does not."""
    mode: int = 3
    """webrtcvad's aggressiveness, 0 to 3: 3 is the least fooled by noise."""
    margin: float = 1.2
    """Times the room's median level (RMS) the gate stands at least: a word's quiet end stays over it."""
    swing: float = 3.0
    """Room swings (median less 20th percentile) the gate stands over the median: babble swings, a fan not."""
    ceiling: float = 3.0
    """Times the 20th percentile the gate stands at most, so a long answer filling the window is not the room."""
    room_seconds: float = 4.0
    """Seconds the room's levels are read from: a pause does not change them, a louder party does."""


@dataclass(frozen=True)
class VoiceTuning:
    confirming: Confirming = field(default_factory=Confirming)
    hangovers: Hangovers = field(default_factory=Hangovers)
    hearing: Hearing = field(default_factory=Hearing)
    readings: Readings = field(default_factory=Readings)
    room: Room = field(default_factory=Room)
    reader: Reader = field(default_factory=Reader)
    speech: Speech = field(default_factory=Speech)


TUNING_VARIABLE: Final = "SNAP_APPLE_VOICE_TUNING"
_KINDS: Final = {int: "a whole number", float: "a number"}


def tuned(tuning: VoiceTuning, settings: str) -> VoiceTuning:
    """`tuning` with each "branch.name=value" of `settings` (comma- or space-separated) set, as the type of
    the value it replaces; a ValueError names a setting the tree does not have or a value it cannot take."""
    branches = {branch.name for branch in fields(VoiceTuning)}
    for setting in settings.replace(",", " ").split():
        path, equals, value = setting.partition("=")
        branch_name, _, name = path.partition(".")
        branch = getattr(tuning, branch_name) if branch_name in branches else None
        if not equals or branch is None or name not in {leaf.name for leaf in fields(branch)}:
            raise ValueError(f"{setting!r}: not a tuning setting (branch.name=value, as in tuning.py)")
        kind = type(getattr(branch, name))
        try:
            number = kind(value)
        except ValueError:
            raise ValueError(f"{setting!r}: {name} takes {_KINDS[kind]}") from None
        tuning = replace(tuning, **{branch_name: replace(branch, **{name: number})})
    return tuning


def moved(tuning: VoiceTuning) -> tuple[str, ...]:
    """Each setting of `tuning` away from its default, as "branch.name=value"."""
    default = asdict(VoiceTuning())
    return tuple(
        f"{branch}.{name}={value}"
        for branch, leaves in asdict(tuning).items()
        for name, value in leaves.items()
        if value != default[branch][name]
    )


TUNING = tuned(VoiceTuning(), os.environ.get(TUNING_VARIABLE, ""))
"""What a kiosk runs with: the defaults, unless a measurement moved one (TUNING_VARIABLE)."""
