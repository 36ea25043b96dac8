"""The part of docs/voice.md written from the code: the questions that confirm what the kiosk heard, from the
policy table (kiosk/voice/dialogue/policy.py) and the one wording (kiosk/voice/dialogue/yes_or_no.py), so that the page cannot
drift from them. `python -m testbed.voice_doc` writes it between its markers; a test checks it is current.
"""

from __future__ import annotations

import sys
from pathlib import Path

from kiosk.voice.dialogue.policy import POLICY, WEAK_YES, Cost, Slot
from kiosk.voice.dialogue.read_back_yes import SURE_YES
from kiosk.voice.dialogue.yes_or_no import NO, YES, Confirm, Lead

PAGE = Path(__file__).resolve().parent.parent / "docs" / "voice.md"
BEGIN = "<!-- confirming: written by python -m testbed.voice_doc -->"
END = "<!-- end of confirming -->"
EXAMPLES = {
    Slot.PICK: "Wings & Webs 3",
    Slot.COUNT: "Two teams",
    Slot.LEAVING: "Toads leaving the night",
    Slot.WHOSE: "Was that Bats' answer",
}
"""What each slot says back, as a night would word it."""
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
        "| the kiosk asks | a wrong yes | an unsure yes |",
        "|---|---|---|",
    ]
    for slot, row in POLICY.items():
        unsure = (
            f'asked about {_times(row.asks_if_yes)}: "{Confirm(EXAMPLES[slot], Lead.WAS_THAT_A_YES).words}"'
            if row.cost is Cost.IRREVERSIBLE
            else "taken"
        )
        rows.append(f'| "{Confirm(EXAMPLES[slot]).words}" ({slot.value}) | {COSTS[row.cost]} | {unsure} |')
    leads = [f'- {lead.name.lower().replace("_", " ")}: "{lead.value}"' for lead in Lead if lead.value]
    return "\n".join(
        [
            BEGIN,
            "## Questions that confirm",
            "",
            "Every question that confirms what the kiosk heard takes the same reply: the yes it hears most surely,",
            f'"{SURE_YES}", or no. It also takes {_quoted(YES - {SURE_YES})} as a yes and {_quoted(NO)} as a no.',
            "A yes is sure when the likeliest reading stands the tuning margin above every reading that means",
            f'something else; in a loud room only "{SURE_YES}" is sure, and a lone "{WEAK_YES}" is a yes only with',
            "another yes about as likely beside it. A no is always taken: it undoes nothing.",
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
