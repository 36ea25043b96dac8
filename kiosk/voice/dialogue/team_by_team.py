"""A loud room's read-back checked one team at a time, once the table says no to it.

In party babble a spelled fix is heard whole about one time in three however it is said, and the team's name
that opens it is lost as often: the kiosk asks whose it was, and the reply, a lone name, is lost again. So in
a loud room a no to the read-back ("no", "not right", "wrong") has the kiosk name each team's answer in turn
("Bats: do it. Is that right?"), and a no to one takes that team's word one letter at a time
(letter_by_letter.py): the kiosk names the team, and only a yes, a no and letters' words are left to be
heard. A yes to every team is the read-back's yes. Words the kiosk cannot make out ask about the same team
again, and twice running are taken as a no; a spelling after a team's name, a dispute or a command leaves
the checking and goes on as any read-back words do. Letters without a team's name are words not made out:
in babble they were a garbled yes or no far more often than a spelling. The Candle-End's read-back is
checked the same way, a wrong year taken one digit at a time.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine import intent
from kiosk.engine.commands import is_no, is_yes
from kiosk.engine.night import Night, Phase
from kiosk.engine.reply import Reply
from kiosk.engine.said import FixTaken
from kiosk.engine.teams import Team
from kiosk.engine.text import words_of
from kiosk.voice.dialogue.answer_words import plain_no, without_stray_name
from kiosk.voice.dialogue.answering import Answerers, Ask
from kiosk.voice.dialogue.letter_by_letter import LetterByLetter, Unit
from kiosk.voice.dialogue.policy import Act, Slot, decide
from kiosk.voice.dialogue.prompts import IsThatRight, Lead, NotCaught, Prefaced
from kiosk.voice.dialogue.read_back_yes import locking_yes
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.tuning import TUNING


@dataclass
class TeamByTeam:
    """The team whose answer the kiosk has asked about, and the teams still to ask."""

    asking: Team | None = None
    left: tuple[Team, ...] = ()
    spelling: bool = False
    """The team asked about said no: its word is being spelled one letter at a time."""
    yes_asked: bool = False
    """A yes other than SURE_YES was asked about: the next yes is taken."""
    not_made_out: int = 0
    """Read-back words in a row, in a loud room, the kiosk could not make out: at
    TUNING.confirming.read_back_missed, it asks about each
    team in turn unasked."""
    unclear: int = 0
    """Replies in a row to the team asked about that were neither a yes, a no nor other words the read-back
    acts on (or no word at all): at TUNING.confirming.read_back_missed, taken as a no."""

    @property
    def asks(self) -> bool:
        """A team's answer was asked about: its yes or no is heard through the one-letter list, where "no"
        and "that's right" compete with nothing but the NATO words, with the no found among its n-best
        readings (letter_by_letter.letter_or_no). Tuning voices in babble at 10 dB, of 54 each: "No." heard
        44 times against 20 through the read-back list (its single letters: "no" came out "l", "oh",
        "november"), "That's right." 46 against 50."""
        return self.asking is not None and not self.spelling

    def take(
        self, heard: Utterance, night: Night | None, answerers: Answerers, loud: bool
    ) -> str | Ask | None:
        """The message for the host (the read-back's yes once every team said yes) or the kiosk's next
        question; None when the words are not the checking's: they go on as any read-back words."""
        if night is None or not night.phase.reading_back or night.solo or not night.voice:
            self._stop()
            return None
        if answerers.by_letter is not None:
            return None  # a letter of the word being spelled: letter_by_letter.py
        if answerers.holding is not None:
            # The reply to "whose was that?" (whose.py): in babble its "no" to a team offered started the
            # checking, and the word one letter at a time was then heard through the team-name list.
            return None
        words = words_of(heard.text)
        if self.spelling:
            # The word one letter at a time ended some other way (its fix not taken): the read-back goes on
            # as before, its words judged as any a loud read-back hears.
            self._stop()
        if self.asking is None:
            missed, self.not_made_out = self.not_made_out, 0
            if not loud or answerers.offered is not None:
                return None
            if not (plain_no(words) or is_no(words)):
                # Any no starts the checking, as the loud read-back promised: "that's right" heard as "not
                # right" (a held-out voice's Candle-End yes, four times running) was the host's no before,
                # which asks for a spelling, and the yes was never heard whole.
                if not _made_out(words, night):
                    self.not_made_out = missed
                    return self._not_made_out(night)
                return None
            return self._start(night)
        if is_yes(words):
            # Asked for "that's right" whatever the room has become since the checking began.
            reading = locking_yes(heard, loud=True)
            if decide(Slot.TEAM_CHECK, reading, asked=int(self.yes_asked)) is Act.ASK_IF_YES:
                self.yes_asked = True
                return Ask(Prefaced(Lead.WAS_THAT_A_YES, self.prompt(night)))
            return self._next(night) or "yes"
        if plain_no(words):
            return self._spell(night, answerers)
        if not _made_out(words, night):
            return self._unclear(night, answerers)  # most often a yes or no the room garbled
        self._stop()
        return None

    def again(self, night: Night | None, answerers: Answerers, loud: bool) -> Ask | None:
        """The question again, after a reply to it heard as no word; None when none is asked. Before any
        team is asked about, a loud read-back's reply heard as no word is one not made out: one voice's "No."
        came out as nothing again and again, and the read-back was asked for a yes or a no for ever."""
        if night is None or not night.phase.reading_back:
            return None
        if self.spelling:
            self._stop()  # the word one letter at a time ended some other way (its fix not taken)
        if self.asking is None:
            if not loud or answerers.offered is not None or night.solo or not night.voice:
                return None
            return self._not_made_out(night)
        return self._unclear(night, answerers)

    def _not_made_out(self, night: Night) -> Ask | None:
        """Read-back words not made out: asked for a yes or a no, and at TUNING.confirming.read_back_missed in
        a row each team's answer
        asked about in turn, unasked."""
        self.not_made_out += 1
        if self.not_made_out < TUNING.confirming.read_back_missed:
            return Ask(NotCaught(loud=True))
        return self._start(night, Lead.EACH_IN_TURN)

    def _unclear(self, night: Night, answerers: Answerers) -> Ask:
        """A reply not made out: the question again, or at TUNING.confirming.read_back_missed in a row the
        team's answer taken as said
        no to. Through the one-letter list the tuning voices' "No." in babble at 10 dB came out as a lone
        letter's word or as no word 2 times in 27, "That's right." never (as more words, 4); one held-out
        voice's "No." came out so again and again (as "romeo", "lima", [unk], no word), nine times running
        for one team, and its wrong answer was never spelled."""
        self.unclear += 1
        if self.unclear < TUNING.confirming.read_back_missed:
            return Ask(Prefaced(Lead.SORRY, self.prompt(night)))
        opening = self._spell(night, answerers)
        return Ask(Prefaced(Lead.TAKEN_AS_NO, opening.prompt))

    def _spell(self, night: Night, answerers: Answerers) -> Ask:
        """The team asked about said no: its word one letter at a time (a Candle-End year, one digit at a
        time)."""
        assert self.asking is not None
        self.spelling, self.unclear = True, 0
        unit = Unit.DIGIT if night.phase is Phase.CANDLE_READBACK else Unit.LETTER
        answerers.by_letter = LetterByLetter(self.asking, unit=unit)
        return Ask(answerers.by_letter.opening)

    def left_as_it_was(self, night: Night | None, unit: Unit, said: Ask) -> Ask:
        """The word of the team asked about, spelled one letter at a time, was left as it was (`said`, the
        read-back's question again): the same team is asked about again instead, its answer as it stands.
        Asked about the whole read-back, a table whose word could not be taken said no to it again, and
        the kiosk began again at the first team, whose answer was right."""
        if not self.spelling or self.asking is None or night is None or not night.phase.reading_back:
            return said
        self.spelling, self.unclear, self.yes_asked = False, 0, False
        return Ask(Prefaced(Lead.YEAR_LEFT if unit.year else Lead.WORD_LEFT, self.prompt(night)))

    def after(self, night: Night | None, reply: Reply) -> Ask | None:
        """After the host took the word spelled one letter at a time: the same team asked about again, its
        answer as it now stands (the fix replaced one word: "hormel" spelled "barn" is "barn", where the
        team wrote "barn owl", which only "barnowl" spelled as one sets right)."""
        if night is None or not night.phase.reading_back:
            self._stop()
            return None
        fix = next((part for part in reply.said if isinstance(part, FixTaken)), None)
        if not self.spelling or self.asking is None or fix is None or fix.team != self.asking.value:
            return None
        self.spelling, self.unclear = False, 0
        return Ask(self.prompt(night))

    def prompt(self, night: Night) -> IsThatRight:
        """The team asked about, with its answer as the read-back says it now."""
        assert self.asking is not None
        answer = night.read_back_of(self.asking)
        return IsThatRight(self.asking, answer)

    def _start(self, night: Night, before: Lead = Lead.NONE) -> Ask | None:
        """The first team asked about, after `before`; None when no team has an answer to ask about."""
        teams = list(night.answering())
        if not teams:
            return None
        self.asking, self.left, self.unclear = teams[0], tuple(teams[1:]), 0
        question = self.prompt(night)
        return Ask(Prefaced(before, question) if before is not Lead.NONE else question)

    def _next(self, night: Night) -> Ask | None:
        """The next team asked about; None, the checking done, when every team has said yes."""
        self.yes_asked, self.unclear = False, 0
        if not self.left:
            self._stop()
            return None
        self.asking, self.left = self.left[0], self.left[1:]
        return Ask(self.prompt(night))

    def _stop(self) -> None:
        self.asking, self.left, self.spelling, self.yes_asked = None, (), False, False
        self.not_made_out = self.unclear = 0


def _made_out(words: str, night: Night) -> bool:
    """Words a loud room's read-back can act on: a yes, a no, words opening with a playing team's name (its
    spelled fix), a dispute or a command. Letters without such a name are not made out: of the 17 a loud
    room asked "whose spelling was that?" about over the simulated table's nights (scripts/bench_table.py),
    12 were a "no" or "that's right" heard as babble's letters ("oh mike", "romeo alfa") and 4 a spelling
    whose letters were lost with its name ("Ghosts. S, O, N, A, R." as "n i"); one came out right."""
    said = without_stray_name(words.split(), night)
    if len(said) == 1 and Team.from_name(said[0]) is not None:
        return False  # a name alone says nothing the read-back takes ("no" heard as "owls")
    if not said or Team.from_name(said[0]) in night.teams:
        return True
    return not isinstance(intent.read(" ".join(said), night), intent.Continue)
