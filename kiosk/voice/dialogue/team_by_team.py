"""A loud room's read-back checked one team at a time, once the table says no to it: in babble a whole
spelling and its team's name are lost too often (decision 0004). A no to one team takes its word one letter
at a time (letter_by_letter.py), a Candle-End year one digit at a time; a yes to every team is the
read-back's yes. A spelling after a team's name, a dispute or a command leaves the checking.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kiosk.engine import intent
from kiosk.engine.commands import is_no, is_yes
from kiosk.engine.night import Night, Phase
from kiosk.engine.reply import Reply
from kiosk.engine.said import FixTaken
from kiosk.engine.teams import Team
from kiosk.engine.text import words_of
from kiosk.voice.dialogue.answer_words import without_stray_name
from kiosk.voice.dialogue.answering import Answerers, Ask
from kiosk.voice.dialogue.confirming import Confirming
from kiosk.voice.dialogue.letter_by_letter import Unit
from kiosk.voice.dialogue.policy import Act, Slot
from kiosk.voice.dialogue.prompts import IsThatRight, Lead, NotCaught, Prefaced
from kiosk.voice.dialogue.read_back_yes import locking_yes
from kiosk.voice.dialogue.yes_or_no import refuses
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.tuning import TUNING


@dataclass
class TeamByTeam:
    """The team whose answer the kiosk has asked about, and the teams still to ask."""

    asking: Team | None = None
    left: tuple[Team, ...] = ()
    spelling: bool = False
    """The team asked about said no: its word is being spelled one letter at a time."""
    yes_asked: Confirming[Team] = field(default_factory=lambda: Confirming[Team](Slot.TEAM_CHECK))
    """The team whose yes other than SURE_YES was asked about: its next yes is taken."""
    not_made_out: int = 0
    """Read-back words in a row not made out: at TUNING.confirming.read_back_missed, teams are asked about."""
    unclear: int = 0
    """Replies in a row to the team asked about that the kiosk could not make out (_unclear)."""

    @property
    def asks(self) -> bool:
        """A team's answer was asked about: its yes or no is heard through the one-letter list, since the
        read-back list's single letters often take a "no" (decision 0018, read_back_missed)."""
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
            # The reply to "whose was that?" (whose.py): its no is to the team offered, not the read-back.
            return None
        words = words_of(heard.text)
        if self.spelling:
            # The word one letter at a time ended some other way (its fix not taken): the read-back goes on.
            self._stop()
        if self.asking is None:
            missed, self.not_made_out = self.not_made_out, 0
            said_no = refuses(words) or is_no(words)
            if answerers.offered is not None:
                return None
            if not loud:
                # A quiet room keeps the promise a loud one made tonight, and checks when no after no is no fix.
                return self._start(night) if said_no and answerers.no_checks_each_team else None
            if not said_no:
                # Any no starts the checking, as promised: a yes heard as "not right" is then asked again.
                if not _made_out(words, night):
                    self.not_made_out = missed
                    return self._not_made_out(night)
                return None
            return self._start(night)
        if is_yes(words):
            # Asked for "that's right" whatever the room has become since the checking began.
            reading = locking_yes(heard, loud=True)
            if self.yes_asked.rule_on(self.asking, reading) is Act.ASK_IF_YES:
                return Ask(Prefaced(Lead.WAS_THAT_A_YES, self.prompt(night)))
            return self._next(night) or "yes"
        if refuses(words):
            return self._spell(night, answerers)
        if not _made_out(words, night):
            return self._unclear(night, answerers)  # most often a yes or no the room garbled
        self._stop()
        return None

    def again(self, night: Night | None, answerers: Answerers, loud: bool) -> Ask | None:
        """The question again, after a reply to it heard as no word; None when none is asked. Before any team
        is asked about, such a reply is one not made out, or a no heard as nothing would be asked for ever."""
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
        self.not_made_out += 1
        if self.not_made_out < TUNING.confirming.read_back_missed:
            return Ask(NotCaught(loud=True))
        return self._start(night, Lead.EACH_IN_TURN)

    def _unclear(self, night: Night, answerers: Answerers) -> Ask:
        """A reply not made out: the question again, or at TUNING.confirming.read_back_missed in a row a no,
        since a "No." the room garbles again and again would keep a wrong answer from being spelled."""
        self.unclear += 1
        if self.unclear < TUNING.confirming.read_back_missed:
            return Ask(Prefaced(Lead.SORRY, self.prompt(night)))
        opening = self._spell(night, answerers)
        return Ask(Prefaced(Lead.TAKEN_AS_NO, opening.prompt))

    def _spell(self, night: Night, answerers: Answerers) -> Ask:
        """The team asked about said no: its word one letter at a time (a year, one digit at a time)."""
        assert self.asking is not None
        self.spelling, self.unclear = True, 0
        unit = Unit.DIGIT if night.phase is Phase.CANDLE_READBACK else Unit.LETTER
        return answerers.spell_by_letter(self.asking, unit)

    def left_as_it_was(self, night: Night | None, unit: Unit, said: Ask) -> Ask:
        """The word of the team asked about, spelled one letter at a time, was left as it was (`said`, the
        read-back's question again): the same team is asked about again, not the read-back from the first."""
        if not self.spelling or self.asking is None or night is None or not night.phase.reading_back:
            return said
        self.spelling, self.unclear = False, 0
        self.yes_asked.clear()
        return Ask(Prefaced(Lead.YEAR_LEFT if unit.year else Lead.WORD_LEFT, self.prompt(night)))

    def after(self, night: Night | None, reply: Reply) -> Ask | None:
        """After the host took the word spelled one letter at a time: the same team asked about again, its
        answer as it now stands (a fix replaces one word, which may not yet set the answer right)."""
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
        self.unclear = 0  # the yes was taken: nothing asked about waits
        if not self.left:
            self._stop()
            return None
        self.asking, self.left = self.left[0], self.left[1:]
        return Ask(self.prompt(night))

    def _stop(self) -> None:
        self.asking, self.left, self.spelling = None, (), False
        self.yes_asked.clear()
        self.not_made_out = self.unclear = 0


def _made_out(words: str, night: Night) -> bool:
    """Words a loud room's read-back can act on: a yes, a no, words opening with a playing team's name (its
    spelled fix), a dispute or a command; letters without such a name are most often a garbled yes or no."""
    said = without_stray_name(words.split(), night)
    if len(said) == 1 and Team.from_name(said[0]) is not None:
        return False  # a name alone says nothing the read-back takes ("no" heard as "owls")
    if not said or Team.from_name(said[0]) in night.teams:
        return True
    return not isinstance(intent.read(" ".join(said), night), intent.Continue)
