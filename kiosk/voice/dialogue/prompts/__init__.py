"""Every sentence the voice dialogue says itself, worded once: the kiosk's own questions, and what it says
while it is unsure (answering.Ask), never the host's replies (kiosk/engine/say.py). Each kind of question is
a small frozen value naming what it is, and its `words` are the exact English; the dialogue builds the
values and holds no English itself (tests/test_prompts.py). Every kind is rendered with representative
values in tests/golden/prompts.txt (`python -m testbed.prompt_examples`), the one place the wording is read
as a whole.

    PlayOn(Team.BATS).words                 Then Bats play on.
    Fixed.HOW_MANY.words                    How many, then? Say solo, or two, three or four teams.

By slot: forms.py, what every slot shares; between_questions.py, the picks, the count, a team leaving, the
vote.
"""

from __future__ import annotations

from typing import TypeAlias

from kiosk.voice.dialogue.prompts.between_questions import PlayOn, TeamLeaving
from kiosk.voice.dialogue.prompts.forms import Fixed
from kiosk.voice.dialogue.yes_or_no import Confirm, Lead

Prompt: TypeAlias = Confirm | Fixed | TeamLeaving | PlayOn
"""Every kind of the kiosk's own words."""

__all__ = ["Confirm", "Fixed", "Lead", "PlayOn", "Prompt", "TeamLeaving"]
