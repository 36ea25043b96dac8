"""The simulated adult: plays a scripted night against the real kiosk by voice, the way the README asks a
reader to. It says the team count and each pick, reads every team's written answer (team name first),
checks the read-back against what each team wrote, spells a word where the difference would change the
ruling ("Bats. T, U, R, N, I, P."), lets a team try a fix it never wrote and another dispute it (as it
disputes fixes that leave a team ruled right that wrote otherwise), says "yes", gives Candle-End years, and
ends the night by every team's yes. All it learns is what the kiosk says, read from its acts (kiosk_reply.py);
all it says goes to the microphone."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine.teams import Team
from kiosk.voice.dialogue.prompts import IsThatRight, YourAnswer
from kiosk.voice.dialogue.yes_or_no import SURE_YES

from .fixes import FIX_TRIES, Fixer
from .kiosk_lines import (
    DIGITS,
    FIX_UNDONE,
    FOREIGN_SAVE,
    TITLES,
    TO_END,
    asked_if_heard_right,
    cell_opened,
    count_back,
    host_says,
    letter_asked,
    not_caught,
    offered_by_letter,
    offered_one_at_a_time,
    pick_asked_again,
    plain_yes_for,
    said_back,
    spelled,
    still_to_say_yes,
    teams_scored,
    whose_yes,
)
from .kiosk_reply import KioskReply
from .nights import NightScript, Question, Written, fix_word, verdict
from .records import QuestionRecord
from .talk import EMPTY, TRIES, Stuck

PICK_TRIES = 6
LATE_YESES = 3
"""Yeses a reader still says, past its tries, while the kiosk says back the very pick it made."""


@dataclass(kw_only=True)
class Adult(Fixer):
    script: NightScript

    def play_night(self) -> None:
        try:
            first = self.kiosk.block(120)
            if first is None:
                raise Stuck("the kiosk never listened")
            more = self.kiosk.block(1.5)
            self._read(first if more is None else first.then(more))
            if host_says(self.heard, FOREIGN_SAVE):  # the host brought the save: carried on by a yes
                self.closed(SURE_YES, carried_on, "carry on")
            if self.script.team_count:
                self.team_count()
            for question in self.script.questions:
                if self.heard.over or self.kiosk.ended:
                    self.record.ended_early = f"the night ended before {question.cell}"
                    return
                self.question(question)
            if self.script.ends_by_yes:
                self.end_night()
            elif not self.kiosk.ended:
                self.finish_candle_end()
        except Stuck as stuck:
            self.record.stuck = str(stuck)
        finally:
            self.record.seconds = self.kiosk.now() - self.started

    def team_count(self) -> None:
        """Say the team count (and yes, when the kiosk says it back); if the kiosk starts another count, say it
        again as a correction."""
        teams = [team.value for team in self.script.teams]
        line = self.script.team_count
        for attempt in range(TRIES):
            reply = self.say(line)
            for _ in range(TRIES):  # a count said back or offered: yes if it is the one, else the count
                if (back := count_back(reply or EMPTY)) is None:
                    break
                mine = back.lower() == self.script.team_count
                reply = self.say(SURE_YES if mine else self.script.team_count)
            playing = teams_scored(reply or EMPTY)
            if attempt == 0:
                self.record.closed("team count", playing == teams)
            if playing == teams:
                return
            if playing:
                line = f"no, {self.script.team_count}"  # allowed until the first pick
        raise Stuck(f"team count not taken in {TRIES} tries; last reply {self.text[-200:]!r}")

    def question(self, question: Question) -> None:
        record = QuestionRecord(question.cell, self.record.deserved[len(self.record.questions)])
        self.record.questions.append(record)
        began = self.kiosk.now()
        if question.pick:
            self.pick(question)
        record.opened = self.ledger.open if self.ledger else ""
        if record.opened != question.cell:
            self.all_pass()  # a cell read cannot be taken back: the table passes it, and it counts as lost
            record.seconds = self.kiosk.now() - began
            return
        self.question_now = question
        self.answer(question)
        self.check_read_back(question, record)
        self.question_now = None
        record.ruled = self.heard.ruling()
        record.seconds = self.kiosk.now() - began

    def pick(self, question: Question) -> None:
        """Say the pick; asked which of two was meant, say the one meant by its title, as the kiosk asks;
        not caught, say it again by letter and by title in turn. The yes to the pick said back right is
        said even after the last try, a few times over: the kiosk has heard the pick. A "no" to a cell
        offered for the first time is no try: the kiosk is going through the cells, as a person sees."""
        letter, points = question.cell[0], int(question.cell[1])
        by_title = f"{TITLES[letter]} {DIGITS[points]}"
        line, confirming, going_through = question.pick, False, False
        offered: set[str] = set()
        attempt = 0
        for _ in range(PICK_TRIES + LATE_YESES + len(TITLES) * len(DIGITS)):
            if attempt >= PICK_TRIES + LATE_YESES or (attempt >= PICK_TRIES and not confirming):
                break
            reply = self.say(line) or EMPTY
            opened = cell_opened(reply)
            back = said_back(reply)
            if confirming:
                self.record.closed("pick yes", opened == question.cell)
            elif not offered and attempt == 0:  # the first reply to the pick
                self.record.closed("pick", question.cell in (opened, back))
            if opened not in ("", "—"):
                return
            if (
                back is not None
            ):  # the kiosk says the pick back: the yes it asks for if it is the one, else no
                confirming = back == question.cell
                going_through = going_through or offered_one_at_a_time(reply)
                line = SURE_YES if confirming else self.one_no
                if not (going_through and back not in offered):
                    attempt += 1  # a cell offered for the first time, said no to, is no try
                offered.add(back)
                continue
            confirming, going_through = False, False
            if pick_asked_again(reply):
                line = by_title  # the kiosk asks for the name after a no: the same try goes on
                continue
            attempt += 1
            line = by_title if line == question.pick or asked_if_heard_right(self.heard) else question.pick
        raise Stuck(
            f"pick {question.pick!r} not taken in {PICK_TRIES} tries; last reply {self.text[-200:]!r}"
        )

    def answer(self, question: Question) -> None:
        """Read every team's written answer, team name first, two teams a breath (or the team the kiosk
        calls, when it calls them one by one); then any team the kiosk is still waiting for, one at a time."""
        first = True
        called = False  # the kiosk has called a team by name: from then on, one team a breath, as it asks
        for _ in range(TRIES + 1):
            if self.heard.read_back() is not None:
                return
            calling = self.heard.asked_bare(YourAnswer)
            if calling is not None:  # the kiosk calls the teams itself; say() follows its calls
                called = True
                self.say(self.reading(question.of(calling.team)))
                continue
            got = self.ledger.got if self.ledger else ()
            waiting = [answer for answer in question.answers if answer.team.value not in got]
            group = 2 if first and not called else 1
            for start in range(0, len(waiting), group):
                self.say(" ".join(self.reading(answer) for answer in waiting[start : start + group]))
                if self.heard.read_back() is not None:
                    return
            first = False
        if self.heard.read_back() is None:  # the last try's reply may be the read-back
            raise Stuck(f"answers to {question.cell} never all taken; last reply {self.text[-200:]!r}")

    def check_read_back(self, question: Question, record: QuestionRecord) -> None:
        """Compare the read-back with what each team wrote; fix, dispute or confirm."""
        cheated = question.cheat is None
        tries: dict[str, int] = {}
        undone: dict[Team, int] = {}
        spelt: set[str] = set()  # teams whose word was spelled one letter at a time
        last_word: dict[str, str] = {}  # the word each team's last spelling was of
        last: dict[str, str] | None = None  # the read-back last heard: a person remembers it
        self.letters_for = ""
        for _ in range(20):
            if self.letters_for and letter_asked(self.heard) and self.heard.read_back() is None:
                self.spell_letters(self.letters_for, self.heard)  # the offer's "no" caught late
                continue
            if self.heard.asked_last(IsThatRight) is not None:  # a loud room's team asked about
                now = self.heard.read_back()
                last = now if now is not None else last
                check = self.heard.asked(IsThatRight)[-1]
                if self.check_team(question, record, {**(last or {}), check.team.value: check.answer}, tries):
                    return
                continue
            heard = self.heard.read_back()
            if heard is None:
                if self.heard.ruling() is not None:
                    return
                if self.line == "repeat" and last is not None:
                    # "repeat" not caught, or read the question again (as the card has it): back to the
                    # read-back as last heard.
                    heard = last
                elif not not_caught(self.heard) or self.line == "repeat":
                    self.say("repeat")  # lost: the kiosk is asked to say where it is
                    continue
                else:
                    self.say(self.as_asked(self.line))  # not caught: the same line again
                    continue
            last = heard
            record.note_wrong_team(question, heard)
            wrong = [
                answer
                for answer in question.answers
                if verdict(heard.get(answer.team.value, ""), question.cell, self.key)
                != verdict(answer.text, question.cell, self.key)
            ]
            if not wrong and not cheated and question.cheat is not None:
                cheated = True
                cheat = question.cheat
                reply = self.say(f"{cheat.team.value}. {spelled(cheat.spelled)}") or EMPTY
                after = reply.read_back()
                written = question.of(cheat.team).text
                fixed = reply.fixed()
                # Disputed only once taken: a dispute undoes the last fix, whichever team's it was.
                changed = after is not None and verdict(
                    after.get(cheat.team.value, ""), question.cell, self.key
                ) != verdict(written, question.cell, self.key)
                if fixed is not None and (changed or fixed.team != cheat.team.value):
                    self._dispute(cheat.disputer)
                continue
            words = {
                answer.team.value: fix_word(
                    heard.get(answer.team.value, ""), answer.text, question.cell, self.key, self.joined
                )
                for answer in wrong
            }
            # Offered the word just read back one letter at a time: taken up when that word is the one the
            # reader would spell again (its letters misheard), not when it moves on to another word.
            offered = self.heard.fixed() if offered_by_letter(self.heard) else None
            by_letter = offered.team if offered is not None and offered.team not in spelt else None
            if by_letter is not None and words.get(by_letter) != last_word.get(by_letter):
                by_letter = None
            fixable = [
                (team, word)
                for team, word in words.items()
                if word and (tries.get(team, 0) < FIX_TRIES or team == by_letter)
            ]
            gaining = [answer.team for answer in wrong if self._gains(heard, answer, question.cell)]
            if not fixable and gaining and undone.get(gaining[0], 0) < tries.get(gaining[0].value, 0):
                # Its fixes left a team ruled right that wrote otherwise: another team objects, as a
                # table would, and the kiosk undoes the fix.
                undone[gaining[0]] = undone.get(gaining[0], 0) + 1
                others = [answer.team for answer in question.answers if answer.team is not gaining[0]]
                if others:
                    self._dispute(others[0])
                    continue
            if not fixable:  # all as written, or the table has tried all it would
                reply = self.closed("yes", _ruled_or_asked, "yes", right=_ruled, said=self.as_asked)
                if not _ruled(reply):
                    continue  # its yes missed, the kiosk asks about each team in turn: answered above
                self.settle(question, record, heard, tries)
                return
            team, word = fixable[0]
            if self.by_team and team != by_letter:
                # Told that a no has the kiosk ask about each team's answer in turn, as a person would.
                said_no = self.say(self.one_no)  # not caught: said again, as any line the kiosk missed
                self.record.closed("no", said_no is not None and said_no.asked_last(IsThatRight) is not None)
                continue
            tries[team] = tries.get(team, 0) + 1
            record.corrections += 1
            if team == by_letter:  # a new way offered: tried once, even past the reader's tries
                spelt.add(team)
                self.spell_by_letter(word, self.one_no)
                continue
            last_word[team] = word
            fixed_by = self.say(f"{team}. {spelled(word, with_words=self.with_words, slowly=self.slowly)}")
            fixed = (fixed_by or EMPTY).fixed()
            if fixed is not None and fixed.team != team:
                # The fix went to another team (its name misheard): that team's answer is put back, as a
                # table would object, before the fix is spelled again.
                self._dispute(Team(team))
        raise Stuck(f"read-back of {question.cell} never confirmed")

    def _gains(self, heard: dict[str, str], answer: Written, cell: str) -> bool:
        """The read-back rules a team right where what it wrote is not."""
        said = verdict(heard.get(answer.team.value, ""), cell, self.key)
        return said == "right" and verdict(answer.text, cell, self.key) != "right"

    def _dispute(self, disputer: Team) -> None:
        reply = self.say(f"{disputer.value}, that was not what was said.")
        self.record.closed("dispute", reply is not None and host_says(reply, FIX_UNDONE))

    def all_pass(self) -> None:
        """Every team passes the cell read by mistake, then confirms."""
        teams = self.script.teams
        self.question_now = Question(
            self.ledger.open if self.ledger else "", "", tuple(Written(t, "pass") for t in teams)
        )
        self.answer(self.question_now)
        self.question_now = None
        self.confirm_whatever_heard()

    def end_night(self) -> None:
        self.closed("end the night", lambda r: host_says(r, TO_END) or r.over, "command")
        team = ""
        for _ in range(len(self.script.teams) * TRIES):
            if self.heard.over:
                return
            which = whose_yes(self.heard)  # the kiosk asks whose yes it heard: the same again
            if which is not None and team in which:
                self.say(f"{team}, yes.")
                continue
            still = still_to_say_yes(self.heard)
            if still is None:
                self.closed("end the night", lambda r: host_says(r, TO_END), "command")
                continue
            plain = plain_yes_for(self.heard)  # the kiosk named the team whose yes it missed
            team = plain or still[0]
            reply = self.say("Yes." if plain else f"{team}, yes.") or EMPTY
            left = still_to_say_yes(reply)
            self.record.closed("team yes", reply.over or (left is not None and team not in left))
        if not self.heard.over:  # ended by the last yes said
            raise Stuck("the night would not end")

    def finish_candle_end(self) -> None:
        """A Candle-End the script did not foresee (years heard level): every team passes until it ends."""
        for _ in range(TRIES):
            if self.heard.over or self.kiosk.ended:
                return
            if self.heard.read_back() is not None:
                self.say("yes")
                continue
            got = self.ledger.got if self.ledger else ()
            self.say(" ".join(f"{team.value}, pass." for team in self.script.teams if team.value not in got))
        raise Stuck("the Candle-End would not end")


def _ruled(reply: KioskReply) -> bool:
    return reply.ruling() is not None


def _ruled_or_asked(reply: KioskReply) -> bool:
    """The kiosk ruled, or asks about each team's answer in turn (its yes missed twice, kiosk.voice.dialogue.team_by_team)."""
    return _ruled(reply) or reply.asked_last(IsThatRight) is not None


def carried_on(reply: KioskReply) -> bool:
    """The kiosk took the yes to a save from elsewhere: the host does not read it back again, and the kiosk
    asks nothing of its own (the yes again, whether it was one, or the words it missed)."""
    return not host_says(reply, FOREIGN_SAVE) and not reply.prompts
