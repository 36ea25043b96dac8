"""Rule 8: phrase extraction (a-e), cleaning, and matching against the key's forms."""

from __future__ import annotations

import pytest

from kiosk.engine.key import Entry, NotForm
from kiosk.engine.matching import clean, rule, slip_budget, word_matches
from kiosk.engine.phrase import Outcome, extract

BUTTON = Entry(
    cell="D1",
    question="?",
    answer="button",
    also=(),
    nots=(NotForm("zip", "a zip is a fastener"), NotForm("mutton", "that is meat")),
    source="s",
)


def verdict(text: str, entry: Entry = BUTTON) -> bool | None:
    """True right, False wrong, None if nothing locks."""
    phrase = extract(text)
    if phrase.outcome is not Outcome.LOCKED:
        return None
    return rule(phrase.text, entry).right


# --- "Rule 8 by example", every example on the card -------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["buton", "a big brass button", "like a button", "it's round, a **button**", "button or zip"]
)
def test_card_examples_that_are_right(text: str) -> None:
    assert verdict(text) is True


@pytest.mark.parametrize("text", ["butt", "mutton", "zip button"])
def test_card_examples_that_are_wrong(text: str) -> None:
    assert verdict(text) is False


def test_a_not_beats_a_slip_and_gives_its_reason() -> None:
    result = rule("mutton", BUTTON)
    assert not result.right
    assert result.not_form == NotForm("mutton", "that is meat")


# --- a) bold, quotes ---------------------------------------------------------------------------------------


def test_first_bold_words_are_the_phrase() -> None:
    assert extract("zip, I mean **button** and **zip**").text == "button"


def test_quoted_words_opening_the_answer() -> None:
    assert extract('"button" because it is round').text == "button"
    assert extract("“button”, surely").text == "button"


def test_quotes_later_in_the_answer_are_not_special() -> None:
    assert extract('a "button" maybe').text == 'a "button" maybe'


# --- b) corrections ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("zip, wait, button", "button"),
        ("zip actually button", "button"),
        ("zip I mean button", "button"),
        ("zip, no, button", "button"),
        ("zip. No. Button", "Button"),
    ],
)
def test_only_what_follows_the_last_correction(text: str, phrase: str) -> None:
    assert extract(text).text == phrase


def test_no_counts_as_a_correction_only_before_punctuation_or_at_the_end() -> None:
    assert extract("no man's land").text == "no man's land"
    assert extract("button, no").outcome is Outcome.NOTHING


@pytest.mark.parametrize("text", ["button wait", "wait", "button, waaait", "hmm wait"])
def test_wait_at_the_end_locks_nothing(text: str) -> None:
    assert extract(text).outcome is Outcome.NOTHING


# --- c) lead-ins and cut words dropped from the start ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "um, button",
        "ummm button",
        "I think it's a button",
        "my final answer: button",
        "okay okay so button",
        "Well... button",
        "and button",
        "maybe probably button",
    ],
)
def test_lead_ins_are_dropped(text: str) -> None:
    assert verdict(text) is True


def test_not_is_not_dropped_from_the_start() -> None:
    assert extract("not button").outcome is Outcome.NOTHING


# --- d) stalls ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "hang on",
        "hold on a second, button",
        "one sec",
        "let me think",
        "still thinking",
        "sorry, button",
        "tough one",
        "same as Bats",
        "ditto",
        "sooorry",
        "",
        "   ",
        "...",
        "um",
    ],
)
def test_stalls_and_empty_answers_lock_nothing(text: str) -> None:
    assert extract(text).outcome is Outcome.NOTHING


# --- e) cuts -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("button, round", "button"),
        ("button (round)", "button"),
        ("button/zip", "button"),
        ("button & zip", "button"),
        ("button; zip", "button"),
        ("button: round", "button"),
        ("button! zip", "button"),
        ("button - zip", "button"),
        ("button — zip", "button"),
        ("jack-o-lantern", "jack-o-lantern"),
        ("button\nzip", "button"),
        ("button. It is round", "button"),
        ("Mr. Button. It is round", "Mr. Button"),
        ("J. K. Rowling. Sure", "J. K. Rowling"),
        ("1.5 buttons", "1.5 buttons"),
        ("button because zip", "button"),
        ("button since zip", "button"),
        ("button as in zip", "button"),
        ("button so zip", "button"),
        ("button which zips", "button"),
        ("button who zips", "button"),
        ("button that zips", "button"),
        ("button but zip", "button"),
        ("button and zip", "button"),
        ("button or zip", "button"),
        ("button not zip", "button"),
        ("button near zip", "button"),
        ("button aka zip", "button"),
        ("button before zip", "button"),
        ("button after zip", "button"),
    ],
)
def test_cut_points(text: str, phrase: str) -> None:
    assert extract(text).text == phrase


def test_cut_at_a_question_mark_locks_nothing_and_asks_again() -> None:
    result = extract("button?")
    assert result.outcome is Outcome.NOTHING
    assert result.question_mark


def test_a_question_mark_after_an_earlier_cut_does_not_matter() -> None:
    result = extract("button, right?")
    assert result.outcome is Outcome.LOCKED and result.text == "button"


# --- passes ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["pass", "Pass.", "skip", "no idea", "um, pass", "We pass"])
def test_passes(text: str) -> None:
    assert extract(text).outcome is Outcome.PASS


@pytest.mark.parametrize("text", ["I give up", "dunno", "pass the salt"])
def test_only_pass_skip_or_no_idea_is_a_pass(text: str) -> None:
    assert extract(text).outcome is not Outcome.PASS


# --- cleaning ----------------------------------------------------------------------------------------------


def test_cleaning_drops_case_accents_apostrophes_stops_and_articles() -> None:
    assert clean("The Día de los Muertos's A.B.C.") == ("dia", "de", "los", "muertoss", "abc")


def test_other_punctuation_becomes_spaces() -> None:
    assert clean("jack-o'-lantern") == ("jack", "o", "lantern")
    assert clean("wings&webs") == ("wings", "webs")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("eight legs", ("8", "legs")),
        ("twenty five", ("25",)),
        ("twenty-five", ("25",)),
        ("one hundred", ("100",)),
        ("eighteen ninety seven", ("18", "97")),
        ("a thousand", ("thousand",)),
        ("eigth", ("eigth",)),
    ],
)
def test_number_words_become_digits(text: str, words: tuple[str, ...]) -> None:
    assert clean(text) == words


def test_number_words_match_digits_both_ways() -> None:
    eight = Entry("D2", "?", "eight", (), (NotForm("six", "insects"),), "s")
    assert rule("8", eight).right
    assert rule("eight", eight).right
    assert not rule("six", eight).right
    digits = Entry("D2", "?", "8", (), (), "s")
    assert rule("eight legs", digits).right


def test_numbers_allow_no_slips() -> None:
    year = Entry("X", "?", "1897", (), (), "s")
    assert not rule("1896", year).right
    assert rule("1897", year).right


# --- slips by word length, final s, joined and split words -------------------------------------------------


@pytest.mark.parametrize(
    ("word", "budget"), [("bat", 0), ("owls", 1), ("lanterns", 1), ("nevermore", 2), ("1897", 0)]
)
def test_slip_budget(word: str, budget: int) -> None:
    assert slip_budget(word) == budget


@pytest.mark.parametrize(
    ("word", "key_word", "matches"),
    [
        ("bat", "bat", True),
        ("bit", "bat", False),  # three letters: no slip
        ("bats", "bat", True),  # a final s added
        ("owl", "owls", True),  # a final s dropped
        ("owsl", "owls", True),  # two neighbours swapped
        ("ows", "owls", True),  # a letter missing
        ("owlls", "owls", True),  # a letter added
        ("ouls", "owls", True),  # a letter changed
        ("ouks", "owls", False),  # two slips in four letters
        ("nevrmor", "nevermore", True),  # two slips in nine letters
        ("nvrmor", "nevermore", False),  # three
        ("buttons", "button", True),
        ("butonss", "button", False),
    ],
)
def test_word_slips(word: str, key_word: str, matches: bool) -> None:
    assert word_matches(word, key_word) is matches


def test_joined_and_split_words_count() -> None:
    lantern = Entry("A2", "?", "jack-o'-lantern", (), (), "s")
    assert rule("jackolantern", lantern).right
    assert rule("jack olantern", lantern).right
    assert rule("jacko lantern", lantern).right
    snap = Entry("A5", "?", "snapdragon", (), (), "s")
    assert rule("snap dragon", snap).right
    assert rule("snap dragn", snap).right


def test_whole_words_together_and_in_order() -> None:
    brass = Entry("X", "?", "brass button", (), (), "s")
    assert rule("a brass button", brass).right
    assert not rule("button brass", brass).right
    assert not rule("brass big button", brass).right
    assert not rule("brassbuttonhole", brass).right


def test_also_forms_are_right() -> None:
    entry = Entry("X", "?", "All Saints' Day", ("Hallowmas", "All Hallows"), (), "s")
    assert rule("hallowmass", entry).right
    assert rule("all hallows", entry).right
    assert rule("all saints day", entry).right
    assert not rule("saints", entry).right


def test_other_words_do_not_matter_nor_real_words() -> None:
    assert rule("flibber button jabber", BUTTON).right


# --- NOT forms ---------------------------------------------------------------------------------------------


def test_a_not_form_must_be_exact_and_whole_words() -> None:
    assert rule("button zipper", BUTTON).right  # "zipper" is not the NOT form "zip"
    assert not rule("button zip", BUTTON).right


def test_a_not_inside_the_form_found_does_not_count() -> None:
    entry = Entry("X", "?", "brass button", (), (NotForm("brass", "brass alone is a metal"),), "s")
    assert rule("brass button", entry).right
    assert not rule("brass", entry).right


def test_a_not_following_the_form_after_a_word_in_no_key_form_does_not_count() -> None:
    assert rule("button like zip", BUTTON).right
    assert not rule("button zip", BUTTON).right
    assert not rule("zip then button", BUTTON).right


def test_a_not_with_a_final_s_still_counts() -> None:
    result = rule("zips", BUTTON)
    assert not result.right and result.not_form is not None and result.not_form.form == "zip"
