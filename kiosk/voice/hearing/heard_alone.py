"""A reply heard again alone: in a loud room, the loudest stretch of an utterance (reader.loudest_stretch).

In party talk the end of speech closes a reply only when the room goes quiet, seconds after a one-word reply
ends, and the recogniser hears the room's voices around the reader's: a closed list writes them as more of
its phrases ("Sierra." as "sierra lima") or loses the word among them. The reader's voice stands about 10 dB
over the room's, so the stretch around the utterance's loudest moment is the reader's word alone. A reply
said in more than one breath (a pick, a spelling, a dispute) loses words so, and is heard whole.
"""

from __future__ import annotations

import logging

from kiosk.engine.commands import is_yes
from kiosk.engine.text import words_of
from kiosk.voice.dialogue.answer_words import plain_no
from kiosk.voice.hearing.reader import loudest_stretch
from kiosk.voice.parts import Hears
from kiosk.voice.sound.asr import Utterance, told

_LOG = logging.getLogger(__name__)


def heard_alone(heard: Utterance | None, recognizer: Hears, pcm: bytes) -> Utterance | None:
    """A letter's or digit's word said on its own (letter_by_letter.py), or the yes or no to one team's
    answer (team_by_team.py), heard again in its loudest stretch, and taken from there when the list hears a
    word in it; else the reply as first heard. Letters' words, "No, no." and "That's right." said by the
    tuning voices with two seconds of babble at 10 dB either side, of 252 through the one-letter list: right
    144 -> 207, another word 99 -> 37; of 216 through the digits: 142 -> 154 and 47 -> 40; over music 225 ->
    224 and 214 -> 215, clean as before. Picks lost words so (right 179 -> 165 of 270 in babble), and team
    names gained nothing (94 of 108 both ways): they are heard whole (docs/decisions/0008-loudest-stretch.md)."""
    again = _in_loudest_stretch(recognizer, pcm)
    if again is None or not again.text:
        return heard
    _LOG.debug("heard again in its loudest stretch: %s (first %s)", told(again), told(heard))
    return again


def no_heard_alone(heard: Utterance, recognizer: Hears, pcm: bytes) -> Utterance:
    """A loud read-back's reply heard as neither a yes nor a no, heard again in its loudest stretch: a no
    heard there is the table's no (which asks about each team's answer in turn, team_by_team.py), and
    anything else leaves the reply as first heard, since a spelling or a dispute loses words so and a yes
    locks the answers. Replies to a read-back ("No.", "No, no.", "That's right.", "Repeat.", a spelling, a
    dispute) said by the tuning voices with two seconds of babble at 10 dB either side, taken as meant: 55
    -> 70 of 108 through the read-back list, 53 -> 61 of 90 through the Candle-End's; a no where none was
    said, none either way; over music as before (docs/decisions/0008-loudest-stretch.md)."""
    words = words_of(heard.text)
    if is_yes(words) or plain_no(words):
        return heard
    again = _in_loudest_stretch(recognizer, pcm)
    if again is None or not plain_no(words_of(again.text)):
        return heard
    _LOG.debug("a no in its loudest stretch: %s (first %s)", told(again), told(heard))
    return again


def _in_loudest_stretch(recognizer: Hears, pcm: bytes) -> Utterance | None:
    stretch = loudest_stretch(pcm)
    return recognizer.decode(stretch) if stretch is not None else None
