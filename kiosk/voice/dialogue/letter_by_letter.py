"""A word spelled one letter at a time, once a team's spelled fix has twice come out wrong; in a loud room's
Candle-End, a year one digit at a time: in babble a letter's or digit's word said alone is heard far more
surely than a whole spelling or year (decisions 0004, 0007). Each is said back, a no takes the last one
back, and "that's right" sends the word as any spelled fix.
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
        return letters_but(refused) if self is Unit.LETTER else digits_but(refused)

    def of(self, words: list[str]) -> str | None:
        """The unit of one reply, its word alone ("tango"): a second word is most often the room's."""
        if len(words) != 1:
            return None
        return letter_of(words[0]) if self is Unit.LETTER else SPOKEN_DIGITS.get(words[0])

    def in_reply(self, heard: str) -> str | None:
        """The unit a reply's words say on their own, as of() ("x ray" is "xray", X's word)."""
        return self.of(letter_words(words_of(heard).split()))


@dataclass(frozen=True)
class LetterByLetter:
    """A word a team spells one letter at a time (a year, one digit at a time), and what it has taken."""

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
    told_before: bool = False
    """The table was told how earlier tonight: the opening only says that it starts."""
    refused: frozenset[tuple[int, str]] = frozenset()
    """The letters the table said a plain no to, each with its place: heard there again, one is not said back
    again (decision 0005). A no not a_sure_no takes the letter back but refuses nothing (decision 0006)."""

    @property
    def opening(self) -> SpellOneAtATime:
        return SpellOneAtATime(self.team, self.unit.year, brief=self.told_before)

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
            # Not a miss: the letters taken stand, and asked again the letter most often comes right.
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
        """`state` and the kiosk's `said`, unless the word has stalled (TUNING.confirming.letter_stalls): then
        the letters so far are offered as the word, or with fewer than a spelling's, or a year, it is left."""
        if state.stalls < TUNING.confirming.letter_stalls:
            return state, None, said
        if len(state.letters) < SHORTEST or state.unit.year:
            return None, None, LeftAsItWas(state.unit.year)
        return replace(state, misses=0, stalls=0, as_it_stands=True), None, state.offer

    @property
    def offer(self) -> WordSoFar:
        return WordSoFar(self.letters)

    def _offer_answered(self, text: str) -> tuple[LetterByLetter | None, str | None, Prompt]:
        """A reply other than the yes to the letters offered as the word: the word left as it was (a letter
        heard is most likely a garbled no); heard as no word, the offer is made once more."""
        if text or self.misses >= 1:
            return None, None, LeftAsItWas(self.unit.year)
        return replace(self, misses=1), None, Prefaced(Lead.SORRY, self.offer)

    def missed(self) -> tuple[LetterByLetter | None, Prompt]:
        """A reply heard as no word: asked again, or the word left after TUNING.confirming.letter_misses."""
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
    stands as first heard (decision 0005)."""
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
    it: only such a no refuses the unit it takes back (decision 0006)."""
    if heard.text != "no":
        return False
    close = [
        reading.split()
        for reading, score in zip(heard.alternatives, heard.scores[1:], strict=False)
        if heard.scores[0] - score <= TUNING.confirming.margin
    ]
    return not any(Unit.LETTER.of(words) or Unit.DIGIT.of(words) for words in close)


def no_once(heard: Utterance) -> Utterance:
    """The reply with the no asked for (yes_or_no.SURE_NO, "no no", or more: the list lets phrases follow each other)
    written as the plain no its words and each of its other readings are matched against."""

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
    """The reply's words, or "no" when "no" is among its other readings (decision 0006)."""
    return "no" if "no" in heard.alternatives else heard.text
