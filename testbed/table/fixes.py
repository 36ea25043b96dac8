"""The simulated adult's fixes to a read-back: a word spelled one letter at a time when the kiosk offers it,
and, in a loud room, each team's answer said right or wrong when the kiosk asks about it in turn
(kiosk.voice.dialogue.team_by_team): a no to one spells its word one letter at a time."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine.key import Key
from kiosk.engine.matching import slip_budget
from kiosk.voice.dialogue.prompts import IsThatRight

from .kiosk_lines import (
    DIGITS,
    NATO,
    letter_asked,
    letter_said_back,
    letter_taken_back,
    not_caught,
    taken_as_no,
    teams_asked_about,
    word_so_far,
    year_so_far,
)
from .kiosk_reply import KioskReply
from .nights import Question, fix_word, verdict
from .records import QuestionRecord
from .talk import EMPTY, TRIES, Stuck, Talk

FIX_TRIES = 3
"""Spellings a reader tries for one team's answer before letting the ruling stand; offered the word one
letter at a time, a reader takes it up once even past them, as a person tries a new way."""


@dataclass(kw_only=True)
class Fixer(Talk):
    key: Key
    letters_for: str = ""
    """The word the adult took up the offer to spell one letter at a time for: if its "no" is caught late,
    the kiosk's "First letter?" is answered with that word's letters wherever the adult is."""

    def check_team(
        self, question: Question, record: QuestionRecord, heard: dict[str, str], tries: dict[str, int]
    ) -> bool:
        """Answer the kiosk's question about one team's answer (`heard`: the read-back as the kiosk has it
        now): "no" and the word one letter at a time while the answer would rule otherwise than written and
        the reader has tries left, else "that's right". True once the answers are ruled."""
        team = self.heard.asked(IsThatRight)[-1].team
        said, written = heard.get(team.value, ""), question.of(team).text
        wrong = verdict(said, question.cell, self.key) != verdict(written, question.cell, self.key)
        word = fix_word(said, written, question.cell, self.key, self.joined) if wrong else ""
        if word and tries.get(team.value, 0) < FIX_TRIES:
            tries[team.value] = tries.get(team.value, 0) + 1
            record.corrections += 1
            self.spell_by_letter(word, self.one_no)
            return False
        reply = self.say("that's right") or EMPTY
        if taken_as_no(reply) and letter_asked(reply):
            # Its yes not caught twice running, taken as a no: the word is right, so none is spelled.
            self.record.closed("answer yes", False)
            self.say("That's right.")
            return False
        asked_next = teams_asked_about(reply)
        ruled = reply.ruling() is not None
        self.record.closed("answer yes", ruled or (bool(asked_next) and asked_next[-1] != team.value))
        if ruled:
            self.settle(question, record, heard, tries)
        return ruled

    def settle(
        self, question: Question, record: QuestionRecord, heard: dict[str, str], tries: dict[str, int]
    ) -> None:
        """Record the read-back the table said yes to: each fixed team's spellings (None if it still rules
        otherwise than written), and any words of one team's answer in another's."""
        wrong = [
            answer
            for answer in question.answers
            if verdict(heard.get(answer.team.value, ""), question.cell, self.key)
            != verdict(answer.text, question.cell, self.key)
        ]
        still_wrong = {answer.team.value for answer in wrong}
        record.spellings += [None if team in still_wrong else n for team, n in tries.items()]
        ruled_otherwise = frozenset(answer.team for answer in wrong)
        record.note_wrong_team(question, heard, confirmed=True, ruled_otherwise=ruled_otherwise)

    def spell_by_letter(self, word: str, no: str = "no") -> None:
        """Take up the kiosk's offer to spell a team's word one letter at a time: `no` (as the kiosk asked
        for it), then each letter's word on its own, a no to a letter said back wrong, and "that's right"
        once the word said back is whole. The adult keeps the letters as the kiosk says them back, reply by
        reply."""
        self.letters_for = word
        reply = self.say(no) or EMPTY
        for _ in range(TRIES - 1):  # the offer stands while the "no" is not caught: said again
            if not not_caught(reply):
                break
            reply = self.say(no) or EMPTY
        self.spell_letters(word, reply)

    def spell_letters(self, word: str, reply: KioskReply) -> None:
        """Each letter's word on its own from the kiosk's `reply` on, as spell_by_letter() says (a
        Candle-End year's digits, each digit's word); nothing until the kiosk has begun the word (its "no"
        not caught yet)."""
        year = word.isdigit()
        if not letter_asked(reply) and letter_said_back(reply, year) is None:
            return
        self.letters_for = ""
        letters = list(word) if year else [letter for letter in word.lower() if letter.isalpha()]
        words = {digit: DIGITS[int(digit)] for digit in "0123456789"} if year else NATO
        said: list[str] = []  # each reply's letters, as the kiosk said them back
        line = ""
        for _ in range(4 * len(letters) + 8):
            if not reply.text and line:  # the kiosk stayed silent (the letter heard as no word): said again
                reply = self.say(line) or EMPTY
                continue
            stands = word_so_far(reply)
            if stands is not None:  # the next letter never caught: the word as it stands, if it would do
                line = "that's right" if would_do(stands, "".join(letters)) else self.one_no
                reply = self.say(f"{line.capitalize()}.") or EMPTY
                continue
            back = letter_said_back(reply, year)
            so_far = year_so_far(reply)
            if back is not None:
                said.append(back)
            elif so_far is not None:  # "that's right" said before the year's fourth digit was taken
                said = so_far
            elif not letter_asked(reply):
                return  # the word is done or left: the read-back goes on
            elif letter_taken_back(reply) and said:
                said.pop()  # the kiosk took back the last letter on the adult's "no"
            taken = "".join(said)
            if taken == "".join(letters):
                line = "that's right"
            elif "".join(letters).startswith(taken):
                line = words[letters[len(taken)]]
            else:
                line = self.one_no
            line = f"{line.capitalize()}."
            reply = self.say(line) or EMPTY

    def confirm_whatever_heard(self) -> None:
        """Confirm the read-back as it stands, in the words the kiosk asks for, until it rules: each team the
        kiosk asks about is said right, and a word a yes taken as a no would spell is left. A loud room asks
        about a plain yes ("Was that a yes?"), which is no read-back: the adult had taken it for the ruling
        and said its next line, "end the night", into the read-back."""
        for attempt in range(4 * TRIES):
            if self.heard.ruling() is not None:
                return
            if self.heard.asked_last(IsThatRight) is not None or letter_asked(self.heard):
                self.say("That's right.")
                continue
            reply = self.say(self.as_asked("yes")) or EMPTY
            if attempt == 0:
                self.record.closed("yes", reply.ruling() is not None)
        raise Stuck("the read-back was never confirmed")


def would_do(so_far: str, word: str) -> bool:
    """The letters taken so far would do for the word: its start, with no more letters missing at the end
    than Rule 8 lets a key word of its length slip (none up to three letters, one to eight, two beyond). A
    person told "If the word is right so" says no to "N, E, V" for "nevermore"; the adult had said yes to
    any right start, and the fix sent was wrong."""
    return word.startswith(so_far) and len(word) - len(so_far) <= slip_budget(word)
