"""The part of docs/voice.md written from the code: the questions that confirm what the kiosk heard, from the
policy table (kiosk/voice/dialogue/policy.py) and the one wording (kiosk/voice/dialogue/prompts), so that the page cannot
drift from them. `python -m testbed.voice_doc` writes it between its markers; a test checks it is current.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from kiosk.engine.save import Save
from kiosk.engine.teams import Team
from kiosk.records.foreign_saves import read_back
from kiosk.voice.dialogue.policy import POLICY, WEAK_YES, Cost, Slot
from kiosk.voice.dialogue.prompts import SAVE_NO, SAVE_YES, Confirm, IsThatRight, Lead, Prefaced, WhoseYes
from kiosk.voice.dialogue.prompts.read_back import LOUD_YES, NOT_SURE_OF_YES_LOUD
from kiosk.voice.dialogue.yes_or_no import NO, SAID_NO, SURE_NO, SURE_YES, YES

TEAM_CHECK = IsThatRight(Team.BATS, "bram stoker")
"""A loud room's check of one team's answer (team_by_team.TeamByTeam.prompt)."""
VOTE_RIVAL = WhoseYes(Team.BATS, Team.GHOSTS)
"""A team's yes to end the night heard about as likely as another's (voting.py)."""
FOREIGN_SAVE = Save(
    turn=23,
    teams=(Team.BATS, Team.GHOSTS),
    out=frozenset(),
    pick=Team.BATS,
    rows={},
    ce=None,
    scores={Team.BATS: 5, Team.GHOSTS: 5},
)
"""A save this kiosk did not print, as the table check reads it back (kiosk.records.foreign_saves)."""

PAGE = Path(__file__).resolve().parent.parent / "docs" / "voice.md"
BEGIN = "<!-- confirming: written by python -m testbed.voice_doc -->"
END = "<!-- end of confirming -->"


@dataclass(frozen=True)
class Example:
    """A slot's question as a night would word it, and its question about an unsure yes."""

    asked: str
    unsure: str
    unsure_no: str = ""
    """Its question about an unsure no, where a no cannot be undone either."""


def _one_form(subject: str) -> Example:
    return Example(Confirm(subject).words, Confirm(subject, Lead.WAS_THAT_A_YES).words)


EXAMPLES = {
    Slot.PICK: _one_form("Wings & Webs 3"),
    Slot.COUNT: _one_form("Two teams"),
    Slot.LEAVING: _one_form("Toads leaving the night"),
    Slot.WHOSE: _one_form("Was that Bats' answer"),
    Slot.READ_BACK: Example(
        f"I have Bats: bram stoker; Ghosts: mary shelley. Right? {LOUD_YES}", NOT_SURE_OF_YES_LOUD
    ),
    Slot.TEAM_CHECK: Example(TEAM_CHECK.words, Prefaced(Lead.WAS_THAT_A_YES, TEAM_CHECK).words),
    Slot.VOTE: Example("To end the night, every playing team says yes by name.", VOTE_RIVAL.words),
    Slot.SAVE: Example(read_back(FOREIGN_SAVE), SAVE_YES.words, SAVE_NO.words),
}
"""What each slot asks, as a night would word it. The read-back, a loud room's check of one team, the vote
and a save from elsewhere (typed at the kiosk too) are not in the one form: their reply is the same, their
words are their own."""
COSTS = {
    Cost.IRREVERSIBLE: "cannot be undone",
    Cost.FIXABLE: "put right later",
}


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def _quoted(words: frozenset[str]) -> str:
    return ", ".join(f'"{word}"' for word in sorted(words))


def section() -> str:
    """The generated section, markers included."""
    rows = [
        "| the kiosk asks | a wrong yes | sure at | an unsure yes |",
        "|---|---|---|---|",
    ]
    for slot, row in POLICY.items():
        example = EXAMPLES[slot]
        unsure = (
            f'asked about {_times(row.asks_if_yes)}: "{example.unsure}"'
            if row.cost is Cost.IRREVERSIBLE
            else "taken"
        )
        if row.asks_if_no:
            unsure += f'; an unsure no too, {_times(row.asks_if_no)}: "{example.unsure_no}"'
        rows.append(f'| "{example.asked}" ({slot.value}) | {COSTS[row.cost]} | {row.sure_at:g} | {unsure} |')
    leads = [f'- {lead.name.lower().replace("_", " ")}: "{lead.value}"' for lead in Lead if lead.value]
    return "\n".join(
        [
            BEGIN,
            "## Questions that confirm",
            "",
            "Every question that confirms what the kiosk heard asks for the same reply: the yes it hears most",
            f'surely, "{SURE_YES}", or the no it hears most surely, "{SAID_NO}" (decisions 0011, 0022). It also',
            f"takes {_quoted(YES - {SURE_YES})} as a yes, and {_quoted(NO - {SURE_NO})} or a no said over and over",
            'as a no, alone or after one word that names no team and is no yes or no (a list\'s padding: "the no").',
            "A yes is sure when its confidence reaches the row's \"sure at\": how far, in the recogniser's score",
            "points, the likeliest reading stands above every reading that means something else. In a loud room",
            f'only "{SURE_YES}" is sure, and a lone "{WEAK_YES}" is a yes only with',
            "another yes about as likely beside it. A no is taken, since it undoes nothing, except where the no",
            "cannot be undone either (a save from elsewhere, left aside). A yes that something",
            "else contradicts (a spelling the letters list heard, words begun before the kiosk listened) is asked",
            "about every time.",
            "",
            *rows,
            "",
            "Said before the question, by why it is asked again:",
            "",
            *leads,
            END,
        ]
    )


def written(page: str) -> str:
    """`page` with its generated section replaced by the current one (added at the end if it has none)."""
    if BEGIN in page and END in page:
        before, rest = page.split(BEGIN, 1)
        after = rest.split(END, 1)[1]
        return f"{before}{section()}{after}"
    return f"{page.rstrip()}\n\n{section()}\n"


def main() -> int:
    PAGE.write_text(written(PAGE.read_text()))
    print(f"wrote the confirming section of {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
