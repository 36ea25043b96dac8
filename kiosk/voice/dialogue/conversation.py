"""What the kiosk makes of each utterance: the message the host is told, or the kiosk's own question while
it is unsure what was meant or whose; and what it asks after the host's reply. The voice loop (kiosk.py)
hears; this decides, holding what the kiosk has said back and waits to hear confirmed."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from kiosk.engine.cells import Cell
from kiosk.engine.night import Night, Phase
from kiosk.engine.reply import Reply
from kiosk.records.foreign_saves import LEAVE_IT, TAKE_IT
from kiosk.voice.dialogue.answering import Answerers, Ask
from kiosk.voice.dialogue.confirming import Confirming
from kiosk.voice.dialogue.counting import Counts
from kiosk.voice.dialogue.doubt import meaning
from kiosk.voice.dialogue.leaving import Leaving
from kiosk.voice.dialogue.letter_by_letter import LetterByLetter, a_sure_no, letter_or_no
from kiosk.voice.dialogue.picking import Picks
from kiosk.voice.dialogue.policy import Act, Slot, read
from kiosk.voice.dialogue.prompts import (
    SAVE_AGAIN,
    SAVE_NO,
    SAVE_YES,
    Fixed,
    Lead,
    NotCaught,
    NotSureOfYes,
    Prefaced,
    YourAnswer,
)
from kiosk.voice.dialogue.read_back_yes import read_back_reading
from kiosk.voice.dialogue.state import (
    AskingWhose,
    Base,
    CallingTeam,
    CheckingTeam,
    CountSaidBack,
    HostLed,
    LeavingSaidBack,
    Node,
    OneAtATime,
    Picking,
    PickSaidBack,
    ReadingBack,
    SaveHeld,
    heard_with,
)
from kiosk.voice.dialogue.team_by_team import TeamByTeam
from kiosk.voice.dialogue.voting import Votes, a_teams_yes
from kiosk.voice.heard import Turn, Typed
from kiosk.voice.hearing.listening import Expecting, Listening
from kiosk.voice.sound.asr import Utterance

_OVER = (Phase.NO_KEY, Phase.OVER)


@dataclass
class Conversation:
    """The kiosk's side of the talk with the table, between utterances."""

    confirm_picks: bool = True
    """Say back a pick the kiosk is unsure of (a sound-alike letter, a loud room, a command as likely) and wait
    for a yes (picking.py)."""
    keyboard: bool = False
    """A table screen's keyboard can type into the night (answering.py)."""
    answerers: Answerers = field(init=False)
    picks: Picks = field(init=False)
    counts: Counts = field(init=False, default_factory=Counts)
    votes: Votes = field(init=False, default_factory=Votes)
    leaving: Leaving = field(init=False, default_factory=Leaving)
    checking: TeamByTeam = field(init=False, default_factory=TeamByTeam)
    saving: Confirming[bool] = field(init=False, default_factory=lambda: Confirming[bool](Slot.SAVE))
    _yes_asked: Confirming[int] = field(init=False, default_factory=lambda: Confirming[int](Slot.READ_BACK))
    """The turn at which a yes to the read-back was asked about: it waits until the host next replies."""
    _nothing_asked: bool = field(init=False, default=False)
    """The last words asked again after a reply heard as no word: the next such is the room's noise."""

    def __post_init__(self) -> None:
        self.picks = Picks(confirm=self.confirm_picks)
        self.answerers = Answerers(keyboard=self.keyboard)

    def message(
        self,
        heard: Utterance,
        way: Listening,
        night: Night | None,
        turns: list[Turn],
        loud: bool,
        held: bool = False,
    ) -> str | Ask:
        """What the host is told, or the kiosk's own question when it is unsure what was meant or whose;
        `held`: the table holds a question of its own for a yes or a no (Expectation.held)."""
        nothing, self._nothing_asked = self._nothing_asked, False
        self.answerers.letters_doubted = heard.letters_doubted  # told after the host's reply to the fix
        if isinstance(heard, Typed):
            return self._typed(heard)
        sure_no = a_sure_no(heard)  # a no that refuses the letter it takes back
        if way.one_at_a_time:
            heard = replace(heard, text=letter_or_no(heard))
        if not heard.text and way is not Listening.WHOSE:
            # A reply heard as no word (Hearing.not_caught): asked again, once.
            self._nothing_asked = not nothing
            return self._not_heard(night, loud, held)
        if held:
            return self._save_reply(heard, loud)
        left = self.leaving.take(heard, night, loud)  # a team may leave at any node
        if left is not None:
            return left
        if night is not None and self._a_pick(heard, way, night):  # at any node heard between questions
            return self.picks.take(heard, night.board, loud=loud or night.phase is Phase.VOTING)
        self.picks.confirming.clear()  # a pick said back is confirmed by the next words, or not at all
        by_letter = self.answerers.by_letter
        said: str | Ask | None = None
        match self.node(night):
            case AskingWhose() | OneAtATime():  # whose words, or a letter: the answerers' alone
                said = self._answered(heard, night, sure_no)
            case CheckingTeam() | ReadingBack():  # a team's answer checked, or the read-back's yes, first
                said = self.checking.take(heard, night, self.answerers, loud)
                if said is None:
                    said = self._read_back_yes(heard, way, turns, loud)
        if said is None:  # the host's own question at any other node: the count, the vote or the answers
            said = self.counts.take(heard, night, loud) or self.votes.take(heard, night)
            said = said or self._answered(heard, night, sure_no)
        return self._after_letter(night, by_letter, said) if isinstance(said, Ask) else said

    def _answered(self, heard: Utterance, night: Night | None, sure_no: bool) -> str | Ask:
        return self.answerers.take(
            heard.text, night, heard.hidden, under_way=heard.under_way, sure_no=sure_no
        )

    def _typed(self, typed: Typed) -> str:
        """A message typed at the table screen, taken as typed: nothing said back or asked waits any more."""
        self.leaving.confirming.clear()
        self.picks.confirming.clear()
        self.counts.clear()
        self.answerers.by_letter = None  # a word spelled one letter at a time is left
        self.checking = TeamByTeam()  # and the teams' answers asked about one at a time
        return typed.text

    def _a_pick(self, heard: Utterance, way: Listening, night: Night) -> bool:
        """The picks' to take: between questions while a team picks, or a pick during a vote, which ends it
        and reads its cell (the card's END), so it is said back in any room."""
        if way is not Listening.BETWEEN_QUESTIONS or night.phase not in (Phase.PICK, Phase.VOTING):
            return False
        if night.phase is Phase.PICK:
            return True
        found = meaning(heard.text) or ""
        said_back = self.picks.waiting is not None and not a_teams_yes(heard.text)
        return said_back or Cell.parse(found) is not None or found == "pass"

    def _read_back_yes(self, heard: Utterance, way: Listening, turns: list[Turn], loud: bool) -> Ask | None:
        """A yes to the read-back the policy asks about before it locks the answers; None to go on. Once asked
        since the host last replied, the next yes is meant; once a plain yes was asked for, a plain yes is sure."""
        reading = read_back_reading(heard, way, loud and not self.answerers.plain_yes_asked)
        if reading is None:
            return None
        at = self._yes_asked.waiting
        if at is not None and any(turn.reply is not None for turn in turns[at:]):
            self._yes_asked.clear()  # the host has replied since: the next yes is no reply to the asking
        if self._yes_asked.rule_on(len(turns), reading) is not Act.ASK_IF_YES:
            return None
        return Ask(NotSureOfYes(loud))

    def _save_reply(self, heard: Utterance, loud: bool) -> str | Ask:
        """The table's yes or no to a save from elsewhere, ruled by the policy. Other words ask again: the
        table's check would let the save go at the second, and a room's words must not."""
        act = self.saving.rule_on(True, read(heard, loud))
        asked = {Act.ASK_IF_YES: SAVE_YES, Act.ASK_IF_NO: SAVE_NO, Act.NOT_HEARD: SAVE_AGAIN}.get(act)
        if asked is not None:
            return Ask(asked)
        return TAKE_IT if act is Act.TAKE else LEAVE_IT

    def node(self, night: Night | None, save_held: bool = False) -> Node:
        """Where the talk stands: a question the table holds first, then what the kiosk leads, then what the
        host expects."""
        if save_held:
            return SaveHeld()
        held, by_letter = self.answerers.holding, self.answerers.by_letter
        if held is not None:
            return AskingWhose(held.teams)
        if by_letter is not None:
            return OneAtATime(by_letter.team, by_letter.unit)
        base = self._base(night)
        if self.picks.waiting is not None:
            return PickSaidBack(self.picks.waiting, base)
        if self.counts.waiting is not None:
            return CountSaidBack(self.counts.waiting, base)
        if self.leaving.waiting is not None:
            return LeavingSaidBack(self.leaving.waiting, base)
        return base

    def _base(self, night: Night | None) -> Base:
        if self.checking.asks and self.checking.asking is not None:
            return CheckingTeam(self.checking.asking)
        if night is not None and night.phase.reading_back:
            return ReadingBack()
        if self.answerers.calling is not None:
            return CallingTeam(self.answerers.calling)
        if night is not None and night.voice and night.phase is Phase.PICK:
            return Picking()
        return HostLed()

    def listening(self, host: Expecting, night: Night | None) -> Listening:
        return heard_with(self.node(night, host.listening_for().held), host)

    def awaits(self, night: Night | None) -> bool:
        """The kiosk waits on the table's reply to what it said last; not after asking again about no word."""
        return not self._nothing_asked and night is not None and night.voice and night.phase not in _OVER

    def _not_heard(self, night: Night | None, loud: bool, save_held: bool) -> Ask:
        """The kiosk's words again, after a reply to them heard as no word."""
        match self.node(night, save_held):
            case SaveHeld() | AskingWhose():
                return Ask(Fixed.SAY_IT_AGAIN)
            case OneAtATime():
                by_letter = self.answerers.by_letter
                return self._after_letter(night, by_letter, self.answerers.letter_missed())
            case PickSaidBack():
                return self.picks.again(night.board if night is not None else None)
            case CountSaidBack():
                return self.counts.again()
            case LeavingSaidBack():
                return self.leaving.again()
            case CheckingTeam() | ReadingBack():
                return self.checking.again(night, self.answerers, loud) or Ask(NotCaught(loud))
            case CallingTeam(team=team):
                return Ask(Prefaced(Lead.SORRY, YourAnswer(team)))
            case Picking() if night is not None:
                other_way = self.picks.missed(night)
                if other_way is not None:
                    return Ask(Prefaced(Lead.SORRY, other_way.prompt))
        return Ask(Fixed.SAY_IT_AGAIN)

    def _after_letter(self, night: Night | None, by_letter: LetterByLetter | None, said: Ask) -> Ask:
        """The kiosk's words after a reply to a word spelled one letter at a time (`by_letter`, as it was
        before it): a word left in a loud room's checking asks about the same team again (team_by_team.py)."""
        if by_letter is None or self.answerers.by_letter is not None:
            return said
        return self.checking.left_as_it_was(night, by_letter.unit, said)

    def after(self, night: Night | None, reply: Reply, message: str, loud: bool) -> Ask | None:
        answered = self.answerers.after(night, reply, loud=loud)
        checked = self.checking.after(night, reply)
        # The picks are told of every reply, since picks missed count only in a row.
        picked = self.picks.after(night, message)
        return checked or answered or picked
