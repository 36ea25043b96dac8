"""The reader's voice filter measurement's own arithmetic (testbed/measure/voice_filter.py, filter_figures.py):
how each placement combines a plain and a filtered reading, the tallies, the rule a placement must pass, the
table, the phrases each voice says and who talks over whom. Nothing here hears a sound."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kiosk.engine.teams import TEAM_ORDER
from testbed.measure.filter_figures import (
    BABBLE,
    COLUMNS,
    QUIET_ROOMS,
    Figures,
    Placement,
    Section,
    Tally,
    agreed,
    table,
    why_not_adopted,
)
from testbed.measure.voice_filter import EVERY_CONDITION, cases, partner, thinned
from testbed.table.voices import Family, Voice

readings = st.one_of(st.none(), st.sampled_from(["bats", "toads", "owls"]))


def test_a_second_reading_is_kept_only_where_both_agree() -> None:
    assert agreed("bats", "bats") == "bats"
    assert agreed("bats", "toads") is None
    assert agreed("bats", None) is None
    assert agreed(None, "bats") is None
    assert agreed(None, None) is None


@given(readings, readings)
def test_a_second_reading_is_never_right_where_the_plain_one_is_not(
    plain: str | None, other: str | None
) -> None:
    kept = Placement.SECOND_READING.reading(Section.CLOSED, plain, other)
    assert kept is None or kept == plain == other


def test_each_placement_takes_its_own_reading() -> None:
    for section in (Section.ANSWER_TEAM, Section.CLOSED):
        assert Placement.NONE.reading(section, "plain", "filtered") == "plain"
        assert Placement.EVERYTHING.reading(section, "plain", "filtered") == "filtered"
    assert Placement.ANSWERS_ONLY.reading(Section.ANSWER_TEAM, "plain", "filtered") == "filtered"
    assert Placement.ANSWERS_ONLY.reading(Section.OPEN_TEAM, "plain", "filtered") == "filtered"
    for section in (Section.CLOSED, Section.SPELLED, Section.YEAR):
        assert Placement.ANSWERS_ONLY.reading(section, "plain", "filtered") == "plain"


def test_a_tally_counts_right_asked_and_wrong() -> None:
    tally = (
        Tally().counted("bats", "bats").counted("bats", None).counted("bats", "toads").counted("bats", "bats")
    )
    assert tally == Tally(right=2, asked=1, wrong=1)
    assert tally.whole == 4
    assert str(tally.rate(tally.right)) == "2/4 50% [15-85]"


def test_one_utterance_is_counted_for_every_placement() -> None:
    figures = Figures()
    figures.add("tuning", BABBLE, Section.ANSWER_TEAM, "bats", "bats", "toads")
    figures.add("tuning", BABBLE, Section.CLOSED, "yes", "yes", "repeat")

    def tally(placement: Placement, section: Section) -> Tally:
        return figures.tally("tuning", BABBLE, placement, section)

    assert tally(Placement.NONE, Section.ANSWER_TEAM) == Tally(right=1)
    assert tally(Placement.EVERYTHING, Section.ANSWER_TEAM) == Tally(wrong=1)
    assert tally(Placement.ANSWERS_ONLY, Section.ANSWER_TEAM) == Tally(wrong=1)
    assert tally(Placement.ANSWERS_ONLY, Section.CLOSED) == Tally(right=1)
    assert tally(Placement.SECOND_READING, Section.ANSWER_TEAM) == Tally(asked=1)
    assert tally(Placement.SECOND_READING, Section.CLOSED) == Tally(asked=1)
    assert figures.tally("held-out", BABBLE, Placement.NONE, Section.CLOSED) == Tally()


def heard_many(
    figures: Figures, condition: str, section: Section, pairs: list[tuple[str | None, str | None]]
) -> None:
    for plain, filtered in pairs:
        figures.add("tuning", condition, section, "bats", plain, filtered)


def test_a_placement_helps_when_babble_gains_and_nothing_else_loses() -> None:
    figures = Figures()
    heard_many(figures, BABBLE, Section.ANSWER_TEAM, [(None, "bats")] * 5 + [("bats", "bats")] * 5)
    for quiet in QUIET_ROOMS:
        heard_many(figures, quiet, Section.ANSWER_TEAM, [("bats", "bats")] * 10)
    assert why_not_adopted(figures, "tuning", Placement.EVERYTHING) == []
    assert why_not_adopted(figures, "tuning", Placement.ANSWERS_ONLY) == []
    assert why_not_adopted(figures, "tuning", Placement.SECOND_READING) == [
        f"{BABBLE}: answer's team right 5, no filter 5"
    ]


def test_one_more_wrong_team_or_misread_phrase_anywhere_fails_it() -> None:
    figures = Figures()
    heard_many(figures, BABBLE, Section.ANSWER_TEAM, [(None, "bats")] * 5)
    heard_many(figures, "music 10 dB", Section.ANSWER_TEAM, [("bats", "toads")])
    figures.add("tuning", "music 10 dB", Section.CLOSED, "yes", "yes", "repeat")
    assert why_not_adopted(figures, "tuning", Placement.EVERYTHING) == [
        "music 10 dB: wrong teams 1, no filter 0",
        "music 10 dB: closed misread 1, no filter 0",
    ]


def test_a_quiet_room_loss_fails_it_only_beyond_the_interval() -> None:
    figures = Figures()
    heard_many(figures, BABBLE, Section.ANSWER_TEAM, [(None, "bats")] * 5)
    heard_many(figures, "quiet", Section.YEAR, [("bats", None)] * 3 + [("bats", "bats")] * 37)
    assert (
        why_not_adopted(figures, "tuning", Placement.EVERYTHING) == []
    )  # 37/40 against 40/40: within the intervals
    heard_many(figures, "quiet", Section.YEAR, [("bats", None)] * 20)
    assert why_not_adopted(figures, "tuning", Placement.EVERYTHING) == ["quiet: year right 37, no filter 60"]


def test_the_rule_names_conditions_that_are_measured() -> None:
    names = {condition.name for condition in EVERY_CONDITION}
    assert BABBLE in names and set(QUIET_ROOMS) <= names


def test_the_table_has_a_row_per_condition_and_placement() -> None:
    figures = Figures()
    heard_many(figures, "quiet", Section.ANSWER_TEAM, [("bats", "bats"), (None, "toads")])
    lines = table(figures, "tuning", ["quiet", BABBLE]).splitlines()
    assert lines[0] == "| condition | placement | " + " | ".join(COLUMNS) + " |"
    assert len(lines) == 2 + 2 * len(Placement)
    cells = lines[2].strip("| ").split(" | ")
    assert cells[:5] == ["quiet", "no filter", "1/2 50% [9-91]", "1/2 50% [9-91]", "0/2 0% [0-66]"]
    assert cells[5:] == ["-", "-", "-", "-"]  # nothing measured there
    assert lines[3].startswith(
        "| quiet | filter on everything | 1/2 50% [9-91] | 0/2 0% [0-66] | 1/2 50% [9-91] |"
    )


def test_the_hearing_measurements_phrases_are_the_cases() -> None:
    every = cases()
    counts = {section: sum(case.section is section for case in every) for section in Section}
    assert counts == {
        Section.ANSWER_TEAM: 12,
        Section.OPEN_TEAM: 0,
        Section.SPELLED: 6,
        Section.YEAR: 6,
        Section.CLOSED: 9,
    }
    assert {case.expected for case in every if case.section is Section.ANSWER_TEAM} == {
        team.value for team in TEAM_ORDER
    }


def test_thinned_voices_take_turns_so_the_set_says_every_phrase() -> None:
    every = cases()
    halves = [thinned(every, 2, start) for start in (0, 1)]
    assert sorted(case.said for half in halves for case in half) == sorted(case.said for case in every)
    assert len(halves[0]) == 6 + 3 + 3 + 5 and len(halves[1]) == 6 + 3 + 3 + 4
    assert thinned(every, 1, 5) == every


def test_the_second_talker_is_of_the_readers_family_and_another_speaker_where_there_is_one() -> None:
    us, rp = Voice("us", Family.ESPEAK, "gmw/en-us"), Voice("rp", Family.ESPEAK, "gmw/en-gb-x-rp+f3")
    joe, quick = Voice("joe", Family.PIPER, speed=1.0), Voice("quick", Family.PIPER, speed=0.85)
    slt, lone = Voice("slt", Family.FLITE, "slt"), Voice("kal", Family.FLITE, "kal16")
    voices = [us, joe, slt, rp, quick]
    assert partner(us, voices) is rp and partner(rp, voices) is us
    assert partner(joe, voices) is quick  # joe at another pace: the same speaker model, all the set has
    assert partner(slt, voices) is None
    assert partner(slt, [*voices, lone]) is lone
    also_us = Voice("us-slow", Family.ESPEAK, "gmw/en-us", speed=120)
    assert partner(us, [us, also_us, rp]) is rp  # another speaker before the same one at another pace
