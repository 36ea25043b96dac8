"""Saves are checked against the card: a board and scores a night could reach, Candle-End fields that fit
the scores, counts and points in the digits 0 to 9. Each refused save says why, and the night goes on as
it was."""

from __future__ import annotations

import pytest

from kiosk import Host
from kiosk.engine.years import parse_year
from kiosk.keys import load_practice

PRACTICE = load_practice()
REFUSED = "I can't resume that save: "


def save(*, turn: str, teams: str, board: str, ce: str, score: str, pick: str = "Bats") -> str:
    return "\n".join(
        [
            "-----BEGIN AIGC SAVE-----",
            "game:halloween-trivia",
            "m:board",
            "rules:1",
            f"turn:{turn}",
            f"teams:{teams}",
            f"pick:{pick}",
            f"board:{board}",
            f"ce:{ce}",
            f"score:{score}",
            "sha:none",
            "-----END AIGC SAVE-----",
        ]
    )


def rows(*slots: str) -> str:
    return ",".join(f"{letter}:{row}" for letter, row in zip("ABCDE", slots, strict=True))


ALL_BATS = rows(*["B.B.B.B.B"] * 5)
LEVEL = rows("B.G.B.G.B", "G.B.G.B.G", "B.G.B.G.B", "G.B.G.B.G", "BG.BG.BG.BG.BG")  # 45 each
THREE_LEVEL = rows("BGO.BGO.BGO.BGO.BGO", *["-.-.-.-.-"] * 4)  # 15 each


def heard(text: str) -> str:
    assert PRACTICE.key is not None
    host = Host(PRACTICE.key, source=PRACTICE.source)
    host.opening()
    return host.hear(text).text


@pytest.mark.parametrize(
    ("block", "reason"),
    [
        (
            save(turn="25", teams="Bats,Ghosts", board=ALL_BATS, ce="none", score="Bats=75,Ghosts=0"),
            "turn:25 with ce:none: once all 25 cells are ruled the night is over or in its Candle-End",
        ),
        (
            save(turn="25", teams="Bats,Ghosts", board=LEVEL, ce="none", score="Bats=45,Ghosts=30"),
            "score: gives Ghosts 30, but the board adds up to 45",
        ),
        (
            save(turn="25", teams="Bats,Ghosts", board=ALL_BATS, ce="Bats+Ghosts@TB1", score="Bats=75,Ghosts=0"),
            "has no tie to break: the top total is Bats 75 alone",
        ),
        (
            save(
                turn="25", teams="Bats,Ghosts,Owls", board=THREE_LEVEL, ce="Bats+Ghosts@TB1",
                score="Bats=15,Ghosts=15,Owls=15",
            ),
            "ce:Bats+Ghosts@TB1 must name every playing team level at the top (Bats and Ghosts and Owls, 15 each)",
        ),
        (
            save(
                turn="25", teams="Bats,Ghosts,Owls-", board=THREE_LEVEL, ce="Bats+Owls@TB2",
                score="Bats=15,Ghosts=15,Owls=15",
            ),
            "ce:Bats+Owls names Owls, who is out",
        ),
        (
            save(
                turn="25", teams="Bats,Ghosts,Owls", board=rows("BG.BG.BG.BG.BG", *["-.-.-.-.-"] * 4),
                ce="Bats+Owls@TB2", score="Bats=15,Ghosts=15,Owls=0",
            ),
            "ce:Bats+Owls names Owls, whose 0 is not the top total 15",
        ),
        (
            save(
                turn="25", teams="Bats,Ghosts", board=rows(*["BG.BG.BG.BG.BG"] * 5), ce="Bats+Bats@TB1",
                score="Bats=75,Ghosts=75",
            ),
            "ce:Bats+Bats names a team twice",
        ),
        (
            save(turn="1", teams="Bats,Ghosts", board=rows("B.2.3.4.5", *["1.2.3.4.5"] * 4), ce="none", score="Bats=\u00b3,Ghosts=0"),
            "score: has 'Bats=\u00b3', which is not Team=points in the digits 0 to 9",
        ),
        (
            save(turn="1", teams="Bats,Ghosts", board=rows("1.2.B.4.5", *["1.2.3.4.5"] * 4), ce="none", score="Bats=\u0663,Ghosts=0"),
            "score: has 'Bats=\u0663', which is not Team=points in the digits 0 to 9",
        ),
        (
            save(turn="\u0661", teams="Bats,Ghosts", board=rows("B.2.3.4.5", *["1.2.3.4.5"] * 4), ce="none", score="Bats=1,Ghosts=0"),
            "turn:\u0661 is not a number written in the digits 0 to 9",
        ),
        (
            save(turn="1", teams="Bats,Ghosts", board=rows("B.2.3.4.5", *["1.2.3.4.5"] * 4), ce="none", score="Bats=+1,Ghosts=0"),
            "score: has 'Bats=+1', which is not Team=points in the digits 0 to 9",
        ),
    ],
    ids=[
        "all-bats-25-without-candle-end", "scores-off-the-board", "candle-end-without-a-tie",
        "tb1-missing-a-level-team", "candle-end-team-out", "tb2-team-below-the-top", "team-twice",
        "superscript-three", "arabic-indic-three", "arabic-indic-turn", "plus-sign",
    ],
)  # fmt: skip
def test_a_save_no_night_could_reach_is_refused_with_its_reason(block: str, reason: str) -> None:
    text = heard(block)
    assert text.startswith(REFUSED) and reason in text, text
    assert "The night goes on as it was." in text


@pytest.mark.parametrize(
    ("block", "read"),
    [
        (
            save(turn="25", teams="Bats,Ghosts", board=LEVEL, ce="Bats+Ghosts@TB1", score="Bats=45,Ghosts=45"),
            "TB1",
        ),
        (
            save(
                turn="25", teams="Bats,Ghosts,Owls", board=THREE_LEVEL, ce="Ghosts+Owls@TB2",
                score="Bats=15,Ghosts=15,Owls=15",
            ),
            "TB2",
        ),
        (
            save(
                turn="25", teams="Bats-,Ghosts,Owls", board=THREE_LEVEL, ce="Ghosts+Owls@TB1",
                score="Bats=15,Ghosts=15,Owls=15", pick="Ghosts",
            ),
            "TB1",
        ),
    ],
    ids=["tb1-level-pair", "tb2-two-of-three", "tb1-without-the-team-that-left"],
)  # fmt: skip
def test_a_candle_end_save_that_fits_its_scores_is_resumed(block: str, read: str) -> None:
    text = heard(block)
    assert REFUSED not in text and "open:" + read in text, text


def test_a_year_in_other_digits_is_no_year() -> None:
    assert parse_year("1845") == 1845
    assert parse_year("\u0661\u0668\u0664\u0665") is None  # Arabic-Indic 1845
    assert parse_year("\u06f1\u06f8\u06f4\u06f5") is None  # Extended Arabic-Indic 1845
