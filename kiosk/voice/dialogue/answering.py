"""Who is answering: by voice, words go to a team only on a team name heard at their start, or on the team
the kiosk itself named just before; words whose name was lost are held and asked about (whose.py), never
joined to the team named before as the engine would (decision 0009). Teams slow to answer are called by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from kiosk.engine import intent
from kiosk.engine.commands import is_no
from kiosk.engine.night import Night, Phase
from kiosk.engine.reply import Reply
from kiosk.engine.said import FixTaken
from kiosk.engine.spelling import alike, closest_word, spelled_word
from kiosk.engine.teams import Team
from kiosk.engine.text import words_of
from kiosk.voice.dialogue.answer_words import (
    in_order,
    unlabelled,
    without_stray_name,
    year_cut_short,
)
from kiosk.voice.dialogue.letter_by_letter import LetterByLetter, Unit
from kiosk.voice.dialogue.prompts import (
    AnsweredInThatToo,
    Fixed,
    HeardNoTwice,
    HowToFix,
    NotCaught,
    NotCaughtAgain,
    NoYearHeard,
    Prompt,
    SpelledBack,
    YearCutShort,
    YourAnswer,
)
from kiosk.voice.dialogue.respelling import merged
from kiosk.voice.dialogue.whose import Named, Whose, spelling_in
from kiosk.voice.dialogue.yes_or_no import refuses
from kiosk.voice.hearing.spoken_years import no_year_in
from kiosk.voice.tuning import TUNING


@dataclass(frozen=True)
class Ask:
    """The kiosk's own words instead of a message to the host: the night has not moved."""

    prompt: Prompt
    """What the kiosk asks, as a value; its words are worded once, by the prompt's kind."""

    @property
    def question(self) -> str:
        """The words said and shown, and kept in the night's turns as said."""
        return self.prompt.words


class Told(Enum):
    """Something the table is told how to do once a night, then reminded of briefly."""

    SPELLING = "how to spell a fix"
    LOUD_CHECKING = "a loud room's read-back, team by team on a no"
    LETTERS = "a word one letter at a time"
    DIGITS = "a year one digit at a time"


@dataclass
class Answerers:
    """The kiosk's memory, between utterances, of whose words it is waiting to hear."""

    keyboard: bool = False
    """A table screen's keyboard can type into the night: a loud table whose spelling keeps failing is told."""
    holding: Whose | None = None
    calling: Team | None = None
    """The team the kiosk named last ("Ghosts, your answer?"): words naming no team are its."""
    letters_doubted: bool = False
    """The two lists heard the last spelled fix differently: once taken, its letters are read back."""
    by_letter: LetterByLetter | None = None
    _offered: Team | None = field(default=None, repr=False)
    _from_letters: bool = field(default=False, repr=False)
    """The fix passed on was spelled one letter at a time: each letter was said back already."""
    _fixes: dict[str, int] = field(default_factory=dict, repr=False)
    """Spelled fixes taken per team in this read-back: at the second, the word is offered letter by letter."""
    _spelled: dict[str, tuple[str, str]] = field(default_factory=dict, repr=False)
    """Each team's last fix in this read-back: the letters heard, and the word they put in its answer."""
    _heard: dict[str, str] = field(default_factory=dict, repr=False)
    """The letters of each team's spelling passed on to the host, until its reply tells what was taken."""
    _waiting: tuple[Team, ...] = field(default=(), repr=False)
    _tries: int = field(default=0, repr=False)
    _told_to_spell: bool = field(default=False, repr=False)
    """This question's read-back has said how to spell a fix."""
    _told_tonight: set[Told] = field(default_factory=set, repr=False)
    """What the table has been told how to do tonight: said again, only briefly."""
    _inside: tuple[Team | None, Team] | None = field(default=None, repr=False)
    """The team whose words were just asked about, and the team whose name was heard inside them."""
    _asked_again: bool = field(default=False, repr=False)
    """Words under way were asked for again: the next are taken however they began, or music loops forever."""
    _not_caught: int = field(default=0, repr=False)
    """Read-back words in a row that were neither a yes nor a spelling."""
    _nos: int = field(default=0, repr=False)
    """Read-back words in a row that were a no."""
    _yearless: Team | None = field(default=None, repr=False)
    """The team whose Candle-End answer was just asked for again, heard as no year: its next is taken."""
    plain_yes_asked: bool = field(default=False, repr=False)
    """This read-back asked for a plain yes (prompts.HeardNoTwice): one is taken from then on."""

    @property
    def offered(self) -> Team | None:
        """The team whose word was just offered one letter at a time: a plain "no" now takes it up."""
        return self._offered

    @property
    def no_checks_each_team(self) -> bool:
        """A read-back's no in a quiet room asks about each team's answer in turn (team_by_team.py): as a loud
        room's read-back told the table tonight, or when, asked for a plain yes after two nos, the table has
        said no again with no fix spelled."""
        saying_no_again = self.plain_yes_asked and self._nos == TUNING.confirming.answer_tries - 1
        return Told.LOUD_CHECKING in self._told_tonight or saying_no_again

    def take(
        self,
        heard: str,
        night: Night | None,
        hidden: tuple[str, ...] = (),
        under_way: bool = False,
        sure_no: bool = True,
    ) -> str | Ask:
        """The message for the host, or the kiosk's question when it is unsure whose the words are.
        `hidden`: team names the name list heard inside the words where the open vocabulary heard none;
        `under_way`: the words were begun before the kiosk stopped speaking, so not in reply to its call;
        `sure_no`: a letter's "no" refuses the letter it takes back (letter_by_letter.a_sure_no)."""
        if self.by_letter is not None:
            self.by_letter, fix, said = self.by_letter.take(heard, sure_no=sure_no)
            self._from_letters = fix is not None
            if fix is not None:
                return fix
            assert said is not None  # no fix: the kiosk's words
            return Ask(said)
        offered, self._offered = self._offered, None
        again, self._asked_again = self._asked_again, False
        under_way = under_way and not again
        if self.holding is not None:
            return self._named(heard, night, under_way)
        missed, self._not_caught = self._not_caught, 0
        nos, self._nos = self._nos, 0
        yearless, self._yearless = self._yearless, None
        calling, self.calling = self.calling, None
        if night is None or not night.voice:
            return heard
        no = self._read_back_no(heard, night, offered, nos)
        if no is not None:
            return no
        if night.solo or not (night.phase.collecting or night.phase.reading_back):
            return heard
        as_heard = words_of(heard).split()
        words = without_stray_name(as_heard, night)
        heard = heard if words == as_heard else " ".join(words)
        waiting = night.still_to_answer()
        opening = Team.from_name(words[0]) if words else None
        other = self._another_team(words, night, waiting, opening, calling, hidden)
        if other is not None:
            return other
        answering = opening or (None if under_way else calling)
        year = self._no_whole_year(words, night, opening, answering, yearless, calling)
        if year is not None:
            return year
        if not words or opening is not None:
            return self._respelled(heard, night)
        if calling is not None and night.phase.collecting and not under_way:
            return f"{calling.value.lower()} {heard}"
        return self._no_team_named(heard, words, night, waiting, under_way, missed, offered)

    def spell_by_letter(self, team: Team, unit: Unit = Unit.LETTER) -> Ask:
        """The team's word taken one letter at a time (a year, one digit): how, in full the first time tonight."""
        told = Told.DIGITS if unit.year else Told.LETTERS
        brief = told in self._told_tonight
        self._told_tonight.add(told)
        self.by_letter = LetterByLetter(team, unit=unit, told_before=brief)
        return Ask(self.by_letter.opening)

    def _read_back_no(self, heard: str, night: Night, offered: Team | None, nos: int) -> str | Ask | None:
        """A read-back no: the offer to spell taken up, or passed on (a plain yes asked for at the second)."""
        if offered is not None and night.phase is Phase.READBACK and refuses(words_of(heard)):
            # The no asked for, alone: a garbled yes ("wrong not right") begins no spelling.
            return self.spell_by_letter(offered)
        if not (night.phase.reading_back and is_no(words_of(heard))):
            return None
        self._nos = (nos + 1) % TUNING.confirming.answer_tries
        if nos + 1 < TUNING.confirming.answer_tries:
            return heard
        self.plain_yes_asked = True
        return Ask(HeardNoTwice(year=night.phase is Phase.CANDLE_READBACK))

    def _another_team(
        self,
        words: list[str],
        night: Night,
        waiting: list[Team],
        opening: Team | None,
        calling: Team | None,
        hidden: tuple[str, ...],
    ) -> Ask | None:
        """Asked when the words may hold another team's too, or name another team than the one called."""
        inside = [team for team in map(Team.from_name, hidden) if team in waiting]
        asked, self._inside = self._inside, None
        if night.phase.collecting and inside and inside[0] is not opening and asked != (opening, inside[0]):
            # Another team's answer may be joined to this one; the same words heard again are one answer.
            self._inside = (opening, inside[0])
            return Ask(AnsweredInThatToo(inside[0]))
        if calling and night.phase.collecting and opening and opening is not calling and len(words) > 1:
            # Called, another team: most likely the called team's name misheard, so whose it was is asked.
            self.holding = Whose(" ".join(words[1:]), in_order({opening, calling}))
            return Ask(self.holding.prompt)
        return None

    def _no_whole_year(
        self,
        words: list[str],
        night: Night,
        opening: Team | None,
        answering: Team | None,
        yearless: Team | None,
        calling: Team | None,
    ) -> Ask | None:
        """In the Candle-End, asked once for an answer heard as no year, or for a year fix cut short."""
        year_words = words[1:] if opening else words
        if night.phase is Phase.CANDLE and answering and answering is not yearless and no_year_in(year_words):
            self._yearless, self.calling = answering, calling
            return Ask(NoYearHeard(" ".join(year_words), answering))
        short = year_cut_short(words[1:]) if opening and night.phase is Phase.CANDLE_READBACK else None
        if opening is not None and short is not None:
            # A year fix cut short: the host would say only that the first answer counts.
            return Ask(YearCutShort(short, opening))
        return None

    def _no_team_named(
        self,
        heard: str,
        words: list[str],
        night: Night,
        waiting: list[Team],
        under_way: bool,
        missed: int,
        offered: Team | None,
    ) -> str | Ask:
        """Words that name no team and were not called for: whose they were is asked, or, in the read-back,
        words that are no spelling are asked for again; passed on where the engine needs no team."""
        read = intent.read(heard, night)
        if night.phase.collecting and unlabelled(read, words):
            teams = in_order({*waiting, *([night.last_named] if night.last_named else [])})
        elif night.phase.reading_back and isinstance(read, intent.Continue):
            if spelling_in(words) is None:
                # Not a fix: most likely a garbled yes, which passed on would join the last team's answer.
                self._not_caught = missed + 1
                self._offered = offered  # the offer stands for the no said again ("no" heard as "not")
                return Ask(NotCaught() if missed == 0 else NotCaughtAgain(self.keyboard))
            if under_way:
                # The rest of a spelling the kiosk's reply cut off: its team and first letters are gone.
                self._asked_again = True
                return Ask(Fixed.PART_CAUGHT)
            teams = in_order(set(night.answering()))
        else:
            return heard
        if not teams:
            return heard
        spelling = spelling_in(words) is not None
        self.holding = Whose(" ".join(words), teams, spelling=spelling)
        return Ask(self.holding.prompt)

    def letter_missed(self) -> Ask:
        assert self.by_letter is not None
        self.by_letter, said = self.by_letter.missed()
        return Ask(said)

    def _named(self, heard: str, night: Night | None, under_way: bool = False) -> str | Ask:
        """The reply to "whose was that?" (whose.py): the held words with the team named, or asked again or
        another way. Words begun before the question are no reply, though the list may hear a name in them."""
        held = self.holding
        assert held is not None
        if under_way and not Whose.next_answer(heard):
            self._asked_again = True
            return Ask(held.prompt)
        self.holding, reply = held.take(heard, night)
        if reply is None:
            return heard
        if not isinstance(reply, Named):
            return Ask(reply)
        said = spelling_in(held.words.split()) if held.spelling else None
        return self._respelled(f"{reply.team.value.lower()} {said or held.words}", night)

    def _respelled(self, message: str, night: Night | None) -> str:
        """A team's spelled fix, merged with its last when both spell the word it put in (respelling.py)."""
        words = message.split()
        team = Team.from_name(words[0]) if words else None
        spelled = spelled_word(words[1:]) if team is not None else None
        if night is None or not night.phase.reading_back or team is None or spelled is None:
            return message
        if team not in night.answers:
            return message
        self._heard[team.value] = spelled
        before, placed = self._spelled.get(team.value, ("", ""))
        answer = night.answers[team].text.split()
        index = closest_word(answer, spelled)
        if index is None or answer[index] != placed or not alike(before, spelled):
            return message
        return f"{words[0]} {' '.join(merged(before, spelled))}"

    def after(self, night: Night | None, reply: Reply | None = None, loud: bool = False) -> Ask | None:
        """After the host's reply: how to spell a fix, a doubted or second spelled fix read back letter by
        letter, or the team called by name after TUNING.confirming.answer_tries tries (at once when loud)."""
        fix = next((part for part in reply.said if isinstance(part, FixTaken)), None) if reply else None
        if night is None or not night.phase.reading_back:
            self._fixes, self._spelled, self._told_to_spell = {}, {}, False
            self.plain_yes_asked, self._nos = False, 0
        elif night.phase is Phase.CANDLE_READBACK and not self._told_to_spell and night.voice:
            self._told_to_spell = True
            return Ask(HowToFix(year=True, loud=loud))
        elif (
            not self._told_to_spell
            and (loud or Told.SPELLING not in self._told_tonight)
            and night.voice
            and not night.solo
        ):
            self._told_to_spell = True
            told = Told.LOUD_CHECKING if loud else Told.SPELLING
            brief = told in self._told_tonight
            self._told_tonight |= {told, Told.SPELLING}
            return Ask(HowToFix(loud=loud, brief=brief))
        heard, self._heard = self._heard, {}
        from_letters, self._from_letters = self._from_letters, False
        if fix is not None and not fix.word.isdigit() and not from_letters:  # a year is read back as the year
            self._spelled[fix.team] = (heard.get(fix.team, fix.word), fix.word)
            self._fixes[fix.team] = tries = self._fixes.get(fix.team, 0) + 1
            doubted, self.letters_doubted = self.letters_doubted, False
            if tries >= TUNING.confirming.answer_tries:
                # Spelled twice over and still being fixed: the word is offered one letter at a time.
                typing = self.keyboard and loud and tries == TUNING.confirming.answer_tries
                self._offered = Team(fix.team)
                return Ask(SpelledBack(fix.word, offer=True, typed_by=self._offered if typing else None))
            if doubted:
                return Ask(SpelledBack(fix.word))
        if night is None or not night.voice or night.solo or not night.phase.collecting:
            # The answers are in, however they came (typed, or a loud room's checking): no team is called.
            self._waiting, self._tries, self.calling = (), 0, None
            return None
        waiting = tuple(night.still_to_answer())
        if waiting != self._waiting:
            self._waiting, self._tries = waiting, 0
            if not (loud and waiting):
                return None
        else:
            self._tries += 1
        if (self._tries < TUNING.confirming.answer_tries and not loud) or not waiting:
            return None
        self.calling = waiting[0]
        return Ask(YourAnswer(waiting[0]))
