"""What an utterance is taken as, once it has ended: the words the table meant, as near as the recognisers
can tell. Its pieces are joined, then heard again where the way of listening doubts them; a voice far
quieter than the reader's is nobody's reply."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from kiosk.engine.teams import Team
from kiosk.voice.dialogue.letter_by_letter import LetterByLetter, no_once, past_refused
from kiosk.voice.dialogue.misheard_stall import misheard_stall, reading_that_locks
from kiosk.voice.dialogue.read_back_yes import yes_and_a_word, yes_over_a_spelling, yes_under_a_spelling
from kiosk.voice.dialogue.rival_names import rival_name
from kiosk.voice.hearing.grammar import between_questions, nearest
from kiosk.voice.hearing.heard_alone import heard_alone, no_heard_alone
from kiosk.voice.hearing.listening import (
    Listening,
    hidden_names,
    letters_doubted,
    says_a_number,
    unnamed_spelling,
    whose_reply,
    with_label,
    with_letters,
    with_team,
)
from kiosk.voice.hearing.reader import ReaderLevel, loud_words
from kiosk.voice.hearing.room import RoomLevel
from kiosk.voice.hearing.under_way import Hearing
from kiosk.voice.kept_hearing import Reading
from kiosk.voice.parts import Hears, HearsEachWay
from kiosk.voice.sound.asr import Utterance, joined, told
from kiosk.voice.tuning import TUNING

_LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class Understood:
    """An utterance as taken: its words, empty if none was heard (asked again); None if not to the kiosk."""

    utterance: Utterance | None
    reply_to_come: bool = False
    """Heard as no reply (no word at the reader's level, or a far quieter voice): the reply is to come."""


@dataclass
class Understanding:
    """Takes each utterance as it ends; the room's and the reader's levels learn from every one."""

    recognizers: HearsEachWay
    room: RoomLevel
    reader: ReaderLevel
    readings: tuple[Reading, ...] = ()
    """Each recogniser's reading of the utterance last taken, as first heard: kept for replay."""

    def take(self, hearing: Hearing, by_letter: LetterByLetter | None) -> Understood:
        """The utterance `hearing` holds, as meant; `by_letter`: the word spelled letter by letter, if any."""
        recognizer = self.recognizers[hearing.way]
        final = recognizer.finish()
        recognizer.reset()
        utterance = first = joined([*hearing.pieces, *([final] if final is not None else [])])
        if utterance is not None and utterance.words:
            hearing.first_word = utterance.words[0].start - hearing.since
        audio = bytes(hearing.audio)
        if hearing.way.one_at_a_time and self.room.loud:
            utterance = heard_alone(utterance, recognizer, audio)
        beside = self.recognizers.beside(hearing.way)
        also: Utterance | None = None
        if beside is not None:
            last = beside.finish()
            beside.reset()
            also = joined([*hearing.beside_pieces, *([last] if last is not None else [])])
        self.readings = tuple(
            Reading(by, heard) for by, heard in (("main", first), ("beside", also)) if heard is not None
        )
        if utterance is None:
            return self._not_caught(hearing)
        self.room.heard(audio)
        if self.reader.other_voice(audio, hearing.way):
            _LOG.debug("a far quieter voice than the reader's, unheard: %s", told(utterance))
            return Understood(None, reply_to_come=True)
        if hearing.way.reading_back and self.room.loud:
            utterance = no_heard_alone(utterance, recognizer, audio)
        if hearing.way is Listening.READ_BACK:
            utterance = self._read_back(utterance, also, audio)
        if hearing.way.one_at_a_time:
            utterance = past_refused(no_once(utterance), by_letter, recognizer, audio)
        if hearing.way is Listening.YEARS and utterance.unknown and says_a_number(utterance.text):
            # The year as the number list heard it; the words around it do not count.
            return Understood(utterance)
        if utterance.unknown and recognizer is not self.recognizers.open and not hearing.way.one_at_a_time:
            _LOG.debug("outside the %s list: %s", hearing.way.value, told(utterance))
            again = self.recognizers.open.decode(audio)
            if hearing.way is Listening.WHOSE:
                reply = whose_reply(utterance, again)
                return Understood(reply) if reply.text else self._not_caught(hearing)
            if again is not None and again.text:
                return Understood(again)
            return Understood(utterance) if utterance.text else self._not_caught(hearing)
        if not utterance.text:
            return self._not_caught(hearing)
        if hearing.way is Listening.BETWEEN_QUESTIONS and recognizer is not self.recognizers.open:
            text = nearest(utterance.text, between_questions(), alternatives=utterance.alternatives)
            return Understood(Utterance(text, utterance.words, utterance.alternatives, utterance.scores))
        if hearing.way is Listening.ANSWERS:
            return Understood(self._answer(utterance, also, hearing, recognizer))
        return Understood(utterance)

    def _read_back(self, utterance: Utterance, also: Utterance | None, audio: bytes) -> Utterance:
        """A reply to the read-back: a yes, or a spelled fix as the letters list beside it heard it."""
        utterance = yes_and_a_word(utterance) if self.room.loud else utterance
        if yes_over_a_spelling(utterance, also):
            _LOG.debug("a yes over a spelling's worth of letters: %s", told(also))
            return replace(utterance, doubted_yes=True)
        taken = with_letters(utterance, also)
        if unnamed_spelling(taken) and not self.room.loud:
            # The name list alone may have the team in a quiet room; in a loud one it hears names in noise.
            names = self.recognizers[Listening.WHOSE].decode(audio)
            _LOG.debug("team names in an unnamed spelling: %s", told(names))
            if (yes := yes_under_a_spelling(names)) is not None:
                return yes
            taken = with_team(taken, names)
        return replace(taken, letters_doubted=letters_doubted(utterance, taken))

    def _answer(
        self, utterance: Utterance, also: Utterance | None, hearing: Hearing, recognizer: Hears
    ) -> Utterance | None:
        """A team's answer, led by the name the name list heard at its start; None for party talk."""
        audio = bytes(hearing.audio)
        heard_to = recognizer.fed  # the clock at the utterance's last sample
        if misheard_stall(utterance) is not None:
            others = recognizer.readings_of(audio, TUNING.readings.open)
            utterance = reading_that_locks(utterance, others)
        if self.room.loud:  # other voices' words around the reader's dropped
            utterance = loud_words(utterance, audio, heard_to)
        labelled = with_label(utterance, hearing.since, also, hearing.beside_since)
        if rival_name(labelled, utterance, self.recognizers.beside(hearing.way), audio):
            _LOG.debug("a team name doubted, another among the name list's readings: %s", told(labelled))
            labelled = utterance
        # A name heard inside is asked about whether or not the answer's own was heard: two answers in a
        # breath, the first name doubted, would go whole to one team.
        labelled = replace(labelled, hidden=hidden_names(labelled, hearing.since, also, hearing.beside_since))
        if not labelled.text or not Team.from_name(labelled.text.split()[0]):
            # No team name at its start: asked about (answering.py), or party talk if far quieter when loud.
            return None if self.room.loud and self.reader.party_talk(audio) else labelled
        self.reader.answered(audio)
        return labelled

    def _not_caught(self, hearing: Hearing) -> Understood:
        """An utterance heard as no word: an empty reply, or nothing, the table's reply then still to come."""
        reply = hearing.not_caught(self.reader)
        return Understood(reply, reply_to_come=reply is None)
