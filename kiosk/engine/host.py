"""The host of Snap-Apple Night: the night's state and the card's rules, and nothing else.

`Host.hear(message)` takes one table message (typed, or one recognised utterance in voice mode) and returns
one `Reply`. There is no I/O here: same key and messages in, same replies out.

Phases of a night::

    NO_KEY                      (Rules 2-3: the key was not whole; every reply is the Rule 2 line)
    TEAMS -> PICK <-> QUESTION [-> READBACK by voice] -> ... -> CANDLE [-> READBACK] -> OVER
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from kiosk import cartridge as card
from kiosk.engine import commands as talk
from kiosk.engine.board import CELL_IDS, Board
from kiosk.engine.commands import Command, Movement, Topic
from kiosk.engine.key import Key
from kiosk.engine.labels import ALL, typed_labels, voice_labels
from kiosk.engine.ledger import Ledger, TeamScore, is_ledger_line
from kiosk.engine.matching import rule
from kiosk.engine.numbers import parse_year
from kiosk.engine.phrase import Outcome, Phrase, extract
from kiosk.engine.picks import ANY_CELL, parse_pick
from kiosk.engine.reply import Line, Reply
from kiosk.engine.save import CandleEndMark, ForeignSave, Save, SaveError, holds_save, parse_save
from kiosk.engine.spelling import closest_word, spelled_word
from kiosk.engine.teams import TEAM_ORDER, Team, join_names

_SOLO_LABEL = re.compile(r"^\s*(?:\*\*)?(?:you|all|me)(?:\*\*)?\s*[:,\-–—](?:\*\*)?\s*(?=\S)", re.IGNORECASE)
MAX_MESSAGE = 4000
"""Characters: a longer message is refused whole rather than half read."""


class Phase(enum.Enum):
    NO_KEY = "no key"
    TEAMS = "teams"
    PICK = "pick"
    QUESTION = "question"
    READBACK = "read-back"
    CANDLE = "candle-end"
    OVER = "over"


class KeySource(enum.Enum):
    PRACTICE = "practice"
    """The practice key bundled with the kiosk: announced as such, never as the sealed key."""
    FILE = "file"
    """A key file the table gave; its commitment is computed from its bytes."""
    SEALED = "sealed"
    """The sealed key fetched from the notice's address; the commitment is the notice's."""


class End(enum.Enum):
    PLAYED = "played"
    CLOSED = "closed"


@dataclass(frozen=True)
class Answer:
    """A team's answer to the open question (or Candle-End year), as it stands."""

    text: str
    phrase: Phrase
    year: int | None = None

    @property
    def locked(self) -> bool:
        return self.phrase.outcome is not Outcome.NOTHING


@dataclass(frozen=True)
class Fix:
    """A spelled fix by voice, kept so that another team can undo it."""

    team: Team
    index: int
    before: str


@dataclass
class Night:
    """Everything the host remembers. The ledger and a save are views of this."""

    phase: Phase = Phase.TEAMS
    voice: bool = False
    teams: tuple[Team, ...] = ()
    out: set[Team] = field(default_factory=set)
    board: Board = field(default_factory=Board)
    picker: Team | None = None
    open: str | None = None
    """The open cell, or TB1/TB2 in the Candle-End."""
    answers: dict[Team, Answer] = field(default_factory=dict)
    next_pick: str | None = None
    """A cell the next picker named while a question was open; read after the ruling."""
    last_named: Team | None = None
    fixes: list[Fix] = field(default_factory=list)
    end_votes: set[Team] | None = None
    tied: tuple[Team, ...] = ()
    """Teams still level in the Candle-End."""
    tiebreaks_read: int = 0
    questions_read: int = 0
    """Questions read in this sitting: a save is read only before the first."""
    end: End | None = None

    def clear_answers(self) -> None:
        """Forget the answers, fixes and last-named team of a question that is over or about to begin."""
        self.answers = {}
        self.fixes = []
        self.last_named = None

    def copy(self) -> Night:
        """A copy to restore if a message breaks a rule midway. Only these parts change in place; the rest
        are immutable values (and a deep copy would cost more than the message itself)."""
        return replace(
            self,
            out=set(self.out),
            board=self.board.copy(),
            answers=dict(self.answers),
            fixes=list(self.fixes),
            end_votes=None if self.end_votes is None else set(self.end_votes),
        )

    @property
    def solo(self) -> bool:
        return self.teams == (Team.YOU,)

    @property
    def playing(self) -> tuple[Team, ...]:
        return tuple(team for team in self.teams if team not in self.out)

    def score(self, team: Team) -> int:
        return self.board.points_of(team)

    @property
    def turns(self) -> int:
        """Cells ruled, plus Candle-End questions read (the RESULT line's turns)."""
        return self.board.played_count() + self.tiebreaks_read


class Host:
    """Hosts one night on one key. Build it, take `opening()`, then `hear()` each message."""

    def __init__(
        self,
        key: Key | None,
        *,
        source: KeySource = KeySource.FILE,
        voice: bool = False,
    ) -> None:
        self.key = key
        self.source = source
        self.night = Night(phase=Phase.TEAMS if key is not None else Phase.NO_KEY, voice=voice)
        self.failures = 0
        """Messages that broke an internal rule and were refused with the night restored (should stay 0)."""

    # --- the public face ---------------------------------------------------------------------------------

    def opening(self) -> Reply:
        if self.key is None:
            return self._reply([card.NO_KEY], over=True)
        lines = []
        if self.source is KeySource.PRACTICE:
            lines.append(
                "Practice night: this is the kiosk's practice key, not the sealed key of the real Snap-Apple Night."
            )
        commitment = card.NOTICE.commitment if self.source is KeySource.SEALED else self.key.commitment
        lines.append(card.OPENING.format(commitment=commitment))
        return self._reply(lines)

    def hear(self, message: str) -> Reply:
        """One table message in, one reply out. The night survives any message."""
        if self.night.phase is Phase.NO_KEY:
            return self._reply([card.NO_KEY], over=True)
        before = self.night.copy()
        try:
            return self._hear(message)
        except Exception:
            self.night = before
            self.failures += 1
            return self._reply(["I could not follow that message, so nothing has changed.", *self._prompt()])

    def ledger(self) -> Ledger:
        night = self.night
        if night.solo:
            scores: tuple[TeamScore, ...] = (TeamScore("You", night.score(Team.YOU)),)
        else:
            scores = tuple(TeamScore(t.value, night.score(t), t in night.out) for t in night.teams)
        got = tuple(t.value for t in self._answering() if t in night.answers and night.answers[t].locked)
        return Ledger(
            q=night.board.played_count(),
            open=night.open,
            got=got,
            pick=night.picker.value if night.picker and night.end is None else None,
            rows=night.board.rows(),
            scores=scores,
            ce=tuple(t.value for t in night.tied)
            if night.phase is Phase.CANDLE or self._candle_readback()
            else None,
        )

    def save(self) -> Save:
        night = self.night
        assert night.picker is not None
        ce = None
        if night.tied:
            ce = CandleEndMark(night.tied, night.open or f"TB{night.tiebreaks_read + 1}")
        return Save(
            turn=night.board.played_count(),
            teams=night.teams,
            out=frozenset(night.out),
            pick=night.picker,
            rows=night.board.rows(),
            ce=ce,
            scores={team: night.score(team) for team in night.teams},
        )

    def resumable_save(self) -> str | None:
        """The save block of the night as it stands, when it stands between questions; else None."""
        night = self.night
        if night.picker is None or night.end is not None:
            return None
        between = night.phase is Phase.PICK or (night.phase is Phase.CANDLE and not night.answers)
        return self.save().block() if between else None

    # --- building replies --------------------------------------------------------------------------------

    def _reply(
        self, lines: Sequence[str | Line], *, save_block: str | None = None, over: bool = False
    ) -> Reply:
        built = tuple(line if isinstance(line, Line) else Line(line) for line in lines)
        return Reply(lines=built, ledger=self.ledger().format(), save_block=save_block, over=over)

    def _save_reply(self, after: list[str]) -> Reply:
        """The save block, shown and kept but never spoken, then whatever the host is waiting for."""
        block = self.save().block()
        lines: list[str | Line] = [
            "Here is the save. To carry on later, send it before the first question of a new night.",
            Line(block, spoken=False),
            *after,
        ]
        return self._reply(lines, save_block=block)

    def _pick_prompt(self) -> str:
        if self.night.solo:
            return "Pick a category and points, like D3."
        assert self.night.picker is not None
        return f"{self.night.picker.value}, pick a category and points, like D3."

    def _prompt(self) -> list[str]:
        """What the host is waiting for, said again."""
        night = self.night
        if night.phase is Phase.TEAMS:
            return ["Playing solo, or as two, three or four teams?"]
        if night.phase is Phase.PICK:
            if night.end_votes is not None:
                return [self._votes_line()]
            return [self._pick_prompt()]
        if night.phase is Phase.READBACK:
            return [self._readback_line()]
        if night.phase in (Phase.QUESTION, Phase.CANDLE):
            if night.solo:
                return [card.TAKE_YOUR_TIME]
            return [card.STILL_TO_ANSWER.format(teams=join_names(self._still_to_answer()))]
        return []

    def board_lines(self) -> list[str]:
        lines = [card.BOARD_HEADING]
        for category in card.CATEGORIES:
            slots = self.night.board.row(category.letter).replace(".", " ")
            lines.append(f"{category.letter} · {category.title}: {category.blurb}. {slots}")
        return lines

    def _totals(self) -> str:
        """Each team's total, a team that left marked: "Bats 3, Ghosts 2 (out)"."""
        night = self.night
        return ", ".join(
            f"{t.value} {night.score(t)}" + (" (out)" if t in night.out else "") for t in night.teams
        )

    def _scores_line(self) -> str:
        night = self.night
        if night.solo:
            return f"Your total: {night.score(Team.YOU)} out of {card.MAX_TOTAL}."
        return f"Scores: {self._totals()}."

    # --- the dispatcher ----------------------------------------------------------------------------------

    def _hear(self, message: str) -> Reply:
        night = self.night
        if night.phase is Phase.OVER:
            return self._reply(
                ["The night is over, and its RESULT line stands. Start the kiosk again for a new night."]
            )
        text = unicodedata.normalize("NFC", message)
        text = "".join(ch for ch in text if ch in "\n\t" or unicodedata.category(ch)[0] != "C")
        if len(text) > MAX_MESSAGE:
            return self._reply(
                [
                    f"That message is too long for me ({len(text)} characters): send a few words per team.",
                    *self._prompt(),
                ]
            )
        kept = [line for line in text.split("\n") if not is_ledger_line(line)]
        if len(kept) < len(text.split("\n")) and not "".join(kept).strip():
            return self._reply(
                ["I keep the ledger myself: a typed ledger line changes nothing.", *self._prompt()]
            )
        text = "\n".join(kept)
        if holds_save(text):
            return self._resume(text)
        command = talk.parse_command(text)
        if command is Command.VOICE:
            night.voice = True
            return self._reply(
                [
                    "Voice it is. One adult speaks each team's written answer, starting with the team's name. "
                    "I read all the answers back before I rule.",
                    *self._prompt(),
                ]
            )
        if command is Command.TYPING:
            night.voice = False
            return self._reply(
                ["Typing it is: start each answer with its team's name and a colon.", *self._prompt()]
            )
        if night.phase is Phase.TEAMS:
            return self._hear_teams(text)
        move = talk.parse_team_move(text)
        if move is not None:
            return self._team_move(move.team, move.movement)
        latecomer = talk.parse_latecomer(text)
        if latecomer is not None:
            return self._latecomer(*latecomer)
        if night.phase is Phase.PICK:
            return self._hear_pick(text, command)
        if night.phase is Phase.READBACK:
            return self._hear_readback(text, command)
        return self._hear_answers(text, command)

    # --- before play: teams, resume ----------------------------------------------------------------------

    def _hear_teams(self, text: str) -> Reply:
        count = talk.parse_team_count(text)
        if count is None:
            if talk.is_question(text):
                return self._answer_question(text)
            return self._reply(self._prompt())
        if count > len(TEAM_ORDER):
            return self._reply(["Four teams at most: Bats, Ghosts, Owls and Toads.", *self._prompt()])
        night = self.night
        night.teams = (Team.YOU,) if count == 1 else TEAM_ORDER[:count]
        night.picker = night.teams[0]
        night.phase = Phase.PICK
        if night.solo:
            team_line = card.SOLO_LINE
        else:
            team_line = card.TEAMS_LINE.format(
                teams=join_names(night.teams), first=night.teams[0].value, second=night.teams[1].value
            )
        return self._reply([team_line, card.HOW_TO_PLAY, *self.board_lines(), self._pick_prompt()])

    def _resume(self, text: str) -> Reply:
        night = self.night
        if night.questions_read or night.phase not in (Phase.TEAMS, Phase.PICK) or night.board.played_count():
            return self._reply(
                [
                    "A save is read only before the first question, so that one changes nothing.",
                    *self._prompt(),
                ]
            )
        try:
            save = parse_save(text)
        except ForeignSave as error:
            return self._reply(
                [
                    f"That save is not this card's: {error}. It cannot be resumed here; we can play a fresh night.",
                    *self._prompt(),
                ]
            )
        except SaveError as error:
            return self._reply(
                [f"I can't resume that save: {error}. The night goes on as it was.", *self._prompt()]
            )
        night.teams = save.teams
        night.out = set(save.out)
        for letter, slots in save.rows.items():
            night.board.set_row(letter, slots)
        night.picker = save.pick
        night.end_votes = None
        if night.picker in night.out:
            self._pass_pick()
        lines = [f"Save resumed: {save.turn} of {card.CELL_COUNT} cells played.", self._scores_line()]
        if save.ce is not None:
            night.tied = save.ce.teams
            night.tiebreaks_read = 0 if save.ce.question == "TB1" else 1
            return self._read_tiebreak(lines, save.ce.question)
        night.phase = Phase.PICK
        if night.picker is None:
            return self._close_night(lines)
        return self._reply([*lines, self._pick_prompt()])

    # --- between questions -------------------------------------------------------------------------------

    def _hear_pick(self, text: str, command: Command | None) -> Reply:
        night = self.night
        if night.end_votes is not None:
            votes = self._hear_votes(text)
            if votes is not None:
                return votes
        if command is Command.SAVE:
            return self._save_reply([])
        if command is Command.BOARD:
            return self._reply([*self.board_lines(), self._pick_prompt()])
        if command is Command.REPEAT:
            return self._reply(["No question is open.", self._pick_prompt()])
        if command is Command.END:
            night.end_votes = set()
            return self._reply([self._votes_line()])
        cell, labelled_by = self._pick_in(text)
        if cell is not None:
            assert night.picker is not None
            if labelled_by is not None and labelled_by is not night.picker:
                return self._reply([f"It is {night.picker.value}'s pick.", self._pick_prompt()])
            if cell == ANY_CELL:
                cell = night.board.first_free()
                assert cell is not None  # a free cell remains whenever a pick is asked for
            if not night.board.is_free(cell):
                return self._reply([f"{cell} has been played.", self._pick_prompt()])
            return self._open_cell(cell, [])
        if Team.from_name(talk.words_of(text)) is not None:
            return self._reply(["A team name alone is not a pick.", self._pick_prompt()])
        if talk.is_question(text):
            return self._answer_question(text)
        if talk.is_arguing(text):
            return self._reply([card.ARGUING, self._pick_prompt()])
        return self._reply(self._prompt())

    def _pick_in(self, text: str) -> tuple[str | None, Team | None]:
        """A pick the whole message makes, and the team that labelled it if one did."""
        pick = parse_pick(text)
        if pick is not None:
            return pick.cell, None
        if self.night.voice:
            words = talk.words_of(text).split()
            if words and Team.from_name(words[0]) is not None:
                pick = parse_pick(" ".join(words[1:]))
                return (pick.cell, Team.from_name(words[0])) if pick else (None, None)
            return None, None
        lead, parts = typed_labels(text)
        if len(parts) == 1 and not lead.strip() and isinstance(parts[0].who, Team):
            pick = parse_pick(parts[0].text)
            if pick is not None:
                return pick.cell, parts[0].who
        return None, None

    def _open_cell(self, cell: str, lines: Sequence[str | Line]) -> Reply:
        """RESOLUTION 1: mark the cell open, pass the pick on, read Q, stop."""
        assert self.key is not None
        night = self.night
        night.board.slots[cell].open = True
        night.open = cell
        night.clear_answers()
        night.next_pick = None
        night.questions_read += 1
        night.phase = Phase.QUESTION
        self._pass_pick()
        return self._reply([*lines, self._question_text(cell)])

    def _question_text(self, cell: str) -> str:
        assert self.key is not None
        category = card.CATEGORIES["ABCDE".index(cell[0])]
        points = int(cell[1])
        unit = "point" if points == 1 else "points"
        return f"{category.title}, {points} {unit}: {self.key.entries[cell].question}"

    def _pass_pick(self) -> None:
        night = self.night
        playing = night.playing
        if not playing:
            return
        if night.picker is None or night.picker not in night.teams:
            night.picker = playing[0]
            return
        order = night.teams
        start = order.index(night.picker)
        for step in range(1, len(order) + 1):
            candidate = order[(start + step) % len(order)]
            if candidate not in night.out:
                night.picker = candidate
                return

    def _votes_line(self) -> str:
        night = self.night
        if night.solo:
            return "To end the night, say yes."
        waiting = [team for team in night.playing if team not in (night.end_votes or set())]
        return (
            "To end the night, every playing team says yes by name. Still to say yes: "
            f"{join_names(waiting)}. Anything else and the night goes on."
        )

    def _hear_votes(self, text: str) -> Reply | None:
        """Yes by name from every playing team ends the night; a no, or anything else, goes on."""
        night = self.night
        assert night.end_votes is not None
        words = talk.words_of(text)
        if night.solo:
            if talk.is_yes(words):
                return self._close_night([])
            night.end_votes = None
            return None if not talk.is_no(words) else self._reply(["The night goes on.", self._pick_prompt()])
        _, parts = voice_labels(words.split())
        said = [(part.who, part.text.strip()) for part in parts if isinstance(part.who, Team)]
        if not said:
            if talk.is_yes(words):
                return self._reply(["Each team says yes by name, like 'Bats: yes'.", self._votes_line()])
            night.end_votes = None
            return None
        if any(talk.is_no(answer) for _, answer in said):
            night.end_votes = None
            return self._reply(["The night goes on.", self._pick_prompt()])
        if not all(talk.is_yes(answer) for _, answer in said):
            night.end_votes = None
            return None
        night.end_votes |= {team for team, _ in said if team in night.playing}
        if all(team in night.end_votes for team in night.playing):
            return self._close_night([])
        return self._reply([self._votes_line()])

    # --- comings and goings ------------------------------------------------------------------------------

    def _team_move(self, team: Team, movement: Movement) -> Reply:
        night = self.night
        if team not in night.teams:
            return self._reply([f"{team.value} are not playing tonight.", *self._prompt()])
        if movement is Movement.BACK:
            if team not in night.out:
                return self._reply([f"{team.value} are already playing.", *self._prompt()])
            night.out.discard(team)
            if night.picker is None:
                night.picker = team
            return self._reply([f"Welcome back, {team.value}.", *self._prompt()])
        if team in night.out:
            return self._reply([f"{team.value} are already out.", *self._prompt()])
        night.out.add(team)
        if night.end_votes is not None:
            night.end_votes.discard(team)
        lines: list[str | Line] = [
            f"{team.value} are out: they keep their {night.score(team)} points"
            + (" and their locked answer" if team in night.answers and night.answers[team].locked else "")
            + f". Say '{team.value} is back' to bring them back."
        ]
        if not night.playing:
            return self._close_night(lines)
        if night.picker is team:
            self._pass_pick()
        if night.phase is Phase.CANDLE and team in night.tied:
            night.tied = tuple(t for t in night.tied if t is not team)
            if len(night.tied) < 2:
                return self._finale(lines, End.PLAYED)
        if night.phase in (Phase.QUESTION, Phase.CANDLE) and not self._still_to_answer():
            return self._all_answered(lines)
        if (
            night.phase is Phase.PICK
            and night.end_votes is not None
            and night.end_votes >= set(night.playing)
        ):
            return self._close_night(lines)
        return self._reply([*lines, *self._prompt()])

    def _latecomer(self, who: str, team: Team) -> Reply:
        if team not in self.night.teams:
            return self._reply(
                [
                    f"{team.value} are not playing tonight: a latecomer joins one of "
                    f"{join_names(self.night.teams)}.",
                    *self._prompt(),
                ]
            )
        name = (
            who.title()
            if who and who not in ("latecomer", "a latecomer", "someone", "he", "she", "they")
            else ""
        )
        greeting = f"Welcome, {name}: you join {team.value}." if name else f"Welcome to {team.value}."
        return self._reply([greeting, *self._prompt()])

    def _answer_question(self, text: str) -> Reply:
        """Rules, board and score are answered from the card; anything else gets Rule 6."""
        topic = talk.question_topic(text)
        night = self.night
        if topic is Topic.SCORE and night.teams:
            lines: list[str] = [self._scores_line()]
        elif topic is Topic.BOARD:
            lines = self.board_lines()
        elif topic is Topic.PICK and night.picker is not None:
            lines = [f"{night.picker.value} pick next." if not night.solo else "You pick next."]
        elif topic is Topic.RULES:
            lines = [card.HOW_TO_PLAY]
        else:
            return self._reply([card.AFTER_THE_NIGHT])  # Rule 6: said exactly, nothing added
        return self._reply([*lines, *self._prompt()])

    # --- collecting answers (Rule 7) ---------------------------------------------------------------------

    def _answering(self) -> tuple[Team, ...]:
        """Who answers the open question: the playing teams, or in the Candle-End the tied teams."""
        night = self.night
        if night.open is None:
            return ()
        if night.open in ("TB1", "TB2"):
            return night.tied
        return night.playing

    def _still_to_answer(self) -> list[Team]:
        answers = self.night.answers
        return [team for team in self._answering() if not (team in answers and answers[team].locked)]

    def _candle_readback(self) -> bool:
        return self.night.phase is Phase.READBACK and self.night.open in ("TB1", "TB2")

    def _hear_answers(self, text: str, command: Command | None) -> Reply:
        night = self.night
        assert night.open is not None
        if command is Command.REPEAT:
            return self._reply([self._current_question()])
        if command is Command.BOARD:
            return self._reply([*self.board_lines(), *self._prompt()])
        if command is Command.SAVE:
            if night.phase is Phase.CANDLE and not night.answers:
                return self._save_reply([self._current_question()])
            return self._reply(
                [
                    "Save comes between questions: finish this one (answer or pass), then save.",
                    *self._prompt(),
                ]
            )
        if command is Command.END:
            return self._reply(
                ["End the night comes between questions: finish this one first.", *self._prompt()]
            )
        if night.voice:
            fixed = self._hear_fix(text)
            if fixed is not None:
                return fixed
        if night.open not in ("TB1", "TB2"):
            pre = self._pre_pick(text)
            if pre is not None:
                return pre
        return self._collect(text)

    def _current_question(self) -> str:
        assert self.key is not None and self.night.open is not None
        if self.night.open in ("TB1", "TB2"):
            return self.key.tiebreaks[self.night.open].question
        return self.key.entries[self.night.open].question

    def _pre_pick(self, text: str) -> Reply | None:
        """The next picker may name a cell while a question is open; it is read after the ruling."""
        night = self.night
        if night.voice and any(Team.from_name(word) for word in talk.words_of(text).split()):
            return None  # by voice a team name starts an answer
        pick = parse_pick(text)
        if pick is None or pick.cell == ANY_CELL:
            return None
        if not night.board.is_free(pick.cell):
            return self._reply([f"{pick.cell} has been played or is open.", *self._prompt()])
        night.next_pick = pick.cell
        assert night.picker is not None
        return self._reply([f"{pick.cell} comes next, after this question.", *self._prompt()])

    def _collect(self, text: str) -> Reply:
        night = self.night
        if night.voice:
            lead_words, parts = voice_labels(talk.words_of(text).split())
            lead = " ".join(lead_words)
        else:
            lead, parts = typed_labels(text)
        notes: list[str] = []
        question_mark = False
        touched = False

        if night.solo:
            # Solo: the whole message is the answer; a leading "All:" or "You:" is only a label.
            parts_text = _SOLO_LABEL.sub("", text if not night.voice else talk.words_of(text), count=1)
            if talk.is_question(text) and talk.question_topic(text) is not None:
                return self._answer_question(text)
            touched = True
            question_mark = self._give(Team.YOU, parts_text, notes)
        elif not parts:
            target = self._unlabelled_target()
            if target is None:
                if talk.is_question(text):
                    return self._answer_question(text)
                if talk.is_arguing(text):
                    return self._reply([card.ARGUING, *self._prompt()])
                return self._reply([card.START_WITH_TEAM])
            touched = True
            question_mark = self._give(target, lead, notes)
        else:
            for part in parts:
                if part.who == ALL:
                    targets = self._still_to_answer()
                else:
                    assert isinstance(part.who, Team)
                    targets = [part.who]
                for team in targets:
                    touched = True
                    question_mark = self._give(team, part.text, notes) or question_mark

        lines: list[str | Line] = list(notes)
        if question_mark:
            lines.append(card.DROP_QUESTION_MARK)
        if not self._still_to_answer():
            return self._all_answered(lines)
        if night.solo:
            lines.append(card.TAKE_YOUR_TIME)
        elif touched:
            lines.append(card.STILL_TO_ANSWER.format(teams=join_names(self._still_to_answer())))
        return self._reply(lines)

    def _unlabelled_target(self) -> Team | None:
        """Who an unlabelled message belongs to: by voice the team last named; typed, the one team left."""
        night = self.night
        if night.voice:
            return night.last_named
        left = self._still_to_answer()
        return left[0] if len(left) == 1 else None

    def _give(self, team: Team, text: str, notes: list[str]) -> bool:
        """Take one team's piece. Returns whether it was cut at a question mark."""
        night = self.night
        if team not in night.teams:
            notes.append(f"{team.value} are not playing tonight.")
            return False
        if team not in self._answering():
            if team in night.out:
                notes.append(f"{team.value} are out; say '{team.value} is back' to bring them back.")
            return False  # the Candle-End ignores other teams' years
        current = night.answers.get(team)
        continuing = night.voice and night.last_named is team and current is not None
        if current is not None and current.locked and not continuing:
            notes.append(f"{team.value} already answered; the first answer counts.")
            return False
        if night.voice:
            spelled = spelled_word(text.split())
            if spelled is not None:
                text = spelled
            text = f"{current.text} {text}".strip() if continuing and current is not None else text
            night.last_named = team
        answer = self._lock(text)
        if answer.locked or night.voice:
            night.answers[team] = answer
        return answer.phrase.question_mark

    def _lock(self, text: str) -> Answer:
        phrase = extract(text)
        if self.night.open in ("TB1", "TB2"):
            year = parse_year(phrase.text) if phrase.outcome is Outcome.LOCKED else None
            return Answer(text, phrase, year)
        return Answer(text, phrase)

    # --- voice: read-back, fixes, disputes ---------------------------------------------------------------

    def _readback_line(self) -> str:
        night = self.night
        parts = []
        for team in self._answering():
            answer = night.answers.get(team)
            if night.open in ("TB1", "TB2"):
                said = str(answer.year) if answer and answer.year is not None else "no year"
            elif answer is None or answer.phrase.outcome is Outcome.NOTHING:
                said = "no answer"
            else:
                said = answer.phrase.text if answer.phrase.outcome is Outcome.LOCKED else "pass"
            parts.append(said if night.solo else f"{team.value}: {said}")
        return ("I have: " if night.solo else "I have ") + "; ".join(parts) + ". Right?"

    def _hear_readback(self, text: str, command: Command | None) -> Reply:
        night = self.night
        words = talk.words_of(text)
        if command is Command.REPEAT:
            return self._reply([self._current_question()])
        if talk.is_yes(words):
            night.phase = Phase.CANDLE if night.open in ("TB1", "TB2") else Phase.QUESTION
            return self._rule_now([])
        if talk.is_no(words):
            return self._reply(
                [
                    "Fix a word by saying the team's name and spelling the word, like 'bats b u t t o n'.",
                    self._readback_line(),
                ]
            )
        fixed = self._hear_fix(text)
        if fixed is not None:
            return fixed
        _, parts = voice_labels(words.split())
        if not parts and night.last_named is not None and words:
            answer = night.answers[night.last_named]
            night.answers[night.last_named] = self._lock(f"{answer.text} {words}")
            return self._reply([self._readback_line()])
        if parts:
            return self._reply(["The first answer counts: fix a word by spelling it.", self._readback_line()])
        if talk.is_question(text):
            return self._answer_question(text)
        return self._reply(["Say yes if that is right, or fix a word by spelling it.", self._readback_line()])

    def _hear_fix(self, text: str) -> Reply | None:
        """A team spelling a word replaces the word of its answer it most resembles; another team saying
        that was not what was said undoes the last fix."""
        night = self.night
        words = talk.words_of(text).split()
        if talk.is_dispute(" ".join(words)):
            if not night.fixes:
                return self._reply(["There is no fix to undo.", *self._prompt()])
            fix = night.fixes[-1]
            disputer = next((t for t in (Team.from_name(w) for w in words) if t is not None), None)
            if disputer is fix.team:
                return self._reply(["Only another team can say that.", *self._prompt()])
            night.fixes.pop()
            fixed_words = night.answers[fix.team].text.split()
            fixed_words[fix.index] = fix.before
            night.answers[fix.team] = self._lock(" ".join(fixed_words))
            return self._reply([f"Fix undone for {fix.team.value}.", *self._after_fix()])
        if len(words) < 3 or Team.from_name(words[0]) is None:
            return None
        team = Team.from_name(words[0])
        assert team is not None
        spelled = spelled_word(words[1:])
        answer = night.answers.get(team)
        if spelled is None or answer is None or not answer.locked or team not in self._answering():
            return None
        answer_words = answer.text.split()
        index = closest_word(answer_words, spelled)
        if index is None:
            return None
        night.fixes.append(Fix(team, index, answer_words[index]))
        answer_words[index] = spelled
        night.answers[team] = self._lock(" ".join(answer_words))
        return self._reply([f"Fixed: {team.value} said {spelled}.", *self._after_fix()])

    def _after_fix(self) -> list[str]:
        if self.night.phase is Phase.READBACK:
            return [self._readback_line()]
        return self._prompt()

    # --- ruling ------------------------------------------------------------------------------------------

    def _all_answered(self, lines: Sequence[str | Line]) -> Reply:
        """Every team has answered or passed: by voice, read back first; typed, rule at once."""
        night = self.night
        if night.voice:
            night.phase = Phase.READBACK
            return self._reply([*lines, self._readback_line()])
        return self._rule_now(lines)

    def _rule_now(self, lines: Sequence[str | Line]) -> Reply:
        if self.night.open in ("TB1", "TB2"):
            return self._decide_tiebreak(lines)
        return self._rule_cell(lines)

    def _rule_cell(self, lines: Sequence[str | Line]) -> Reply:
        """RESOLUTION 3-5 and Rule 9."""
        assert self.key is not None
        night = self.night
        cell = night.open
        assert cell is not None
        entry = self.key.entries[cell]
        points = int(cell[1])
        out: list[str | Line] = [*lines, f"The answer: {entry.answer.rstrip('.')}."]
        scorers = []
        for team in night.teams:
            answer = night.answers.get(team)
            name = team.value
            if answer is None or not answer.locked:
                out.append(f"{name}: {'out' if team in night.out else 'no answer'}, 0 points.")
            elif answer.phrase.outcome is Outcome.PASS:
                out.append(f"{name}: pass, 0 points.")
            else:
                verdict = rule(answer.phrase.text, entry)
                if verdict.right:
                    scorers.append(team)
                    out.append(f"{name}: right, {points} point{'s' if points > 1 else ''}.")
                elif verdict.not_form is not None:
                    reason = verdict.not_form.reason or "not the answer"
                    out.append(f"{name}: wrong, 0 points ({verdict.not_form.form}: {reason}).")
                else:
                    out.append(f"{name}: wrong, 0 points.")
        out.append(f"Source: {entry.source.rstrip('.')}.")
        slot = night.board.slots[cell]
        slot.open = False
        slot.scorers = tuple(scorers)
        night.open = None
        night.clear_answers()
        night.phase = Phase.PICK
        if night.board.played_count() == len(CELL_IDS):
            return self._endgame(out, End.PLAYED)
        if not night.playing:
            return self._close_night(out)
        if night.next_pick and night.board.is_free(night.next_pick):
            return self._open_cell(night.next_pick, out)
        out.append(self._pick_prompt() + " Or say save to keep the night for later.")
        return self._reply(out)

    # --- the endgame and the Candle-End ------------------------------------------------------------------

    def _close_night(self, lines: Sequence[str | Line]) -> Reply:
        """A closed night: every team out, or "end the night" said yes to. An open cell is ruled first."""
        night = self.night
        night.end_votes = None
        if night.open is not None and night.open not in ("TB1", "TB2"):
            ruled = self._rule_cell(lines)
            if self.night.phase is Phase.OVER:
                return ruled
            lines = list(ruled.lines)
        return self._finale(lines, End.CLOSED)

    def _contenders(self) -> list[Team]:
        """Who holds the top: playing teams rank above out teams on the same total."""
        night = self.night
        top = max(night.score(team) for team in night.teams)
        at_top = [team for team in night.teams if night.score(team) == top]
        playing = [team for team in at_top if team not in night.out]
        return playing or at_top

    def _endgame(self, lines: Sequence[str | Line], end: End) -> Reply:
        contenders = self._contenders()
        if end is End.PLAYED and len(contenders) > 1 and all(t not in self.night.out for t in contenders):
            self.night.tied = tuple(contenders)
            return self._read_tiebreak([*lines, card.CANDLE_END], "TB1")
        return self._finale(lines, end)

    def _read_tiebreak(self, lines: Sequence[str | Line], which: str) -> Reply:
        assert self.key is not None
        night = self.night
        night.phase = Phase.CANDLE
        night.open = which
        night.clear_answers()
        night.tiebreaks_read += 1
        night.questions_read += 1
        number = which[-1]
        question = self.key.tiebreaks[which].question
        return self._reply([*lines, f"{join_names(night.tied)}, Candle-End question {number}: {question}"])

    def _decide_tiebreak(self, lines: Sequence[str | Line]) -> Reply:
        """Closest to A wins, over or under alike; any year beats no year."""
        assert self.key is not None
        night = self.night
        assert night.open is not None
        tiebreak = self.key.tiebreaks[night.open]
        out: list[str | Line] = [*lines, f"The answer: {tiebreak.answer.rstrip('.')}."]
        distance: dict[Team, int | None] = {}
        for team in night.tied:
            answer = night.answers.get(team)
            year = answer.year if answer else None
            distance[team] = None if year is None else abs(year - tiebreak.year)
            out.append(f"{team.value}: {year if year is not None else 'no year'}.")
        out.append(f"Source: {tiebreak.source.rstrip('.')}.")
        with_year = [d for d in distance.values() if d is not None]
        best = min(with_year) if with_year else None
        level = tuple(team for team in night.tied if distance[team] == best)
        night.clear_answers()
        night.tied = level
        if len(level) > 1 and night.open == "TB1":
            return self._read_tiebreak([*out, f"Still level: {join_names(level)}."], "TB2")
        return self._finale(out, End.PLAYED)

    def _finale(self, lines: Sequence[str | Line], end: End) -> Reply:
        """SCORING & ENDGAME 4-7."""
        assert self.key is not None
        night = self.night
        night.end = end
        night.open = None
        night.phase = Phase.OVER
        night.end_votes = None
        winners = list(night.tied) if night.tied else self._contenders()
        night.tied = ()
        top = max(night.score(team) for team in night.teams)
        out: list[str | Line] = [*lines, card.CANDLE_BURNS]
        if night.solo:
            out.append(self._scores_line())
            win = "solo"
        else:
            out.append(f"Totals out of {card.MAX_TOTAL}: {self._totals()}.")
            if len(winners) == 1:
                out.append(f"{winners[0].value} win the night!")
                win = winners[0].value
            else:
                out.append(f"{join_names(winners)} share the win!")
                win = "shared"
        if self.source is KeySource.PRACTICE:
            out.append(
                "Tonight's key was the kiosk's practice key, not the sealed key. "
                f"Its SHA-256 is {self.key.sha256}."
            )
        else:
            out.append(
                f"Open the reveal file, {card.NOTICE.reveal_url}, check that tonight's questions and answers are the "
                f"ones in it, then rebuild the hash at {card.VERIFY_SITE}."
            )
            out.append(Line(f"The key played tonight has SHA-256 {self.key.sha256}.", spoken=False))
        teams_count = 1 if night.solo else len(night.teams)
        result = card.RESULT.format(end=end.value, turns=night.turns, teams=teams_count, score=top, win=win)
        out.append(Line(result, spoken=False))
        out.append(card.WHOLE_KEY)
        out.append(card.EPILOGUE)
        return self._reply(out, over=True)
