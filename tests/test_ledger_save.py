"""The LEDGER line and the SAVE block: exact formats, round trips, refusals."""

from __future__ import annotations

import pytest

from kiosk.engine.errors import ForeignSave, LedgerError, SaveError
from kiosk.engine.ledger import Ledger, TeamScore, parse_ledger
from kiosk.engine.save import parse_save

LINE = (
    "[L] q:3/25 | open:B2 got:Bats,Owls | pick:Owls | A:1.BG.?.-.5 B:1.2.3.4.5 C:1.2.3.4.5 D:1.2.3.4.5 "
    "E:1.2.3.4.5 | Bats 2 Ghosts 2 out Owls 0 | v1.0.0"
)


def test_ledger_format_is_the_cards() -> None:
    ledger = parse_ledger(LINE)
    assert ledger.q == 3 and ledger.open == "B2" and ledger.got == ("Bats", "Owls") and ledger.pick == "Owls"
    assert ledger.rows["A"] == "1.BG.?.-.5"
    assert ledger.scores == (TeamScore("Bats", 2), TeamScore("Ghosts", 2, out=True), TeamScore("Owls", 0))
    assert ledger.format() == LINE


def test_ledger_in_the_candle_end_and_solo() -> None:
    rows = {letter: "Y.-.Y.Y.Y" for letter in "ABCDE"}
    ledger = Ledger(
        25, "TB1", (), None, rows, (TeamScore("Bats", 40), TeamScore("Ghosts", 40)), ce=("Bats", "Ghosts")
    )
    assert ledger.format().endswith("| Bats 40 Ghosts 40 | ce:Bats,Ghosts | v1.0.0")
    assert parse_ledger(ledger.format()) == ledger
    solo = Ledger(0, None, (), "You", rows, (TeamScore("You", 12),))
    assert "| pick:You |" in solo.format() and "| You 12 |" in solo.format()


@pytest.mark.parametrize("bad", ["", "[L] q:x", LINE.replace("v1.0.0", "v2"), "hello"])
def test_not_a_ledger(bad: str) -> None:
    with pytest.raises(LedgerError):
        parse_ledger(bad)


SAVE = """-----BEGIN AIGC SAVE-----
game:halloween-trivia
m:board
rules:1
turn:3
teams:Bats,Ghosts-,Owls
pick:Owls
board:A:BG.2.3.4.5,B:1.-.3.4.5,C:1.2.O.4.5,D:1.2.3.4.5,E:1.2.3.4.5
ce:none
score:Bats=1,Ghosts=1,Owls=3
sha:none
-----END AIGC SAVE-----"""


def test_save_round_trip() -> None:
    save = parse_save(SAVE)
    assert save.block() == SAVE
    assert save.pick.value == "Owls" and [t.value for t in save.out] == ["Ghosts"]


def test_save_on_one_line_is_read_too() -> None:
    assert parse_save(SAVE.replace("\n", " ")).block() == SAVE


def test_solo_and_candle_end_saves_round_trip() -> None:
    # One cell left: a solo night with all 25 ruled is over, so no save of it can be resumed.
    full = ",".join(f"{letter}:Y.-.Y.-.Y" for letter in "ABCD") + ",E:Y.-.Y.-.5"
    solo = (
        SAVE.replace("turn:3", "turn:24")
        .replace("teams:Bats,Ghosts-,Owls", "teams:solo")
        .replace("pick:Owls", "pick:You")
    )
    solo = solo.replace("board:A:BG.2.3.4.5,B:1.-.3.4.5,C:1.2.O.4.5,D:1.2.3.4.5,E:1.2.3.4.5", "board:" + full)
    solo = solo.replace("score:Bats=1,Ghosts=1,Owls=3", "score:You=40")
    assert parse_save(solo).block() == solo
    over = (
        solo.replace("turn:24", "turn:25").replace("E:Y.-.Y.-.5", "E:Y.-.Y.-.Y").replace("You=40", "You=45")
    )
    with pytest.raises(SaveError, match="turn:25 with ce:none"):
        parse_save(over)
    tied = ",".join(f"{letter}:BG.-.-.-.-" for letter in "ABCDE")
    ce = (
        SAVE.replace("turn:3", "turn:25")
        .replace("board:A:BG.2.3.4.5,B:1.-.3.4.5,C:1.2.O.4.5,D:1.2.3.4.5,E:1.2.3.4.5", "board:" + tied)
        .replace("ce:none", "ce:Bats+Ghosts@TB2")
        .replace("score:Bats=1,Ghosts=1,Owls=3", "score:Bats=5,Ghosts=5,Owls=0")
    )
    with pytest.raises(SaveError, match="names Ghosts, who is out"):
        parse_save(ce)  # a team that leaves drops out of the Candle-End
    ce = ce.replace("teams:Bats,Ghosts-,Owls", "teams:Bats,Ghosts,Owls")
    assert parse_save(ce).block() == ce


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (("score:Bats=1,", "score:Bats=4,"), "board adds up to 1"),
        (("pick:Owls", "pick:Toads"), "not in teams"),
        (("C:1.2.O.4.5", "C:1.2.T.4.5"), "not in teams"),
        (("score:Bats=1,Ghosts=1,Owls=3", "score:Bats=1,Ghosts=1,Owls=3,Toads=0"), "not in teams"),
        (("B:1.-.3.4.5", "B:1.-.?.4.5"), r"\?"),
        (("turn:3", "turn:4"), "turn:4"),
        (("teams:Bats,Ghosts-,Owls", "teams:Bats,Vampires,Owls"), "Vampires"),
        (("board:A:BG.2.3.4.5,", "board:"), "five categories"),
        (("A:BG.2.3.4.5", "A:BG.2.3.4"), "five slots"),
        (("-----END AIGC SAVE-----", ""), "cut short"),
        (("ce:none", "ce:Bats+Owls@TB1"), "Candle-End"),
        (("sha:none\n", ""), "missing sha"),
    ],
)
def test_saves_that_are_refused_say_why(change: tuple[str, str], reason: str) -> None:
    with pytest.raises(SaveError, match=reason):
        parse_save(SAVE.replace(*change))


@pytest.mark.parametrize(
    "change", [("game:halloween-trivia", "game:christmas-trivia"), ("rules:1", "rules:2")]
)
def test_another_games_save_is_foreign(change: tuple[str, str]) -> None:
    with pytest.raises(ForeignSave):
        parse_save(SAVE.replace(*change))
