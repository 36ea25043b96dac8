"""What the simulated adult reads in the kiosk's output (its questions, read-backs, calls and ledgers), and
the words it says letters, digits and picks with."""

from __future__ import annotations

import re

from .kiosk_process import Ledger

DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
TITLES = {
    "A": "Old Customs",
    "B": "Far and Wide",
    "C": "The Haunted Shelf",
    "D": "Wings and Webs",
    "E": "The Treat Bag",
}
NATO_WORDS = (
    "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett", "kilo",
    "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor",
    "whiskey", "xray", "yankee", "zulu",
)  # fmt: skip
NATO = dict(zip("abcdefghijklmnopqrstuvwxyz", NATO_WORDS, strict=True))
"""The words a reader spells with when the kiosk asks for a word for each letter ("tango, uniform")."""

WHOSE = re.compile(r"Whose (?:answer|spelling) was that: ([A-Za-z, ]+)\?")
WHOSE_OFFERED = re.compile(
    r"Was that (Bats|Ghosts|Owls|Toads)' (?:answer|spelling)\? Say \"([a-z' ]+)\", or say no\."
)
"""A team offered for a yes after a reply to "whose?" named no team: the yes asked for, or "no"."""
AGAIN = "Then say it again, with the team's name first."
CALLING = re.compile(r"^(Bats|Ghosts|Owls|Toads), your answer\?$", re.MULTILINE)
NOT_CAUGHT = re.compile(
    r"Sorry, I (?:still )?didn't catch that\.|I caught only the end of that spelling\."
    r"|I heard only [a-z, ]+\. Say \w+, then all four digits of the year\."
    r"|^Was that a yes\? Say \"[a-z' ]+\", or (?:say no|spell the fix again)\.$",
    re.MULTILINE,
)
"""The kiosk did not take the adult's last line: it is said again (a no or a spelling the kiosk asked about
as a yes, too)."""
SURE_YES = re.compile(r'If every answer is right, say "([a-z\' ]+)"')
"""The kiosk asks for another yes at the read-back: a reader says that one from then on."""
COUNT_BACK = re.compile(
    r"^(?:Let's take it one at a time\. |I didn't catch a yes\. |Was that a yes\? )?"
    r"(Solo|Two teams|Three teams|Four teams)\? "
    r"Say (yes|\"that's right\"), or say (?:how many again|no)\.$",
    re.MULTILINE,
)
"""A team count said back for a yes, or offered one at a time; the yes asked for."""
PLAIN_YES = re.compile(r"(Bats|Ghosts|Owls|Toads), a plain yes will do\.")
STILL_TO_SAY_YES = re.compile(r"Still to say yes: ([A-Za-z, ]+?)\.")
WHICH_YES = re.compile(
    r"Was that (Bats|Ghosts|Owls|Toads) or (Bats|Ghosts|Owls|Toads)\? Say the team's name and yes"
)
"""A team's yes to end the night heard about as likely as another team's."""
WITH_WORDS = "with a word for each letter"
BY_LETTER = "we'll spell it one letter at a time"
JOINED = "Two words may be spelled as one."
"""Said with the offer: from then on the reader may spell a team's words run together."""
"""A team's second fix read back with the offer to take the word one letter at a time: "no" takes it up."""
BY_TEAM = "I'll ask about each team's answer in turn"
"""A loud room's read-back: a "no" has the kiosk ask about each team's answer, one at a time."""
TEAM_CHECK = re.compile(
    r"(Bats|Ghosts|Owls|Toads): ([^\n]*?)\. Is that right\? Say \"that's right\", or say (?:no|\"no, no\")\."
)
"""The kiosk asks about one team's answer as it has it: "that's right", or "no" to spell its word."""
ONE_NO = re.compile(r'[Ss]ay "(no[a-z, ]*)"')
"""The kiosk asks for another no while it takes one letter at a time or asks about one team's answer."""
LETTER_SAID_BACK = re.compile(r"^([A-Z]) for [a-z]+\. Next letter\?$", re.MULTILINE)
"""A letter said back, one letter at a time: "T for tango. Next letter?"."""
DIGIT_SAID_BACK = re.compile(r"^(\d)\. Next digit\?$", re.MULTILINE)
"""A year's digit said back, one digit at a time: "8. Next digit?"."""
YEAR_SO_FAR = re.compile(r"A year has four digits, and I have ([\d, ]+)\. Next digit\?")
"""A year's "that's right" before its fourth digit: the digits so far, and the next asked for."""
AS_IT_STANDS = re.compile(r"I have ([A-Z](?:, [A-Z])*) so far\. If the word is right so")
"""A word spelled one letter at a time offered as it stands, its next letter never caught."""
LETTER_AGAIN = re.compile(r"[Ww]hich (?:letter|digit)(?:, then)?\?|First (?:letter|digit)(?:, then)?\?")
"""Asked for a letter: the first, one not caught, or one taken back."""
LETTER_LEFT = "Let's leave that word as it was."
TAKEN_AS_NO = "so I'll take it as a no."
"""A team's answer whose reply the kiosk did not catch twice running, taken as said no to: its word spelled."""
SLOWLY = "slowly"
FOREIGN_SAVE = re.compile(r"To carry on from it, say yes")
"""A save made by another kiosk, held until the table says yes (kiosk.records.foreign_saves)."""
TEAM_NAME = re.compile(r"\b(Bats|Ghosts|Owls|Toads)\b")
READ_BACK_LINE = re.compile(r"I have (.*)\. Right\?")
FIXED = re.compile(r"^Fixed: (Bats|Ghosts|Owls|Toads) said ", re.MULTILINE)
PICK_YES = re.compile(r"Say \"([a-z' ]+)\", or say (?:the category's name|no)\.")
"""A pick said back again, or a cell offered, with the yes the kiosk asks for this time."""
OFFERED = "or say no."
"""A cell said back or offered, to be said yes or no to (an older kiosk asked for the category's name)."""
ONE_AT_A_TIME = "Let's take it one at a time."
"""Cells offered one at a time follow: a no to one not yet offered is no try."""
WHICH_ONE = "Which one, then?"
"""Asked after a no to a cell said back: the pick by its category's name."""
SAID_BACK = re.compile(
    r"^(?:Sorry, I didn't catch that\. )?(?:I didn't catch a yes\. |Was that a yes\? )?"
    r"(?:Let's take it one at a time\. |Or )?"
    r"([A-Z][\w& ]+) (\d)\? "
    r"Say (?:yes|\"that's right\"), or say (?:the category's name|no)\.$",
    re.MULTILINE,
)


def spelled(word: str, with_words: bool = False, slowly: bool = False) -> str:
    """A word spelled letter by letter as a reader says it: "T, U, R, N, I, P." (a year digit by digit);
    `with_words`, as the kiosk asks for a word for each letter: "Tango, uniform, romeo."; `slowly`, as it
    asks to spell slowly, a full stop's pause after each: "Tango. Uniform. Romeo." """
    if word.isdigit():
        return ", ".join(DIGITS[int(d)] for d in word) + "."
    letters = [letter for letter in word.lower() if letter.isalpha()]
    said = [NATO[letter] for letter in letters] if with_words else [letter.upper() for letter in letters]
    if slowly:
        return ". ".join(part.capitalize() for part in said) + "."
    text = ", ".join(said)
    return text[:1].upper() + text[1:] + "."


def read_back(text: str) -> dict[str, str] | None:
    """The answers the kiosk read back, by team name; None if the text holds no read-back."""
    found = READ_BACK_LINE.findall(text)
    if not found:
        return None
    heard: dict[str, str] = {}
    for part in re.split(r"; (?=(?:Bats|Ghosts|Owls|Toads): )", found[-1]):
        team, _, said = part.partition(": ")
        heard[team] = said.strip()
    return heard


def teams_scored(reply: str) -> list[str]:
    """The teams the last ledger in a reply scores."""
    ledgers = [line for line in reply.splitlines() if line.startswith("[L] ")]
    return re.findall(r"\b(Bats|Ghosts|Owls|Toads) -?\d+", ledgers[-1]) if ledgers else []


def said_back(reply: str) -> str | None:
    """The cell the kiosk says back to be confirmed ("Wings & Webs 3? Say yes, ..." -> "D3"), or None."""
    found = SAID_BACK.search(reply)
    if found is None:
        return None
    letters = {title: letter for letter, title in TITLES.items()}
    letter = letters.get(found[1].replace("&", "and"))
    return f"{letter}{found[2]}" if letter else None


def cell_opened(reply: str) -> str:
    ledger = Ledger.last_in(reply)
    return ledger.open if ledger is not None else ""
