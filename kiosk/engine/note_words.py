"""The words of each note: a short reply of the host's own about a message it took, or could not take.

A note is worded from its team, cell and teams (`Noted`); a note that is a card line is said exactly.
"""

from __future__ import annotations

from kiosk import cartridge as card
from kiosk.engine.facts import Note

NOTES = {
    Note.NIGHT_OVER: "The night is over, and its RESULT line stands. Start the kiosk again for a new night.",
    Note.LEDGER_TYPED: "I keep the ledger myself: a typed ledger line changes nothing.",
    Note.VOICE_ON: "Voice it is. One adult speaks each team's written answer, starting with the team's name. "
    "I read all the answers back before I rule.",
    Note.TYPING_ON: "Typing it is: start each answer with its team's name and a colon.",
    Note.TOO_MANY_TEAMS: "Four teams at most: Bats, Ghosts, Owls and Toads.",
    Note.TEAM_COUNT_KEPT: "The teams stay as they are.",
    Note.SAY_TEAMS: "I did not catch a pick. To change the teams, say the number and 'teams', like 'two teams'.",
    Note.SAVE_TOO_LATE: "A save is read only before the first question, so that one changes nothing.",
    Note.NO_QUESTION_OPEN: "No question is open.",
    Note.NOT_YOUR_PICK: "{team} have the pick.",
    Note.CELL_PLAYED: "{cell} has been played.",
    Note.NAME_ALONE: "A team name alone is not a pick.",
    Note.ARGUING: card.ARGUING,
    Note.VOTES_BY_NAME: "Each team says yes by name, like 'Bats: yes'.",
    Note.NIGHT_GOES_ON: "The night goes on.",
    Note.NOT_PLAYING: "{team} are not playing tonight.",
    Note.ALREADY_PLAYING: "{team} are already playing.",
    Note.WELCOME_BACK: "Welcome back, {team}.",
    Note.ALREADY_OUT: "{team} are already out.",
    Note.OUT_CANNOT_ANSWER: "{team} are out; say '{team} is back' to bring them back.",
    Note.ALREADY_ANSWERED: "{team} already answered; the first answer counts.",
    Note.QUESTION_MARK: card.DROP_QUESTION_MARK,
    Note.START_WITH_TEAM: card.START_WITH_TEAM,
    Note.SAVE_NOT_NOW: "Save comes between questions: finish this one (answer or pass), then save.",
    Note.END_NOT_NOW: "End the night comes between questions: finish this one first.",
    Note.NEXT_PICK_TAKEN: "{cell} comes next, after this question.",
    Note.NEXT_PICK_REFUSED: "{cell} has been played or is open.",
    Note.FIX_HOW: "Fix a word by saying the team's name and spelling the word, like 'bats b u t t o n'.",
    Note.FIX_YEAR_HOW: "Fix a year by saying the team's name and the year digit by digit, like 'bats 1 8 9 7'.",
    Note.FIRST_ANSWER_COUNTS: "The first answer counts: fix a word by spelling it.",
    Note.FIRST_YEAR_COUNTS: "The first answer counts: fix a year by saying it digit by digit.",
    Note.SAY_YES_OR_FIX: "Say yes if that is right, or fix a word by spelling it.",
    Note.SAY_YES_OR_FIX_YEAR: "Say yes if that is right, or fix a year by saying it digit by digit.",
    Note.NO_FIX_TO_UNDO: "There is no fix to undo.",
    Note.ONLY_ANOTHER_TEAM: "Only another team can say that.",
    Note.FIX_UNDONE: "Fix undone for {team}.",
    Note.NOT_HEARD: "I did not catch that.",
    Note.FAULT: "I could not follow that message, so nothing has changed.",
    Note.NOT_UNDERSTOOD: "I did not understand that, so nothing has changed. Between questions I take a pick, "
    "or board, save, help or end the night.",
    Note.TEAMS_FIXED: "The teams are fixed once play has begun: a latecomer joins one, like 'Sam joins Bats'.",
    Note.STALL_LOCKS_NOTHING: "Take your time: 'wait' locks nothing, so no answer is taken yet.",
    Note.DISPUTE_WHEN: "A dispute is made before the ruling, by voice in the read-back: another team says a "
    "spelled fix was not what was said. Once made, a ruling stands; it follows Rule 8 and the key.",
    Note.NOT_IN_CANDLE_END: "{team} are not in the tie, so their year does not count: only {teams} answer the "
    "Candle-End.",
}

SPOKEN_NOTES = {
    Note.FIX_HOW: "Fix a word by saying the team's name, then spelling it with a word for each letter, like "
    "tango, uniform, romeo for T, U, R.",
}
"""A note worded otherwise for a table speaking: spoken, plain letters rhyme (B, D, P, T, V)."""


def note_words(note: Note, spoken: bool) -> str:
    """The note's words (a template), for a table speaking or for one typing."""
    return (SPOKEN_NOTES.get(note) if spoken else None) or NOTES[note]
