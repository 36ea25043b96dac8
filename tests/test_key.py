"""The key file: what is accepted, and Rules 2-3 for a key that is not whole."""

from __future__ import annotations

import hashlib

import pytest

from kiosk import Host, InvalidKeyError, KeySource, parse_key
from kiosk.cartridge import NO_KEY
from kiosk.engine.board import CELL_IDS
from kiosk.engine.kiosk_lines import AFTER_CARD_LINE
from kiosk.keys import practice_key_bytes

from .conftest import KeyText


def test_plain_bold_and_bulleted_keys_read_the_same() -> None:
    plain, bold, bullets = KeyText().key(), KeyText(bold=True).key(), KeyText(bold=True, bullets=True).key()
    assert plain.entries == bold.entries == bullets.entries
    assert plain.tiebreaks == bold.tiebreaks


def test_forms_reasons_and_none_marks() -> None:
    text = KeyText()
    text.cells["A1"].also = "brass button; buttons"
    text.cells["A1"].nots = "zip (a zip is a fastener; not a button); mutton (that is meat)"
    key = text.key()
    assert key.entries["A1"].also == ("brass button", "buttons")
    assert [(n.form, n.reason) for n in key.entries["A1"].nots] == [
        ("zip", "a zip is a fastener; not a button"),
        ("mutton", "that is meat"),
    ]
    assert key.entries["A2"].also == () and key.entries["A2"].nots == ()


def test_the_commitment_is_the_first_16_hex_of_the_files_sha256() -> None:
    data = KeyText().render().encode()
    key = parse_key(data)
    assert key.sha256 == hashlib.sha256(data).hexdigest()
    assert key.commitment == key.sha256[:16]


def test_tiebreak_years() -> None:
    key = KeyText(tb1=("When?", "about 1897, in May")).key()
    assert key.tiebreaks["TB1"].year == 1897


@pytest.mark.parametrize("missing", ["A1", "C3", "E5", "TB1", "TB2"])
def test_a_missing_entry_is_refused(missing: str) -> None:
    text = KeyText()
    if missing.startswith("TB"):
        rendered = text.render()
        head, _, tail = rendered.partition(f"## {missing}\n")
        rendered = head + "\n".join(tail.split("\n")[3:])
    else:
        del text.cells[missing]
        rendered = text.render()
    with pytest.raises(InvalidKeyError, match=missing):
        parse_key(rendered.encode())


@pytest.mark.parametrize(("salt", "scoring", "reason"), [(None, "x", "SALT"), ("abc", None, "Scoring")])
def test_a_key_without_salt_or_scoring_is_refused(salt: str | None, scoring: str | None, reason: str) -> None:
    with pytest.raises(InvalidKeyError, match=reason):
        KeyText(salt=salt, scoring=scoring).key()


@pytest.mark.parametrize("label", ["Q", "A", "ALSO", "NOT", "SOURCE"])
def test_an_entry_missing_a_field_is_refused(label: str) -> None:
    rendered = KeyText().render().replace("## B2\n", "## B2\n", 1)
    lines = rendered.split("\n")
    start = lines.index("## B2")
    cut = [
        line
        for index, line in enumerate(lines)
        if not (start < index <= start + 5 and line.startswith(f"{label}:"))
    ]
    with pytest.raises(InvalidKeyError, match="B2"):
        parse_key("\n".join(cut).encode())


def test_a_key_cut_short_is_refused() -> None:
    data = KeyText().render().encode()
    for size in (0, 10, len(data) // 2, len(data) - 40):
        with pytest.raises(InvalidKeyError):
            parse_key(data[:size])


def test_a_key_that_is_not_text_is_refused() -> None:
    with pytest.raises(InvalidKeyError):
        parse_key(b"\xff\xfe\x00garbage")


@pytest.mark.parametrize(
    ("source", "then"),
    [
        (
            KeySource.SEALED,
            "While online, fetch it with 'python -m kiosk key fetch'; or play the practice key",
        ),
        (KeySource.FILE, "Give a whole reveal file, fetch the sealed key while online"),
    ],
)
def test_no_key_says_the_rule_2_line_exactly_then_why_and_nothing_else_happens(
    source: KeySource, then: str
) -> None:
    host = Host(None, source=source)
    opening = host.opening()
    assert opening.lines[0].text == NO_KEY  # said exactly; the kiosk's own words come after
    assert opening.lines[1].text == AFTER_CARD_LINE[NO_KEY].typed  # what the Rule 2 line means here
    assert then in opening.lines[2].text
    assert opening.over
    for message in ["two", "D3", "save", "Bats: button"]:
        reply = host.hear(message)
        assert [line.text for line in reply.lines] == [line.text for line in opening.lines]
        assert reply.ledger_line.startswith("[L] q:0/25 | open:— got:— | pick:—")


def test_the_practice_key_is_whole_with_real_sources() -> None:
    key = parse_key(practice_key_bytes())
    assert set(key.entries) == set(CELL_IDS)
    for entry in key.entries.values():
        assert entry.source and "Test" not in entry.source
        assert entry.question.endswith("?")
    assert key.tiebreaks["TB1"].year == 1897


def test_long_runs_of_spaces_and_stars_read_in_one_pass() -> None:
    # A pattern with two ways to split a run of spaces takes quadratic time; 1 MB runs would never finish.
    run = " " * 1_000_000
    text = KeyText().render().replace("Q: Question A1?", f"-{run}**Q**{run}:{run}Question A1?{run}")
    text = text.replace("NOT: —", f"NOT: zip{run}(a zip{run}fastens)", 1)
    text += f"Q:{run}x\n- {run}x\n#{run}x\n{'*' * 100_000}{run}\n"
    key = parse_key(text.encode())
    assert key.entries["A1"].question == "Question A1?"
    assert key.entries["A1"].nots[0].form == "zip"
    assert key.entries["A1"].nots[0].reason.split() == ["a", "zip", "fastens"]
