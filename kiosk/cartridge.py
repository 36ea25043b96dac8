"""The Snap-Apple Night cartridge as data: identity, sealed notice, board and every line the card says exactly.

The engine reads all of these from here, so the card's wording lives in one place. Where the card says
"say exactly", the string below is the card's text to the letter; braces mark the only parts filled in.
"""

from __future__ import annotations

from dataclasses import dataclass

GAME_ID = "halloween-trivia"
TITLE = "Snap-Apple Night"
VERSION = "v1.0.0"
RULES = 1
MODE = "board"


@dataclass(frozen=True)
class SealedNotice:
    """Where the sealed key lives and what it was committed to before the night."""

    reveal_url: str
    """The one address the key may come from."""
    commitment: str
    """The 16 hex characters of the SHA-256 commitment published before release."""
    home: str
    """The URL prefix every fetch must stay under."""


NOTICE = SealedNotice(
    reveal_url="https://aigamecards.com/g/halloween-trivia/reveal-a2d84480fd84.md",
    commitment="43b5205725d6469a",
    home="https://aigamecards.com/g/halloween-trivia/",
)


@dataclass(frozen=True)
class Category:
    letter: str
    title: str
    blurb: str


CATEGORIES: tuple[Category, ...] = (
    Category("A", "Old Customs", "Halloween's name and customs"),
    Category("B", "Far and Wide", "the season's festivals worldwide"),
    Category("C", "The Haunted Shelf", "spooky books and a poem"),
    Category("D", "Wings & Webs", "bats, owls and spiders, real science"),
    Category("E", "The Treat Bag", "sweets and seasonal food"),
)
POINTS = (1, 2, 3, 4, 5)
CELL_COUNT = len(CATEGORIES) * len(POINTS)
MAX_TOTAL = sum(POINTS) * len(CATEGORIES)
# "bats", "owls" or "spiders" with points means Wings & Webs.
WINGS_AND_WEBS_WORDS = ("bats", "owls", "spiders")

# --- Lines the card says exactly -------------------------------------------------------------------

NO_KEY = (
    "I could not open the sealed key, so there is no night here. "
    "Try a chat that opens links: aigamecards.com/launch-matrix."
)
OPENING = (
    "Welcome to Snap-Apple Night, a Halloween trivia night. Twenty-five questions wait on the Harvest Board: "
    "five categories, worth 1 to 5 points each, and every team answers every question. Every answer and its "
    "source were sealed before tonight under SHA-256 commitment {commitment}; check it at aigamecards.com/verify "
    "afterwards. Playing solo, or as two, three or four teams? Mix ages on every team if you can."
)
TEAMS_LINE = (
    "You are {teams}. Write your answers down, then send them in one message: "
    "'{first}: your answer. {second}: your answer.' One answer per team; the first counts."
)
SOLO_LINE = "Just type your answer; the first counts."
HOW_TO_PLAY = (
    "Solo, or two to four teams of any size called Bats, Ghosts, Owls and Toads. Teams take turns to pick by "
    'category and points ("D3"). Lead with the answer, or bold it: words after a comma or "because" don\'t '
    'count, and spelling may be a letter out. A question, or "wait", locks nothing. You may switch to voice if '
    'your app allows: say so, and let one adult speak the teams\' written answers. Commands: "save" (between '
    'questions), "board", "repeat", "end the night".'
)
BOARD_HEADING = "THE HARVEST BOARD 75 points per team in all."
AFTER_THE_NIGHT = (
    "That's for after the night: tonight I only read the questions and rule from the sealed key."
)
START_WITH_TEAM = "Start each answer with its team's name."
STILL_TO_ANSWER = "Still to answer: {teams}. Write your answers down first, then send them together."
TAKE_YOUR_TIME = "Take your time, and send your answer when you're ready."
DROP_QUESTION_MARK = "Send it without the question mark to lock it."
CANDLE_END = (
    "A tie at the top. Candle-End: each tied team writes down one year, then send them all in one message."
)
CANDLE_BURNS = "The candle on the snap-apple rod burns down, and the table counts up."
WHOLE_KEY = (
    "That is the whole sealed key. Anything more from me would be my own questions, not checked or sealed."
)
EPILOGUE = "Share the night at aigamecards.com/epilogue."
ARGUING = "Arguing with the key's facts changes nothing: its source and seal can be checked afterwards."
# Card lines written for a chat window (they say to type, bold, send or open a link, or to switch to voice):
# the kiosk says each exactly, then one line of its own on what it means here (kiosk/engine/kiosk_lines.py).
CHAT_WINDOW_LINES = (
    NO_KEY,
    TEAMS_LINE,
    SOLO_LINE,
    HOW_TO_PLAY,
    STILL_TO_ANSWER,
    TAKE_YOUR_TIME,
    DROP_QUESTION_MARK,
    CANDLE_END,
)
RESULT = (
    "RESULT: AIGC|halloween-trivia|board|v1.0.0|end:{end}|ch:1|turns:{turns}|teams:{teams}|score:{score}"
    "|win:{win}|tape:0|sha:none"
)
VERIFY_SITE = "aigamecards.com/verify"

# --- The card's own rule text, quoted when the table asks about a rule (Rule 6: rules, board and score you
# answer from this card). Each is the card's sentences to the letter.

RULE_TEXTS = {
    "passing": (
        "Only pass, skip or no idea is a pass. "
        "Rule each answer by Rule 8: right scores the cell's points; wrong or pass, 0."
    ),
    "ties": (
        "Totals out of 75; the highest wins. An out team ranks below a playing team on the same total; if "
        "only out teams share the top, they share. THE CANDLE-END: a played night only, when two or more "
        "playing teams share the top total. A closed night ends as it stands: top total wins; a tie at the "
        "top is shared."
    ),
    "candle-end": (
        'A year is four digits, or words saying them ("eighteen ninety-seven"); "about 1890" is 1890; '
        "anything else (97, the 1890s, a range, two years, pass) is no year. Closest to A wins, over or "
        "under alike; any year beats no year. Still level: TB2 the same way, for the teams still level. "
        "Still level after TB2: they share the win."
    ),
    "going out": (
        '"{Team} is out", said by that team or, if it has left, the others: it keeps its total and any '
        'locked answer, and is skipped for answers and picks until "{Team} is back". If every team is '
        "out, the night is closed."
    ),
    "ending": (
        "End the night: only between questions (finish an open one first) and only when every playing "
        "team says yes by name."
    ),
    "saving": (
        "Only between questions; if the table must stop mid-question, finish it (answer or pass), rule, "
        "then save."
    ),
}
