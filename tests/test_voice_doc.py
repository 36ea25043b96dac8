"""docs/voice.md's questions that confirm are written from the code (testbed/voice_doc.py) and kept current."""

from __future__ import annotations

from kiosk.voice.dialogue.policy import POLICY, Cost, Slot
from kiosk.voice.dialogue.prompts.forms import SAY_NO
from kiosk.voice.dialogue.yes_or_no import SURE_YES
from testbed.voice_doc import BEGIN, END, EXAMPLES, PAGE, section, written


def test_the_page_holds_the_confirming_section_as_the_code_words_it() -> None:
    page = PAGE.read_text()
    assert BEGIN in page and END in page
    assert written(page) == page, "run: python -m testbed.voice_doc"


def test_the_section_names_every_slot_with_the_one_reply() -> None:
    assert set(EXAMPLES) == set(POLICY)
    for slot, example in EXAMPLES.items():
        assert example.asked in section()
        assert (example.unsure in section()) is (POLICY[slot].cost is Cost.IRREVERSIBLE)
        assert bool(example.unsure_no) is bool(POLICY[slot].asks_if_no)
        # The card fixes the vote's reply: each playing team says yes by name.
        assert ('say "that\'s right"' in example.asked.lower()) is (slot is not Slot.VOTE)
        # Every other slot asks for the one yes and the one no, in the same words (decision 0022).
        one_reply = f'Say "{SURE_YES}", or {SAY_NO}.'
        assert (one_reply in example.asked or one_reply in example.unsure) is (slot is not Slot.VOTE)
