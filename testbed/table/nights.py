"""Scripted table nights on the practice key: what each team wrote, what the adult may misread first, who
tries a fix that was never written and who disputes it, and the Candle-End years. What each question
deserves is what the engine rules on the written answers typed (a kiosk that hears perfectly)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from kiosk import Host, KeySource
from kiosk.engine.key import Entry, Key
from kiosk.engine.matching import rule
from kiosk.engine.phrase import Outcome, extract
from kiosk.engine.spelling import closest_word
from kiosk.engine.teams import TEAM_ORDER, Team
from kiosk.engine.years import parse_year
from kiosk.keys import load_practice


@dataclass(frozen=True)
class Written:
    team: Team
    text: str
    """What the team wrote, as the adult reads it aloud."""
    said_first: str = ""
    """A misreading the adult makes the first time (then spells the written word): a fix the night needs."""


@dataclass(frozen=True)
class Cheat:
    """A team spells a word it never wrote; another team says that was not what was said."""

    team: Team
    spelled: str
    disputer: Team


@dataclass(frozen=True)
class Question:
    cell: str
    """A cell id, or TB1/TB2 for a Candle-End question (not picked)."""
    pick: str
    """How the adult says the pick ("D three"); empty for a Candle-End question."""
    answers: tuple[Written, ...]
    cheat: Cheat | None = None

    def of(self, team: Team) -> Written:
        return next(answer for answer in self.answers if answer.team is team)


@dataclass(frozen=True)
class NightScript:
    name: str
    teams: tuple[Team, ...]
    questions: tuple[Question, ...]
    team_count: str = ""
    """What the adult says to start ("two teams"); empty when the night carries on from `save`."""
    save: str = ""
    ends_by_yes: bool = True
    """End the night by "end the night" and every team's yes (a night that reaches the RESULT does not)."""


def _q(
    cell: str, pick: str, *texts: str, slip: tuple[int, str] | None = None, cheat: Cheat | None = None
) -> Question:
    answers = tuple(Written(team, text) for team, text in zip(TEAM_ORDER, texts, strict=True))
    if slip is not None:
        index, said = slip
        answers = (*answers[:index], replace(answers[index], said_first=said), *answers[index + 1 :])
    return Question(cell, pick, answers, cheat)


B, G = Team.BATS, Team.GHOSTS
BANK: dict[str, Question] = {
    "A2": _q("A2", "A two", "turnip", "pumpkin", "a turnip", "swede", slip=(0, "tulip")),
    "D3": _q("D3", "D three", "echolocation", "radar", "sonar", "pass", cheat=Cheat(G, "sonar", B)),
    "B1": _q("B1", "Far and Wide one", "mexico", "spain", "mexico", "new mexico"),
    "C2": _q("C2", "C two", "bram stoker", "stoker", "mary shelley", "edgar allan poe", slip=(1, "stalker")),
    "D5": _q(
        "D5", "owls five", "barn owl", "snowy owl", "a barn owl", "tawny owl", cheat=Cheat(G, "barn", B)
    ),
    "E2": _q("E2", "E two", "brack", "black bun", "barmbrack", "a fruit loaf"),
    "E3": _q("E3", "E three", "potato", "sweet potato", "spuds", "pass", slip=(0, "tomato")),
    "C3": _q(
        "C3",
        "The Haunted Shelf three",
        "nevermore",
        "evermore",
        "pass",
        "never more",
        cheat=Cheat(G, "nevermore", B),
    ),
    "A1": _q("A1", "Old Customs one", "all saints day", "halloween", "all hallows", "pass"),
    "B4": _q("B4", "B four", "bonfire night", "guy fawkes", "fireworks", "pass"),
}
ROUNDS = (("A2", "D3", "B1"), ("C2", "D5", "E2"), ("E3", "C3", "A1"), ("A2", "D5", "B4"))
"""Three questions a night: each round has a misreading to fix by spelling and a fix to dispute."""
COUNT_WORDS = {2: "two teams", 3: "three teams", 4: "four teams"}

CANDLE_SAVE = """-----BEGIN AIGC SAVE-----
game:halloween-trivia
m:board
rules:1
turn:23
teams:Bats,Ghosts
pick:Bats
board:A:BG.-.-.-.-,B:BG.-.-.-.-,C:-.-.BG.-.-,D:-.-.-.-.-,E:-.-.-.4.5
ce:none
score:Bats=5,Ghosts=5
sha:none
-----END AIGC SAVE-----"""


def fresh(teams: int, round_number: int) -> NightScript:
    """A night from its opening: the team count, three questions, then ended by every team's yes."""
    cells = ROUNDS[round_number % len(ROUNDS)]
    playing = TEAM_ORDER[:teams]
    questions = tuple(_for_teams(BANK[cell], playing) for cell in cells)
    return NightScript(f"{teams}-teams-{round_number % len(ROUNDS)}", playing, questions, COUNT_WORDS[teams])


def candle_end() -> NightScript:
    """Carried on from a save with two cells left and Bats and Ghosts level: both right twice (one fix to
    spell), then a Candle-End question whose years decide it."""
    questions = (
        _for_teams(_q("E4", "E four", "fruit", "a fruit", "", ""), (B, G)),
        Question(
            "E5", "The Treat Bag five", (Written(B, "illinois", said_first="ohio"), Written(G, "illinois"))
        ),
        Question("TB1", "", (Written(B, "eighteen ninety"), Written(G, "about nineteen hundred"))),
    )
    return NightScript("candle-end", (B, G), questions, save=CANDLE_SAVE, ends_by_yes=False)


def _for_teams(question: Question, teams: tuple[Team, ...]) -> Question:
    cheat = question.cheat if question.cheat is None or question.cheat.team in teams else None
    answers = tuple(answer for answer in question.answers if answer.team in teams)
    return Question(question.cell, question.pick, answers, cheat)


# --- what a question deserves -----------------------------------------------------------------------------


def key() -> Key:
    return load_practice().key


def verdict(text: str, cell: str, the_key: Key) -> str:
    """How the engine would rule one team's text on this cell: right, wrong, pass or nothing; a Candle-End
    answer is its year."""
    if cell in ("TB1", "TB2"):
        return str(parse_year(text))
    phrase = extract(text)
    if phrase.outcome is Outcome.PASS:
        return "pass"
    if phrase.outcome is Outcome.NOTHING:
        return "nothing"
    entry: Entry = the_key.entries[cell]
    return "right" if rule(phrase.text, entry).right else "wrong"


TEAM_LINE = re.compile(r"^(Bats|Ghosts|Owls|Toads): .*$")
_REASON = re.compile(r" \(.*\)\.$")
"""The NOT form's reason after a wrong ruling: a note to the table, not the ruling."""


def ruling_lines(text: str) -> tuple[str, ...] | None:
    """The per-team lines of a ruling ("Bats: right, 3 points.", "Ghosts: 1890."), without the reason a NOT
    form gives; None if the text holds no ruling."""
    lines = text.splitlines()
    try:
        start = next(i for i, line in enumerate(lines) if line.startswith("The answer: "))
    except StopIteration:
        return None
    found: list[str] = []
    for line in lines[start + 1 :]:
        if line.startswith("Source:"):
            break
        if TEAM_LINE.match(line):
            found.append(_REASON.sub(".", line))
    return tuple(found)


def deserved(script: NightScript) -> list[tuple[str, ...]]:
    """Each question's ruling lines when every team's written answer is typed, one message a question."""
    loaded = load_practice()
    host = Host(loaded.key, source=KeySource.PRACTICE)
    host.opening()
    host.hear(script.save or script.team_count)
    rulings: list[tuple[str, ...]] = []
    for question in script.questions:
        if question.pick:
            host.hear(question.pick)
        message = " ".join(f"{answer.team.value}: {answer.text}." for answer in question.answers)
        lines = ruling_lines(host.hear(message).text)
        if lines is None:
            raise ValueError(f"{script.name}: typed answers to {question.cell} drew no ruling")
        rulings.append(lines)
    return rulings


def fix_word(heard: str, written: str, cell: str, key: Key, joined: bool = False) -> str | None:
    """The written word whose spelling, replacing the heard word the kiosk finds closest to it, makes the
    answer rule as written; else, told by the kiosk that two words may be spelled as one (`joined`), the
    written words run together if that does; else the first written word not heard; None if nothing can be
    spelled."""
    words = heard.split()
    if not words:
        return None
    want = verdict(written, cell, key)
    if cell in ("TB1", "TB2"):
        return want if want != "None" else None
    candidates = [word for word in written.split() if len(word) >= 2 and word not in ("an", "the")]
    for candidate in candidates:
        index = closest_word(words, candidate)
        if index is None:
            continue
        fixed = [*words[:index], candidate, *words[index + 1 :]]
        if verdict(" ".join(fixed), cell, key) == want:
            return candidate
    together = "".join(candidates)
    if joined and len(candidates) > 1:
        index = closest_word(words, together)
        fixed = [*words[:index], together, *words[index + 1 :]] if index is not None else words
        if verdict(" ".join(fixed), cell, key) == want:
            return together
    missing = [word for word in candidates if word not in words]
    return missing[0] if missing else None
