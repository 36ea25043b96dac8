"""docs/voice.md's questions that confirm are written from the code (testbed/voice_doc.py) and kept current."""

from __future__ import annotations

from kiosk.voice.dialogue.policy import POLICY
from kiosk.voice.dialogue.yes_or_no import Confirm
from testbed.voice_doc import BEGIN, END, EXAMPLES, PAGE, section, written


def test_the_page_holds_the_confirming_section_as_the_code_words_it() -> None:
    page = PAGE.read_text()
    assert BEGIN in page and END in page
    assert written(page) == page, "run: python -m testbed.voice_doc"


def test_the_section_names_every_slot_in_the_one_form() -> None:
    assert set(EXAMPLES) == set(POLICY)
    for subject in EXAMPLES.values():
        assert Confirm(subject).words in section()
    assert section().count('Say "that\'s right", or say no.') >= len(POLICY)
