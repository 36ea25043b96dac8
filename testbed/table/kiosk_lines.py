"""What the simulated adult makes of the kiosk's acts (kiosk_reply.py): the kiosk's own questions read by kind
and value (a cell or a team count said back for a yes, words not caught, a letter asked for), the few things
only the host's words say, and the words the adult says letters, digits and picks with.

Only the host's replies are ever read as words, and only where the engine gives no value of its own
(kiosk/engine/said.py): a save from another kiosk held for a yes, the vote's "To end the night" and the
teams still to say yes, and a fix undone. The kiosk's own questions are never read as words.
"""

from __future__ import annotations

import re

from kiosk.voice.acts import Asked
from kiosk.voice.dialogue.counting import SAID
from kiosk.voice.dialogue.prompts import (
    Confirm,
    Fixed,
    HeardNoTwice,
    HowToFix,
    JustOneLetter,
    Lead,
    LeftAsItWas,
    LetterNotCaught,
    LetterSaidBack,
    NotCaught,
    NotCaughtAgain,
    NotSureOfYes,
    PickSlowly,
    Prompt,
    RefusedLetterAgain,
    SpelledBack,
    SpellOneAtATime,
    StillToSayYes,
    WasItTheirs,
    WhichDidYouMean,
    WhichLetterThen,
    WhichPickThen,
    WhoseYes,
    WordSoFar,
    YearCutShort,
    YearNeedsFourDigits,
)
from kiosk.voice.dialogue.prompts.between_questions import PlainYesWillDo, TeamLeaving
from kiosk.voice.dialogue.prompts.read_back import IsThatRight
from kiosk.voice.dialogue.yes_or_no import SAID_NO, SURE_YES

from .kiosk_reply import KioskReply, innermost, leads, within

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
THE_NO = SAID_NO
"""The no every confirming question of the kiosk's asks for (yes_or_no.SAID_NO, decision 0022)."""
COUNTS = frozenset(said.capitalize() for said in SAID.values())
"""A team count as the kiosk says it back ("Two teams")."""

# --- the host's words, where the engine says nothing as a value ------------------------------------------

FOREIGN_SAVE = "To carry on from it, say"
"""A save made by another kiosk, held until the table says the yes (kiosk.records.foreign_saves)."""
TO_END = "To end the night"
"""The vote begun (the host's votes_line): every playing team says yes by name."""
FIX_UNDONE = "Fix undone"
"""A dispute taken: the team's last fix undone (the engine's Note.FIX_UNDONE)."""
STILL_TO_SAY_YES = re.compile(r"Still to say yes: ([A-Za-z, ]+?)\.")
"""The host's vote: the teams still to say yes ("Bats and Ghosts")."""


def host_says(reply: KioskReply, words: str) -> bool:
    """The host said these words in the reply (never the kiosk's own questions)."""
    return any(words in said for said in reply.host_words)


def still_to_say_yes(reply: KioskReply) -> list[str] | None:
    """The teams still to say yes to end the night, as first said in the reply: by the host's vote, or by
    the kiosk's own question (the teams left, after a plain yes whose name was lost)."""
    for act_prompts, words in _in_order(reply):
        for prompt in act_prompts:
            if isinstance(prompt, StillToSayYes):
                return [team.value for team in prompt.left]
        found = STILL_TO_SAY_YES.search(words) if words is not None else None
        if found is not None:
            return found[1].replace(" and ", ", ").split(", ")
    return None


def _in_order(reply: KioskReply) -> list[tuple[list[Prompt], str | None]]:
    """Each act: the questions it says whole (none for the host's), and the host's words (None for a
    question)."""
    return [
        ([*within(act.prompt)], None) if isinstance(act, Asked) else ([], act.words) for act in reply.acts
    ]


# --- the kiosk's own questions -----------------------------------------------------------------------------

_PLACE = {
    Lead.SORRY: (0,),
    Lead.NO_YES_HEARD: (1,),
    Lead.WAS_THAT_A_YES: (1,),
    Lead.ONE_AT_A_TIME: (2,),
    Lead.NEXT_OFFERED: (1, 2),
}
"""Where a lead may stand before a cell said back: "Sorry", then "I didn't catch a yes" or "Was that a
yes?", then "Let's take it one at a time" or "Or" (the next cell offered)."""


def _said_back(prompt: Prompt) -> Confirm | None:
    """The confirming question under any leads; None for any other question."""
    inner = innermost(prompt)
    return inner if isinstance(inner, Confirm) else None


def said_back(reply: KioskReply) -> str | None:
    """The cell the kiosk says back, or offers, for a yes ("Wings & Webs 3" -> "D3"), after leads that say
    why it asks; None if it says back none (or something with points that is no category's)."""
    letters = {title: letter for letter, title in TITLES.items()}
    for prompt in reply.prompts:
        confirm = _said_back(prompt)
        if confirm is None:
            continue
        places = [place for lead in leads(prompt) for place in _PLACE.get(lead, (-1,))]
        title, _, points = confirm.subject.rpartition(" ")
        if title[:1].isupper() and len(points) == 1 and points.isdigit() and _in_order_of_leads(places):
            letter = letters.get(title.replace("&", "and"))
            return f"{letter}{points}" if letter else None
    return None


def _in_order_of_leads(places: list[int]) -> bool:
    return all(place >= 0 for place in places) and places == sorted(set(places))


def count_back(reply: KioskReply) -> str | None:
    """The first team count the kiosk says back, or offers, for a yes ("Two teams"), at most one lead before
    it (one at a time, a yes not caught, a yes unsure of); None if none."""
    for prompt in reply.prompts:
        confirm = _said_back(prompt)
        said = leads(prompt)
        lead_fits = not said or (len(said) == 1 and said[0] in _COUNT_LEADS)
        if confirm is not None and confirm.subject in COUNTS and lead_fits:
            return confirm.subject
    return None


_COUNT_LEADS = (Lead.ONE_AT_A_TIME, Lead.NO_YES_HEARD, Lead.WAS_THAT_A_YES)


def offered_one_at_a_time(reply: KioskReply) -> bool:
    """The kiosk goes through things one at a time (cells, counts): a no to one not yet offered is no try."""
    return any(Lead.ONE_AT_A_TIME in leads(prompt) for prompt in reply.prompts)


def asked_if_heard_right(reply: KioskReply) -> bool:
    """The kiosk asked whether it heard right ("Was that ...?"): which of two it heard, a yes or a no it is
    unsure of, whose words or whose yes they were."""
    asking = (WhichDidYouMean, WasItTheirs, NotSureOfYes, WhoseYes)
    return any(
        {Lead.WAS_THAT_A_YES, Lead.WAS_THAT_A_NO} & set(leads(prompt))
        or any(isinstance(part, asking) for part in within(prompt))
        for prompt in reply.prompts
    )


def not_caught(reply: KioskReply) -> bool:
    """The kiosk did not take the adult's last line, and says so: it is said again (a no or a spelling the
    kiosk asked about as a yes, too)."""
    return any(_not_caught(prompt) for prompt in reply.prompts)


_NOT_CAUGHT = (NotCaught, NotCaughtAgain, YearCutShort)


def _not_caught(prompt: Prompt) -> bool:
    if isinstance(prompt, NotSureOfYes) or {Lead.SORRY, Lead.EACH_IN_TURN} & set(leads(prompt)):
        return True
    parts = list(within(prompt))
    fixed = (Fixed.SAY_IT_AGAIN, Fixed.PART_CAUGHT)
    return any(isinstance(part, _NOT_CAUGHT) or part in fixed for part in parts)


def letter_asked(reply: KioskReply) -> bool:
    """The kiosk asks for a letter (a digit): the first, one not caught, or one taken back."""
    asking = (SpellOneAtATime, WhichLetterThen, RefusedLetterAgain, JustOneLetter, LetterNotCaught)
    return bool([part for prompt in reply.prompts for part in within(prompt) if isinstance(part, asking)])


def letter_taken_back(reply: KioskReply) -> bool:
    """The kiosk took back the last letter (digit) on the adult's no: its last words ask which, then."""
    last = reply.last_asked
    return last is not None and isinstance(innermost(last), WhichLetterThen)


def taken_as_no(reply: KioskReply) -> bool:
    """A team's answer whose reply the kiosk did not catch twice running, taken as said no to."""
    return any(Lead.TAKEN_AS_NO in leads(prompt) for prompt in reply.prompts)


def teams_asked_about(reply: KioskReply) -> list[str]:
    """The teams whose answers the kiosk asks about, one at a time, in the order asked."""
    return [check.team.value for check in reply.asked(IsThatRight)]


def plain_yes_for(reply: KioskReply) -> str | None:
    """The team the kiosk named, whose yes to end the night it missed: a plain yes will do."""
    named = reply.asked(PlainYesWillDo)
    return named[0].team.value if named else None


def told_to_spell_with_words(prompt: Prompt) -> bool:
    """The kiosk asked for a word for each letter (a quiet room's way to spell a fix)."""
    return any(
        (isinstance(part, HowToFix) and not part.year and not part.loud)
        or isinstance(part, NotCaughtAgain)
        or (isinstance(part, HeardNoTwice) and not part.year)
        for part in within(prompt)
    )


def told_to_spell_slowly(prompt: Prompt) -> bool:
    """The kiosk asked for something slowly: a fix spelled again, or a pick by its category's name."""
    return any(
        (isinstance(part, SpelledBack) and not part.offer)
        or isinstance(part, PickSlowly)
        or (isinstance(part, WhichPickThen) and part.slowly)
        for part in within(prompt)
    )


def _in_full(opening: SpellOneAtATime) -> bool:
    """The opening says how to spell one letter at a time: always, from a kiosk older than the brief one
    (a bench's baseline, whose prompts the table reads in the same process)."""
    return not getattr(opening, "brief", False)


def told_words_may_join(prompt: Prompt) -> bool:
    """The kiosk said two words may be spelled as one."""
    return any(
        (isinstance(part, SpellOneAtATime) and not part.year and _in_full(part))
        or (isinstance(part, SpelledBack) and part.offer)
        for part in within(prompt)
    )


def offered_by_letter(reply: KioskReply) -> bool:
    """A team's second fix read back with the offer to take the word one letter at a time: "no" takes it."""
    return any(spelled_back.offer for spelled_back in reply.asked(SpelledBack))


def offered_by_team(prompt: Prompt) -> bool:
    """A loud room's read-back: a "no" has the kiosk ask about each team's answer, one at a time."""
    return any(isinstance(part, HowToFix) and part.loud for part in within(prompt))


def read_back_yes_asked(prompt: Prompt) -> str | None:
    """The yes the kiosk asks for at the read-back, if it names one: the sure yes, or a plain "yes" after a
    no heard twice."""
    for part in within(prompt):
        if isinstance(part, HeardNoTwice):
            return "yes"
        if isinstance(part, NotCaughtAgain) or (isinstance(part, HowToFix) and part.loud):
            return SURE_YES
        if isinstance(part, LeftAsItWas) and not part.year:
            return SURE_YES
    return None


ASKING_THE_NO = (Confirm, TeamLeaving, WasItTheirs, IsThatRight, WordSoFar)
"""The kinds of question that always ask for the kiosk's one no."""


def asks_the_no(prompt: Prompt) -> bool:
    """The kiosk asks for its one no: any question that confirms what it heard or said back (decision 0022)."""
    return any(
        isinstance(part, ASKING_THE_NO)
        or (isinstance(part, (HowToFix, NotCaught, NotSureOfYes)) and part.loud)
        or (isinstance(part, SpelledBack) and part.offer)
        or (isinstance(part, SpellOneAtATime) and _in_full(part))  # said briefly, the table was told before
        or (isinstance(part, LeftAsItWas) and part.year)
        for part in within(prompt)
    )


def pick_asked_again(reply: KioskReply) -> bool:
    """Asked after a no to a cell said back: the pick by its category's name."""
    return bool(reply.asked(WhichPickThen))


def whose_yes(reply: KioskReply) -> tuple[str, str] | None:
    """The two teams whose yes to end the night the kiosk heard about as likely as each other."""
    asked = reply.asked(WhoseYes)
    return (asked[0].team.value, asked[0].rival.value) if asked else None


def said_again_with_name(reply: KioskReply) -> bool:
    """Whose held words were could not be settled: the line is to be said again, the team's name first."""
    return any(part is Fixed.NAME_FIRST for prompt in reply.prompts for part in within(prompt))


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


def cell_opened(reply: KioskReply) -> str:
    ledger = reply.ledger
    return ledger.open if ledger is not None else ""


def teams_scored(reply: KioskReply) -> list[str]:
    """The teams the last ledger in a reply scores."""
    ledger = reply.ledger
    return list(ledger.scored) if ledger is not None else []


def letter_said_back(reply: KioskReply, year: bool) -> str | None:
    """The letter (a year's digit) the kiosk said back on its own for the table to check, lower case."""
    for prompt in reply.prompts:
        if isinstance(prompt, LetterSaidBack) and prompt.year == year:
            return prompt.unit.lower()
    return None


def word_so_far(reply: KioskReply) -> str | None:
    """The letters of a word offered as it stands, its next letter never caught ("fl")."""
    offered = [stands for stands in reply.asked(WordSoFar) if stands.letters]
    return "".join(offered[0].letters).lower() if offered else None


def year_so_far(reply: KioskReply) -> list[str] | None:
    """A year's digits so far, asked for the next after a "that's right" before its fourth."""
    asked = reply.asked(YearNeedsFourDigits)
    return list(asked[0].digits) if asked else None
