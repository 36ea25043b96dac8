"""A word spelled one letter at a time, when a team's spelled fix has twice come out wrong; in a loud room's
Candle-End, a year taken one digit at a time the same way.

In party babble the letters list hears a whole spelling right about one time in three however it is said,
and most often loses a word or two of it. Each letter's word said on its own, as a reply, is heard as that
letter four times in five, as no letter most of the rest, and as another letter about one time in thirty
(docs/decisions/0004-spell-with-nato-words.md, "one at a time", tuning voices in babble at 10 dB). So after a team's
second fix the kiosk offers to take the word letter by letter: it says each letter back, asks again for one
it did not catch, takes back the last one on a "no", and sends the word to the host as any spelled fix once
the table says "that's right". A year's digits said on their own are heard right about seven times in ten
through a list of the digits alone, where a whole year with its team's name came out right about one time in
three (docs/decisions/0007-candle-end-years-list.md, tuning voices in babble at 10 dB); a year is done at its fourth digit.
"""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass, replace

from kiosk.engine.spelling import SHORTEST, SPOKEN_DIGITS, YEAR_DIGITS
from kiosk.engine.teams import Team
from kiosk.engine.text import letter_of, letter_words, words_of
from kiosk.voice.dialogue.prompts import (
    JustOneLetter,
    Lead,
    LeftAsItWas,
    LetterNotCaught,
    LetterSaidBack,
    Prefaced,
    Prompt,
    RefusedLetterAgain,
    SpellOneAtATime,
    WhichLetterThen,
    WordSoFar,
    YearNeedsFourDigits,
)
from kiosk.voice.dialogue.yes_or_no import SURE_YES
from kiosk.voice.hearing.grammar import UNKNOWN, digits_but, letters_but
from kiosk.voice.parts import Hears
from kiosk.voice.sound.asr import Utterance, told
from kiosk.voice.tuning import TUNING

LONGEST = 20
"""Letters in the longest word taken: a word this long is sent as it stands."""
_LOG = logging.getLogger(__name__)


class Unit(enum.Enum):
    """What is taken one reply at a time: a word's letters, or a Candle-End year's digits."""

    LETTER = "letter"
    DIGIT = "digit"

    @property
    def longest(self) -> int:
        """Units in the longest whole: reached, it is sent as it stands."""
        return LONGEST if self is Unit.LETTER else YEAR_DIGITS

    @property
    def year(self) -> bool:
        """A year's digits: the kiosk's words say "digit" where a word's say "letter" (prompts)."""
        return self is Unit.DIGIT

    def words_but(self, refused: frozenset[str]) -> tuple[str, ...]:
        """Every unit's word but those of `refused`."""
        return letters_but(refused) if self is Unit.LETTER else digits_but(refused)

    def of(self, words: list[str]) -> str | None:
        """The unit of one reply: its word alone ("tango", "eight"). Two or more are heard again: asked for
        one letter, the table says one, and in babble a second was most often the room's ("oscar lima" for
        "Oscar.")."""
        if len(words) != 1:
            return None
        return letter_of(words[0]) if self is Unit.LETTER else SPOKEN_DIGITS.get(words[0])

    def in_reply(self, heard: str) -> str | None:
        """The unit a reply's words say on their own, as of() ("x ray" is "xray", X's word)."""
        return self.of(letter_words(words_of(heard).split()))


@dataclass(frozen=True)
class LetterByLetter:
    """The word a team is spelling one letter at a time (or the year one digit at a time): the letters
    taken so far, by reply."""

    team: Team
    letters: tuple[str, ...] = ()
    """The letters taken, one a reply: a "no" takes back the last."""
    unit: Unit = Unit.LETTER
    misses: int = 0
    """Replies in a row heard as no letter."""
    stalls: int = 0
    """Replies since the word last went further than it had been (TUNING.confirming.letter_stalls)."""
    reached: int = 0
    """The most letters the word has had: only a letter taken beyond it begins the stall count afresh."""
    as_it_stands: bool = False
    """The letters so far were offered as the word: any reply but the yes now leaves the word as it was."""
    refused: frozenset[tuple[int, str]] = frozenset()
    """The letters the table said a plain no to, each with its place in the word: heard there again, one is
    not said back again. Over music one voice's "Papa." was heard as "lima" twelve times running, and the
    kiosk said "L for lima" to each, the table no to each, until the table gave the word up. A "no" found
    only among a reply's other readings, or with a letter's word scored beside it, takes the letter back but
    refuses nothing (a_sure_no): "Echo." heard with "no" among its readings took back the M of "mexico", and
    "Mike." was then heard right four times running, each time refused."""

    @property
    def opening(self) -> SpellOneAtATime:
        return SpellOneAtATime(self.team, self.unit.year)

    @property
    def word(self) -> str:
        return "".join(self.letters)

    def take(
        self, heard: str, sure_no: bool = True
    ) -> tuple[LetterByLetter | None, str | None, Prompt | None]:
        """The reply heard: the word still being spelled (None once it is done or left), the fix for the
        host once the word is done (else None), and the kiosk's words (None with a fix: the host replies).
        `sure_no`: a "no" refuses the unit it takes back (a_sure_no)."""
        text = words_of(heard.replace("[unk]", " "))
        year = self.unit.year
        if text == SURE_YES.replace("'", ""):
            if len(self.letters) < SHORTEST:  # no spelling the host takes: the word is left as it was
                return None, None, LeftAsItWas(year)
            if year and len(self.letters) < YEAR_DIGITS:
                return self, None, YearNeedsFourDigits(self.letters)
            return None, self.fix, None
        if self.as_it_stands:
            return self._offer_answered(text)
        if text == "no":
            said_no = {(len(self.letters) - 1, self.letters[-1])} if self.letters and sure_no else set()
            kept = replace(
                self,
                letters=self.letters[:-1],
                misses=0,
                stalls=self.stalls + 1,
                refused=self.refused | said_no,
            )
            return self._stalled(kept, WhichLetterThen(first=not kept.letters, year=year))
        words = letter_words(text.split())
        letter = self.unit.of(words)
        if letter is not None and (len(self.letters), letter) in self.refused:
            # Not a miss: the letters taken stand. Three such in a row would leave a word four letters into
            # its five ("Tango." heard as "golf" after a no, in babble), where asked again it came right.
            refused = RefusedLetterAgain(letter, year)
            return self._stalled(replace(self, stalls=self.stalls + 1), refused)
        if letter is None:
            missed = replace(self, misses=self.misses + 1, stalls=self.stalls + 1)
            if missed.misses >= TUNING.confirming.letter_misses:
                return missed._stalled(
                    replace(missed, stalls=TUNING.confirming.letter_stalls), LeftAsItWas(year)
                )
            if len(words) > 1:
                return missed._stalled(missed, JustOneLetter(year))
            return missed._stalled(missed, LetterNotCaught(year))
        taken = replace(self, letters=(*self.letters, letter), misses=0)
        if len(taken.word) >= self.unit.longest:
            return None, taken.fix, None
        said = LetterSaidBack(letter, year)
        if len(taken.letters) > self.reached:
            return replace(taken, reached=len(taken.letters), stalls=0), None, said
        return taken, None, said  # in a place taken back: no further, but said back to be checked

    @staticmethod
    def _stalled(state: LetterByLetter, said: Prompt) -> tuple[LetterByLetter | None, str | None, Prompt]:
        """`state` and the kiosk's `said`, unless the word has stalled (TUNING.confirming.letter_stalls
        replies without going further, or TUNING.confirming.letter_misses in a row heard as none): then the
        letters so far are offered as the word; with fewer than a spelling's, or a year's (no year but a whole
        one counts), the word is left as it was."""
        if state.stalls < TUNING.confirming.letter_stalls:
            return state, None, said
        if len(state.letters) < SHORTEST or state.unit.year:
            return None, None, LeftAsItWas(state.unit.year)
        return replace(state, misses=0, stalls=0, as_it_stands=True), None, state.offer

    @property
    def offer(self) -> WordSoFar:
        """The letters so far offered as the word."""
        return WordSoFar(self.letters)

    def _offer_answered(self, text: str) -> tuple[LetterByLetter | None, str | None, Prompt]:
        """A reply other than the yes to the letters offered as the word: the word left as it was; heard as
        no word, the offer is made once more. It asks for a yes or a no, so a letter heard is most likely a
        no: in babble one voice's "No." to it was heard as "uniform", the U was taken, and the spelling went
        on for minutes more."""
        if text or self.misses >= 1:
            return None, None, LeftAsItWas(self.unit.year)
        return replace(self, misses=1), None, Prefaced(Lead.SORRY, self.offer)

    def missed(self) -> tuple[LetterByLetter | None, Prompt]:
        """A reply heard as no word: asked again, or the word left after TUNING.confirming.letter_misses in a
        row."""
        state, _, said = self.take("")
        assert said is not None  # no word is no yes: nothing is sent
        return state, said

    def refused_here(self, heard: str) -> frozenset[str]:
        """The units said no to in the place a reply fills, when it is heard as one of them; else none."""
        place = len(self.letters)
        unit = self.unit.in_reply(heard)
        if (place, unit) not in self.refused:
            return frozenset()
        return frozenset(refused for at, refused in self.refused if at == place)

    @property
    def fix(self) -> str:
        """The spelled fix as the host reads one: the team's name, then the letters (a year's digits)."""
        return f"{self.team.value.lower()} {' '.join(self.word)}"


def past_refused(
    heard: Utterance, by_letter: LetterByLetter | None, recognizer: Hears, pcm: bytes
) -> Utterance:
    """A reply heard as a unit the table said no to in the place it fills, heard again through the other
    units' words alone: its likeliest other unit, said back for the table to check; heard as none, the reply
    stands as first heard. Over the simulated table's nights 60 of 78 such replies were one held-out voice's
    "Papa." heard as "lima" time after time, each refused until the word was left. Of letters heard as
    another, heard again without it (docs/decisions/0005-letters-by-word-not-name.md, 10 dB): tuning voices in babble
    18 of 27 right, 3 another, over music 5 of 5; held out, babble 25 of 100 right, 14 another, music 18 of
    26, none another. It costs about a tenth more CPU than hearing the reply first did."""
    refused = by_letter.refused_here(letter_or_no(heard)) if by_letter is not None else frozenset()
    if by_letter is None or not refused:
        return heard
    again = recognizer.decode_within(pcm, (*by_letter.unit.words_but(refused), UNKNOWN))
    if again is None or by_letter.unit.in_reply(again.text) is None:
        return heard
    _LOG.debug("heard again without %s, said no to in its place: %s", ", ".join(sorted(refused)), told(again))
    return again


def a_sure_no(heard: Utterance) -> bool:
    """A "no" the likeliest reading, with no letter's or digit's word scored within the confirming margin of
    it: such a no refuses the unit it takes back. In babble "Nine." was heard as "no" (80.2) with "nine"
    beside it (79.5): the 8 before it, right, was taken back and refused, and "Eight." said again was refused
    till the year was left."""
    if heard.text != "no":
        return False
    close = [
        reading.split()
        for reading, score in zip(heard.alternatives, heard.scores[1:], strict=False)
        if heard.scores[0] - score <= TUNING.confirming.margin
    ]
    return not any(Unit.LETTER.of(words) or Unit.DIGIT.of(words) for words in close)


def no_once(heard: Utterance) -> Utterance:
    """The reply with the no asked for (DOUBLE_NO, "no no") written as the plain no every reading of a reply
    is matched against: its words and each of its other readings. The list lets phrases follow each other,
    and one voice's "No, no." in babble was heard as "no no no" and "no no no no" too."""

    def once(text: str) -> str:
        said = text.split()
        return "no" if len(said) > 1 and set(said) == {"no"} else text

    readings = (heard.text, *heard.alternatives)
    if all(once(text) == text for text in readings):
        return heard
    return replace(
        heard, text=once(heard.text), alternatives=tuple(once(text) for text in heard.alternatives)
    )


def letter_or_no(heard: Utterance) -> str:
    """The reply's words, or "no" when "no" is among its other readings: in babble the no said to a letter
    said back wrong was heard as a letter ("romeo", "november") about one time in five, which added another
    wrong letter; and a letter's word said on its own almost never has "no" among its readings."""
    return "no" if "no" in heard.alternatives else heard.text
