"""The host of Snap-Apple Night: the front door to the night and the card's rules.

`Host.hear(message)` reads the message into an intent, steps the night by the card section the intent and
phase call for, and says the reply from the facts the step returned. There is no I/O here: same key and
messages in, same replies out. A message that breaks a rule midway leaves the night as it was.

`HANDLERS` below is the table of contents: what each phase of the night does with what the table said.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from kiosk import cartridge as card
from kiosk.engine import collecting, comings, endgame, naming, picking, questions, readback, resuming
from kiosk.engine import intent as i
from kiosk.engine.by import By
from kiosk.engine.commands import Command
from kiosk.engine.facts import (
    CarriedOn,
    Fact,
    NightEnded,
    Note,
    Noted,
    Part,
    PickPrompt,
    QuestionRead,
    RuleRead,
    SaveShown,
    TiebreakRead,
    TooLong,
)
from kiosk.engine.key import Key
from kiosk.engine.keysource import KeySource
from kiosk.engine.kiosk_lines import after_card_line
from kiosk.engine.ledger import Ledger, TeamScore
from kiosk.engine.listening import Expectation, listening_for
from kiosk.engine.night import End, Night, Phase
from kiosk.engine.reply import Reply
from kiosk.engine.said import NoKeyToPlay, Remark, Said, lines_of
from kiosk.engine.save import Save
from kiosk.engine.say import NO_KEY_WHY, NOT_SEALED_COMMITMENT, PRACTICE_NIGHT, Wording
from kiosk.engine.teams import Team

__all__ = ["HANDLERS", "By", "Host", "KeySource", "Night", "Phase"]

Handler = Callable[[Night, Key, i.Intent], list[Fact]]


class Host:
    """Hosts one night on one key. Build it, take `opening()`, then `hear()` each message."""

    def __init__(self, key: Key | None, *, source: KeySource = KeySource.FILE, voice: bool = False) -> None:
        self.key = key
        self.source = source
        self.night = Night(phase=Phase.TEAMS if key is not None else Phase.NO_KEY, voice=voice)
        self.failures = 0
        """Messages that broke an internal rule and were refused with the night restored (should stay 0)."""

    # --- the public face ---------------------------------------------------------------------------------

    def opening(self) -> Reply:
        if self.key is None:
            return self._no_key()
        lines = [PRACTICE_NIGHT] if self.source is KeySource.PRACTICE else []
        commitment = card.NOTICE.commitment if self.source is KeySource.SEALED else self.key.commitment
        lines.append(card.OPENING.format(commitment=commitment))
        if commitment != card.NOTICE.commitment:
            lines.append(NOT_SEALED_COMMITMENT[self.source])
        return self._reply((Remark.of(*lines),))

    def hear(self, message: str, by: By = By.TABLE) -> Reply:
        """One table message in, one reply out: read -> step -> say, worded for the way the message came in
        (`by`). The night survives any message."""
        if self.key is None:
            return self._no_key()
        before = self.night.copy()
        try:
            intent = i.read(message, self.night)
            facts = step(self.night, self.key, intent)
            return self._say(facts, by)
        except Exception:
            logging.getLogger(__name__).exception("A rule broke on %r; the night is restored", message)
            self.night = before
            self.failures += 1
            return self._say([Noted(Note.FAULT), Part.PROMPT], by)

    def carry_on(self) -> Reply:
        """A kept night taken up again: where it stood, said afresh (the open question read again, the
        read-back, or whose pick it is), never the last reply alone."""
        if self.key is None:
            return self._no_key()
        return self._say([CarriedOn(self.night.board.played_count()), *where_we_are(self.night, self.key)])

    def listening_for(self) -> Expectation:
        """What the host expects to hear next: for a voice loop choosing how to listen."""
        return listening_for(self.night)

    def set_voice(self, voice: bool) -> None:
        """The table plays by voice (or by typing) from now on."""
        self.night.voice = voice

    def ledger(self) -> Ledger:
        night = self.night
        if night.solo:
            scores: tuple[TeamScore, ...] = (TeamScore("You", night.score(Team.YOU)),)
        else:
            scores = tuple(TeamScore(t.value, night.score(t), t in night.out) for t in night.teams)
        in_candle = night.phase in (Phase.CANDLE, Phase.CANDLE_READBACK)
        return Ledger(
            q=night.board.played_count(),
            open=night.open_id,
            got=tuple(team.value for team in night.got()),
            pick=night.picker.value if night.picker and night.end is None else None,
            rows=night.board.rows(),
            scores=scores,
            ce=tuple(t.value for t in night.tied) if in_candle else None,
        )

    def save(self) -> Save:
        return resuming.save_of(self.night)

    def resumable_save(self) -> str | None:
        """The save block of the night as it stands, when it stands between questions; else None."""
        night = self.night
        if night.picker is None or night.end is not None or not night.between_questions:
            return None
        return self.save().block()

    def board_lines(self) -> list[str]:
        assert self.key is not None
        return Wording(self.night, self.key, self.source, self.night.voice).board_lines()

    # --- saying ------------------------------------------------------------------------------------------

    def _say(self, facts: Sequence[Fact], by: By = By.TABLE) -> Reply:
        assert self.key is not None
        said = Wording(self.night, self.key, self.source, by.spoken(self.night.voice)).said(facts)
        block = next((fact.block for fact in facts if isinstance(fact, SaveShown)), None)
        over = any(isinstance(fact, NightEnded) for fact in facts)
        return self._reply(said, save_block=block, over=over)

    def _no_key(self) -> Reply:
        here = after_card_line(card.NO_KEY, self.night.voice)
        return self._reply((NoKeyToPlay(lines_of(card.NO_KEY, *here, NO_KEY_WHY[self.source])),), over=True)

    def _reply(self, said: Sequence[Said], *, save_block: str | None = None, over: bool = False) -> Reply:
        return Reply(tuple(said), self.ledger(), save_block=save_block, over=over)


# --- stepping: the intent, by phase ----------------------------------------------------------------------


def step(night: Night, key: Key, intent: i.Intent) -> list[Fact]:
    """Change the night by what the table meant; return the facts to say."""
    anytime = _anytime(night, key, intent)
    if anytime is not None:
        return anytime
    return HANDLERS[night.phase](night, key, intent)


def _anytime(night: Night, key: Key, intent: i.Intent) -> list[Fact] | None:
    """What means the same in every phase of play."""
    match intent:
        case _ if night.phase is Phase.OVER:
            return [Noted(Note.NIGHT_OVER)]
        case TooLong():
            return [intent, Part.PROMPT]
        case i.Plain.LEDGER_ONLY:
            return [Noted(Note.LEDGER_TYPED), Part.PROMPT]
        case i.Resume(text):
            return resuming.resume(night, key, text)
        case i.SwitchMode(voice):
            night.voice = voice
            return [Noted(Note.VOICE_ON if voice else Note.TYPING_ON), Part.PROMPT]
        case i.Do(Command.HELP):
            return [Part.HELP, Part.PROMPT]
        case i.MoveTeam(team, movement):
            return comings.move(night, key, team, movement)
        case i.JoinTeam(who, team):
            return comings.join(night, who, team)
        case i.Asked(question):
            return questions.answer(night, question)
        case RuleRead():
            return questions.read_rule(night, intent)
        case i.Plain.ARGUING:
            return [Noted(Note.ARGUING), Part.PROMPT]
    return None


def where_we_are(night: Night, key: Key) -> list[Fact]:
    """The night as it stands, said again: for a night carried on after the kiosk stopped."""
    if night.phase is Phase.OVER:
        return [Noted(Note.NIGHT_OVER)]
    if night.phase in (Phase.TEAMS, Phase.VOTING):
        return [Part.PROMPT]
    if night.phase is Phase.PICK:
        return [Part.SCORES, PickPrompt()]
    tiebreak = night.open_tiebreak
    if tiebreak is not None:
        read: Fact = TiebreakRead(night.tied, tiebreak, key.tiebreaks[tiebreak.value].question)
    else:
        assert night.open_cell is not None
        read = QuestionRead(night.open_cell)
    return [Part.SCORES, read, Part.PROMPT]


def _teams(night: Night, key: Key, intent: i.Intent) -> list[Fact]:
    if isinstance(intent, i.TeamCount):
        return naming.name_teams(night, intent.count)
    return [Part.PROMPT]


def _between(night: Night, key: Key, intent: i.Intent) -> list[Fact]:
    match intent:
        case i.Do(Command.SAVE):
            return [SaveShown(resuming.save_of(night).block())]
        case i.Do(Command.BOARD):
            return [Part.BOARD, PickPrompt()]
        case i.Do(Command.REPEAT):
            return [Noted(Note.NO_QUESTION_OPEN), PickPrompt()]
        case i.Do(Command.END):
            return picking.start_voting(night)
        case i.PickCell(cell, by):
            return picking.pick(night, cell, by)
        case i.Plain.NAME_ALONE:
            return [Noted(Note.NAME_ALONE), PickPrompt()]
        case i.Plain.COUNT_UNSURE:
            return [Noted(Note.SAY_TEAMS), PickPrompt()]
        case i.TeamCount(count):
            return naming.name_teams(night, count)
        case i.Plain.DISPUTE_NOT_NOW:
            return [Noted(Note.DISPUTE_WHEN), PickPrompt()]
        case i.Plain.TEAMS_FIXED:
            return [Noted(Note.TEAMS_FIXED), PickPrompt()]
    return [Noted(Note.NOT_UNDERSTOOD), PickPrompt()]


def _voting(night: Night, key: Key, intent: i.Intent) -> list[Fact]:
    """Yes by name from every playing team ends the night; a no, or anything else, goes on."""
    match intent:
        case i.VoteYes(teams):
            if picking.vote_yes(night, teams):
                return endgame.finale(night, End.CLOSED)
            return [Part.VOTES]
        case i.Plain.UNNAMED_YES:
            return [Noted(Note.VOTES_BY_NAME), Part.VOTES]
        case i.Plain.VOTE_NO | i.Plain.UNCLEAR:
            # Words not understood end the vote as a no does, and are told so: "nothing has changed" is untrue.
            picking.stop_voting(night)
            return [Noted(Note.NIGHT_GOES_ON), PickPrompt()]
    picking.stop_voting(night)
    return _between(night, key, intent)


def _collecting(night: Night, key: Key, intent: i.Intent) -> list[Fact]:
    match intent:
        case i.Do(Command.REPEAT):
            return [Part.QUESTION]
        case i.Do(Command.BOARD):
            return [Part.BOARD, Part.PROMPT]
        case i.Do(Command.SAVE) if night.between_questions:
            return [SaveShown(resuming.save_of(night).block()), Part.QUESTION]
        case i.Do(Command.SAVE):
            return [Noted(Note.SAVE_NOT_NOW), Part.PROMPT]
        case i.Do(Command.END):
            return [Noted(Note.END_NOT_NOW), Part.PROMPT]
        case i.SpelledFix(team, word):
            return readback.fix(night, team, word)
        case i.Dispute(team):
            return readback.dispute(night, team)
        case i.NextPick(cell):
            return [*picking.name_next(night, cell), Part.PROMPT]
        case i.Answers(pieces):
            return collecting.collect(night, key, pieces)
        case i.Plain.START_WITH_TEAM:
            return [Noted(Note.START_WITH_TEAM)]
        case i.Plain.STALL:
            return [Noted(Note.STALL_LOCKS_NOTHING), Part.PROMPT]
        case i.Plain.DISPUTE_NOT_NOW:
            return [Noted(Note.DISPUTE_WHEN), Part.PROMPT]
    return [Part.PROMPT]


def _reading_back(night: Night, key: Key, intent: i.Intent) -> list[Fact]:
    years = night.phase is Phase.CANDLE_READBACK  # a year is fixed by its digits, not spelled
    match intent:
        case i.Plain.CONFIRM:
            return readback.confirm(night, key)
        case i.Plain.DENY:
            return [Noted(Note.FIX_YEAR_HOW if years else Note.FIX_HOW), Part.PROMPT]
        case i.Continue(words):
            return readback.continue_last(night, words)
        case i.Plain.LATE_ANSWER:
            return [Noted(Note.FIRST_YEAR_COUNTS if years else Note.FIRST_ANSWER_COUNTS), Part.PROMPT]
        case i.Plain.UNCLEAR:
            return [Noted(Note.SAY_YES_OR_FIX_YEAR if years else Note.SAY_YES_OR_FIX), Part.PROMPT]
    return _collecting(night, key, intent)


def _over(night: Night, key: Key, intent: i.Intent) -> list[Fact]:
    return [Noted(Note.NIGHT_OVER)]


HANDLERS: dict[Phase, Handler] = {
    Phase.NO_KEY: _over,
    Phase.TEAMS: _teams,
    Phase.PICK: _between,
    Phase.VOTING: _voting,
    Phase.QUESTION: _collecting,
    Phase.READBACK: _reading_back,
    Phase.CANDLE: _collecting,
    Phase.CANDLE_READBACK: _reading_back,
    Phase.OVER: _over,
}
