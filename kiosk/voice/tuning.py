"""Every number the voice dialogue is tuned by, in one frozen tree with its unit and default: measurement
sweeps it, and no threshold hides in a module. Why each value is what it is, and what was measured, is in
docs/decisions/0018-one-voice-tuning-tree.md and the records it names.

    VoiceTuning
        confirming   how sure is sure, and how many tries before the kiosk asks another way
        hangovers    how long a silence ends an utterance, by what was heard so far
        hearing      when an utterance begins, ends and is heard again
        readings     how many n-best readings each list gives
        room         when the room is loud
        reader       the reader's level, and the loudest stretch of an utterance
"""

from __future__ import annotations

from dataclasses import dataclass, field


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
    """Replies in a row heard as no letter before a word spelled one letter at a time is left as it was."""
    letter_stalls: int = 5
    """Replies without the word going further before its letters so far are offered as the word."""
    sure_spelling: int = 3
    """Letters a spelling needs before its team is taken from the name list alone."""


@dataclass(frozen=True)
class Hangovers:
    """Seconds of silence that end an utterance, by what has been heard so far."""

    final: float = 0.25
    """After a complete closed-set phrase."""
    closed: float = 0.5
    """After a closed-set phrase not yet complete."""
    answer: float = 0.65
    """After anything else: an answer's full wait."""
    unfinished: float = 1.2
    """After words that cannot end an utterance (a letter, a year's digit)."""
    loud_yes: float = 1.0
    """After a read-back's yes in a loud room: the yes locks the answers, and a spelling may go on."""
    vote: float = 1.0
    """After a team's yes by name between questions: the next team's yes may follow."""


@dataclass(frozen=True)
class Hearing:
    """When an utterance begins and ends, and what is kept to hear it again."""

    under_way: float = 0.1
    """Seconds after the kiosk begins to listen within which voice was begun before it."""
    first_word_under_way: float = 0.25
    """Seconds after the kiosk begins to listen within which the first word must begin too, to be under
    way."""
    stall: float = 2.0
    """Seconds with words heard and none changing that end an utterance, however loud the room."""
    longest: float = 20.0
    """Seconds no utterance runs beyond."""
    wordless: float = 4.0
    """Seconds of voice with no word of the list that end a one-word reply."""
    tail: float = 0.3
    """Seconds after the kiosk stops speaking during which the microphone is ignored (its echo)."""
    preroll: float = 1.0
    """Seconds of audio kept from before speech starts, to hear an utterance again."""
    open_budget: float = 60.0
    """Seconds of speech the open recogniser hears before it is renewed."""
    leading: float = 0.3
    """Seconds from an utterance's start within which a team name is its label."""
    inside: float = 0.8
    """Seconds after an answer's first word from which a team name heard is inside the answer."""
    lone_name: float = 1.5
    """Longest seconds a reply to "whose was that?" lasts to be a name alone."""


@dataclass(frozen=True)
class Readings:
    """N-best readings asked of a list."""

    open: int = 4
    """An answer heard opening with a stall, heard again."""
    letters: int = 4
    """Each reply while a word is spelled one letter at a time."""
    names: int = 4
    """The name list's readings of an answer, looked through for a rival name."""


@dataclass(frozen=True)
class Room:
    """When the room is loud: the reader's voice against the sound under it."""

    loud_margin_db: float = 23.0
    """Decibels: a room is loud when the reader's voice stands less than this above it."""
    quiet_percentile: float = 10.0
    """The percentile of 30 ms frame levels taken as the room's level."""
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
    """30 ms frames a frame's level is averaged over: a syllable."""
    gone: float = 1.0
    """Seconds with no frame near the loudest so far that end a one-word reply in a loud room."""


@dataclass(frozen=True)
class VoiceTuning:
    confirming: Confirming = field(default_factory=Confirming)
    hangovers: Hangovers = field(default_factory=Hangovers)
    hearing: Hearing = field(default_factory=Hearing)
    readings: Readings = field(default_factory=Readings)
    room: Room = field(default_factory=Room)
    reader: Reader = field(default_factory=Reader)


TUNING = VoiceTuning()
"""The defaults: what a kiosk runs with."""
