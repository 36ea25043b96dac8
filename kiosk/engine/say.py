"""Every sentence the host composes, worded from the facts a step returned and the night as it now stands.

The card's exact lines live in `cartridge.py`; the kiosk's own words after them live here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kiosk import cartridge as card
from kiosk.engine import facts as f
from kiosk.engine.facts import Part, Topic
from kiosk.engine.finale_words import WHOLE_KEY, finale, point_count, ruling, tiebreak_decided, totals
from kiosk.engine.intent import MAX_MESSAGE
from kiosk.engine.key import Key
from kiosk.engine.keysource import KeySource
from kiosk.engine.kiosk_lines import after_card_line
from kiosk.engine.night import Night, Phase
from kiosk.engine.note_words import NOTES, note_words
from kiosk.engine.rule_words import NO_RULE_ASKED, RULE_TOPICS, plain_rule
from kiosk.engine.said import (
    BoardShown,
    CandleEndCalled,
    FixTaken,
    Line,
    QuestionAsked,
    ReadBack,
    Remark,
    Ruling,
    Said,
    SaveOffered,
    StillLevelSaid,
    TeamSaid,
    lines_of,
)
from kiosk.engine.teams import Team, join_names

__all__ = [
    "AFTER_THE_NIGHT",
    "NOTES",
    "NOT_SEALED_COMMITMENT",
    "NO_KEY_WHY",
    "PRACTICE_NIGHT",
    "WHOLE_KEY",
    "Wording",
    "point_count",
]

# Before the opening on the practice key: never presented as the sealed key.
PRACTICE_NIGHT = (
    "Practice night: this is the kiosk's practice key, not the sealed key of the real Snap-Apple Night."
)
# Rule 6's line names the sealed key; a practice night is never presented as one.
AFTER_THE_NIGHT = (
    "That's for after the night: tonight I only read the questions and rule from the practice key."
)
# After the opening on a key that is not the sealed one: its commitment is that key's own SHA-256, which the
# card's verify site has never seen.
NOT_SEALED_COMMITMENT = {
    KeySource.PRACTICE: "Here, that commitment is the practice key's own SHA-256: aigamecards.com/verify does "
    "not know it, but this kiosk's verify command checks a night on it.",
    KeySource.FILE: "Here, that commitment is this key file's own SHA-256: aigamecards.com/verify does not know "
    "it, but this kiosk's verify command checks a night on it.",
}
# After the Rule 2 line: why there is no night, and what to do.
NO_KEY_WHY = {
    KeySource.SEALED: "The sealed key is not kept on this kiosk, or is not whole. While online, fetch it with "
    "'python -m kiosk key fetch'; or play the practice key: 'python -m kiosk play'.",
    KeySource.FILE: "That key file is missing or not whole, so no night can be played on it. Give a whole "
    "reveal file, fetch the sealed key while online with 'python -m kiosk key fetch', or play the practice key.",
    KeySource.PRACTICE: "The practice key that comes with the kiosk is not whole: install the kiosk again.",
}


@dataclass(frozen=True)
class Wording:
    """Words the facts of one step, for one night on one key: each fact becomes one part of the reply."""

    night: Night
    key: Key
    source: KeySource
    spoken: bool
    """Worded for a table speaking; else for one typing (a typed night, or the screen's keyboard)."""

    @property
    def sealed(self) -> bool:
        """The sealed key: fetched from its one home, or a key file whose hash is the notice's commitment."""
        return self.source is KeySource.SEALED or self.key.commitment == card.NOTICE.commitment

    def said(self, facts: Iterable[f.Fact]) -> tuple[Said, ...]:
        return tuple(self.part(fact) for fact in facts)

    def part(self, fact: f.Fact) -> Said:
        """One fact as a part of the reply: its words, and what they are for a screen to draw."""
        night = self.night
        match fact:
            case f.QuestionRead(cell):
                heading = f"{cell.category.title}, {point_count(cell.points)}"
                return QuestionAsked(cell.id, heading, self.key.entries[cell.id].question)
            case f.TiebreakRead(tied, tiebreak, question):
                heading = f"{join_names(tied)}, Candle-End question {tiebreak.number}"
                return QuestionAsked(f"TB{tiebreak.number}", heading, question)
            case Part.READ_BACK:
                return self.readback()
            case Part.PROMPT if night.phase.reading_back:
                return self.readback()
            case f.Ruled() | f.TiebreakDecided():
                return Ruling(lines_of(*self.fact(fact)))
            case Part.CANDLE_END:
                return CandleEndCalled(lines_of(*self.fact(fact)))
            case f.StillLevel(teams):
                return StillLevelSaid(tuple(team.value for team in teams), lines_of(*self.fact(fact)))
            case f.NightEnded():
                return finale(fact, night, self.key, self.source, self.sealed)
            case Part.BOARD | f.CardAnswer(topic=Topic.BOARD):
                return BoardShown(lines_of(*self.board_lines()))
            case f.SaveShown():
                return SaveOffered(lines_of(*self.fact(fact)))
            case f.Fixed(team, word):
                return FixTaken(team.value, word)
        return Remark(lines_of(*self.fact(fact)))

    def fact(self, fact: f.Fact) -> list[str | Line]:
        match fact:
            case f.Noted(note, team, cell, others):
                name = team.value if team else ""
                words = note_words(note, self.spoken).format(team=name, cell=cell, teams=join_names(others))
                return [words, *self.here(NOTES[note])]
            case f.TooLong():
                # The front ends cut a longer message just past the limit, so its length is not told.
                return [
                    f"That message is too long for me (over {MAX_MESSAGE} characters): send a few words per team."
                ]
            case Part.HELP:
                return [self.help()]
            case Part.PROMPT:
                return self.prompt()
            case f.PickPrompt(offer_save):
                return [
                    self.pick_prompt() + (" Or say save to keep the night for later." if offer_save else "")
                ]
            case f.TeamsNamed() | f.TeamOut() | f.Latecomer():
                return self.teams(fact)
            case Part.HOW_TO_PLAY:
                return [card.HOW_TO_PLAY, *self.here(card.HOW_TO_PLAY)]
            case Part.BOARD:
                return list(self.board_lines())
            case Part.SCORES:
                return [self.scores_line()]
            case f.SaveShown() | f.SaveResumed() | f.CarriedOn() | f.SaveRefused():
                return self.saves(fact)
            case f.QuestionRead() | f.TiebreakRead() | Part.READ_BACK | f.NightEnded():
                return list(self.part(fact).lines)
            case Part.QUESTION:
                return [self.current_question()]
            case Part.VOTES:
                return [self.votes_line()]
            case f.Ruled():
                return ruling(fact)
            case Part.CANDLE_END:
                return [card.CANDLE_END, *self.here(card.CANDLE_END)]
            case f.TiebreakDecided():
                return tiebreak_decided(fact)
            case f.NumberMisspelled(team, said_word, number_word):
                return [
                    f"Why {team.value} scored 0: only a number word spelled right counts as the number (Rule 8), "
                    f"and '{said_word}' is not '{number_word}'. A letter out is allowed in other words."
                ]
            case f.StillLevel(teams):
                return [f"Still level: {join_names(teams)}."]
            case f.CardAnswer():
                return self.card_answer(fact)
            case f.RuleRead(topic):
                return self.rule_read(topic)
        raise AssertionError(f"no words for {fact!r}")

    def teams(self, fact: f.Fact) -> list[str | Line]:
        """The teams named at the start, a team leaving, and a latecomer joining."""
        night = self.night
        match fact:
            case f.TeamsNamed(teams):
                if night.solo:
                    return [card.SOLO_LINE, *self.here(card.SOLO_LINE)]
                return [
                    card.TEAMS_LINE.format(
                        teams=join_names(teams), first=teams[0].value, second=teams[1].value
                    ),
                    *self.here(card.TEAMS_LINE),
                ]
            case f.TeamOut(team, points, kept_answer):
                kept = " and their locked answer" if kept_answer else ""
                return [
                    f"{team.value} are out: they keep their {point_count(points)}{kept}. Say '{team.value} is back' to bring them back."
                ]
            case f.Latecomer(name, team, playing):
                if not playing:
                    return [
                        f"{team.value} are not playing tonight: a latecomer joins one of {join_names(night.teams)}."
                    ]
                return [f"Welcome, {name}: you join {team.value}." if name else f"Welcome to {team.value}."]
        raise AssertionError(f"no words for {fact!r}")

    def saves(self, fact: f.Fact) -> list[str | Line]:
        """A save shown, taken or refused, and a night carried on."""
        match fact:
            case f.SaveShown(block):
                return [
                    "Here is the save. The kiosk keeps the night as well; to carry on from this save instead, "
                    "enter it before the first question of a new night.",
                    Line(block, spoken=False),
                ]
            case f.SaveResumed(turn):
                return [f"The saved night carries on: {questions_played(turn)}."]
            case f.CarriedOn(turn):
                return [f"Welcome back: the night carries on where it stopped, and {questions_played(turn)}."]
            case f.SaveRefused(reason, foreign):
                if foreign:
                    return [
                        f"That save is not this card's: {reason}. It cannot be resumed here; we can play a fresh night."
                    ]
                return [f"I can't resume that save: {reason}. The night goes on as it was."]
        raise AssertionError(f"no words for {fact!r}")

    # --- what the host is waiting for -----------------------------------------------------------------

    def prompt(self) -> list[str | Line]:
        night = self.night
        if night.phase is Phase.TEAMS:
            return ["Playing solo, or as two, three or four teams?"]
        if night.phase is Phase.PICK:
            return [self.pick_prompt()]
        if night.phase is Phase.VOTING:
            return [self.votes_line()]
        if night.phase.reading_back:
            return list(self.readback().lines)
        if night.phase.collecting:
            if night.solo:
                return [card.TAKE_YOUR_TIME, *self.here(card.TAKE_YOUR_TIME)]
            still = card.STILL_TO_ANSWER.format(teams=join_names(night.still_to_answer()))
            return [still, *self.here(card.STILL_TO_ANSWER)]
        return []

    def here(self, card_line: str) -> list[str]:
        """After a card line written for a chat window, what it means at this kiosk (by voice or typed)."""
        candle_end = self.night.open_tiebreak is not None
        return after_card_line(card_line, self.spoken, candle_end=candle_end)

    def help(self) -> str:
        """What can be said now."""
        night = self.night
        if night.phase is Phase.TEAMS:
            return "Say how many teams: solo, two, three or four. You may ask about the rules."
        if night.phase is Phase.VOTING:
            return "To end the night each playing team says yes by name, like 'Bats: yes'; anything else and it goes on."
        if night.phase is Phase.PICK:
            return (
                "Pick a category and points, like D3 or 'Old Customs 2'; or say board, save or end the night; "
                "or ask the score, whose pick it is or what is left."
            )
        if night.phase.reading_back:
            return "Say yes if I have it right; to fix a word, say the team's name and spell the word."
        who = "your answer" if night.solo else "each team's name, then its answer"
        what = "one year" if night.open_tiebreak is not None else "an answer, or pass"
        return f"Send {who}: {what}. You may also say repeat or board, or ask the score."

    def pick_prompt(self) -> str:
        if self.night.solo:
            return "Pick a category and points, like D3."
        assert self.night.picker is not None
        return f"{self.night.picker.value}, pick a category and points, like D3."

    def votes_line(self) -> str:
        night = self.night
        if night.solo:
            return "To end the night, say yes."
        waiting = [team for team in night.playing if team not in night.votes]
        return (
            "To end the night, every playing team says yes by name. Still to say yes: "
            f"{join_names(waiting)}. Anything else and the night goes on."
        )

    def readback(self) -> ReadBack:
        night = self.night
        said = (
            TeamSaid("" if night.solo else team.value, night.read_back_of(team)) for team in night.answering()
        )
        return ReadBack(tuple(said))

    def current_question(self) -> str:
        night = self.night
        if night.open_tiebreak is not None:
            return self.key.tiebreaks[night.open_tiebreak.value].question
        assert night.open_cell is not None
        return self.key.entries[night.open_cell.id].question

    # --- the board and the scores ---------------------------------------------------------------------

    def board_lines(self) -> list[str]:
        lines = [card.BOARD_HEADING]
        for category in card.CATEGORIES:
            slots = self.night.board.row(category.letter).replace(".", " ")
            lines.append(f"{category.letter} · {category.title}: {category.blurb}. {slots}")
        return lines

    def scores_line(self) -> str:
        night = self.night
        if night.solo:
            return f"Your total: {night.score(Team.YOU)} out of {card.MAX_TOTAL}."
        return f"Scores: {totals(night)}."

    # --- Rule 6 ---------------------------------------------------------------------------------------

    def card_answer(self, asked: f.CardAnswer) -> list[str | Line]:
        night = self.night
        topic = asked.topic
        if topic is Topic.OUTSIDE:
            practice = self.source is KeySource.PRACTICE
            return [AFTER_THE_NIGHT if practice else card.AFTER_THE_NIGHT]
        if topic in (Topic.SCORE, Topic.TEAM_POINTS) and not night.teams:
            return ["Nobody has scored yet: the teams are not named."]
        if topic is Topic.SCORE:
            return [self.scores_line()]
        if topic is Topic.TEAM_POINTS:
            team = asked.team
            assert team is not None
            if team not in night.teams:
                return [f"{team.value} are not playing tonight."]
            return [f"{team.value} have {point_count(night.score(team))} out of {card.MAX_TOTAL}."]
        if topic is Topic.CELL_WORTH:
            return [self.cell_state(asked)]
        if topic is Topic.CELLS_LEFT:
            free = night.board.free_cells()
            return [
                f"Left on the board, {len(free)} cells: {', '.join(map(str, free))}."
                if free
                else "No cells are left."
            ]
        if topic is Topic.CELLS_PLAYED:
            played = [cell for cell, slot in night.board.slots.items() if slot.played]
            return [
                f"Played, {len(played)} cells: {', '.join(map(str, played))}."
                if played
                else "No cell has been played yet."
            ]
        if topic is Topic.BOARD:
            return list(self.board_lines())
        if topic is Topic.PICK:
            if night.picker is None:
                return ["Nobody picks yet: the teams are not named."]
            return ["You pick next." if night.solo else f"{night.picker.value} pick next."]
        if topic is Topic.RULES:
            return [card.HOW_TO_PLAY, *self.here(card.HOW_TO_PLAY)]
        return list(plain_rule(topic, night))

    def rule_read(self, topic: Topic | None) -> list[str | Line]:
        """ "Read the rule": the card's own text on the topic asked about."""
        if topic is None:
            return [NO_RULE_ASKED]
        if topic is Topic.RULES:
            return [card.HOW_TO_PLAY, *self.here(card.HOW_TO_PLAY)]
        assert topic in RULE_TOPICS
        return [card.RULE_TEXTS[topic.value]]

    def cell_state(self, asked: f.CardAnswer) -> str:
        cell = asked.cell
        assert cell is not None
        slot = self.night.board.slots[cell]
        worth = f"{cell} is worth {point_count(cell.points)}"
        if slot.open:
            return f"{worth}, and it is open now."
        if slot.played:
            return f"{worth}, and it has been played."
        return f"{worth}, and it is still on the board."


def questions_played(turn: int) -> str:
    """ "3 of the 25 questions are played", as a family would say it."""
    if turn == 0:
        return "no question has been played yet"
    return f"{turn} of the {card.CELL_COUNT} questions {'is' if turn == 1 else 'are'} played"
