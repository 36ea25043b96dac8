"""Property-based checks: no message crashes a night, every ledger reads back as the state, saves round-trip."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk import Host, Key
from kiosk.engine.ledger import parse_ledger
from kiosk.engine.save import parse_save
from kiosk.engine.years import parse_year

from .conftest import KeyText
from .support.talk import TABLE_TALK, messages

KEY: Key = KeyText().key()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(messages, max_size=40), st.booleans())
def test_no_message_crashes_the_night_and_every_ledger_reads_back(talk: list[str], voice: bool) -> None:
    host = Host(KEY, voice=voice)
    replies = [host.opening()]
    for message in talk:
        replies.append(host.hear(message))
        assert host.failures == 0, message
        assert parse_ledger(replies[-1].ledger_line) == replies[-1].ledger == host.ledger()
    for reply in replies:
        assert reply.text.endswith(reply.ledger_line)
        assert "Traceback" not in reply.text


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(TABLE_TALK), max_size=60))
def test_every_save_the_host_makes_resumes_to_the_same_night(talk: list[str]) -> None:
    host = Host(KEY)
    host.opening()
    for message in [*talk, "save"]:
        reply = host.hear(message)
        if reply.save_block is not None:
            save = parse_save(reply.save_block)
            assert save.block() == reply.save_block
            fresh = Host(KEY)
            fresh.opening()
            fresh.hear(reply.save_block)
            assert fresh.save().block() == reply.save_block
            ledger, resumed = host.ledger(), fresh.ledger()
            assert (ledger.q, ledger.pick, ledger.rows, ledger.scores) == (
                resumed.q,
                resumed.pick,
                resumed.rows,
                resumed.scores,
            )


# --- the Candle-End year reader: a year said any common way reads as itself, and two years as none ---------

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
TEENS = [
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def two_digits(number: int, *, oh: bool = False) -> str:
    """1 to 99 in words ("ninety-seven"); with oh, 1 to 9 as "oh five"."""
    if number < 10:
        return f"oh {ONES[number]}" if oh else ONES[number]
    if number < 20:
        return TEENS[number - 10]
    tens, ones = divmod(number, 10)
    return TENS[tens] + (f"-{ONES[ones]}" if ones else "")


def spoken_years(year: int) -> list[str]:
    """The ways English speakers say a four-digit year."""
    century, rest = divmod(year, 100)
    forms = []
    if century >= 10:
        forms.append(
            f"{two_digits(century)} hundred"
            if rest == 0
            else f"{two_digits(century)} {two_digits(rest, oh=True)}"
        )
        if rest:
            forms.append(f"{two_digits(century)} hundred and {two_digits(rest)}")
    thousands, hundreds = divmod(year, 1000)
    long = f"{ONES[thousands]} thousand"
    if hundreds >= 100:
        long += f" {ONES[hundreds // 100]} hundred"
    if hundreds % 100:
        long += f" and {two_digits(hundreds % 100)}"
    forms.append(long)
    return forms


years = st.integers(min_value=1000, max_value=2099)


@settings(max_examples=300, deadline=None)
@given(years, st.sampled_from(["{}", "about {}", "{}, because of the book", "circa {}", "I think {}"]))
def test_a_year_in_any_common_form_reads_as_itself(year: int, frame: str) -> None:
    assert parse_year(frame.format(year)) == year
    for said in spoken_years(year):
        assert parse_year(frame.format(said)) == year, said


@settings(max_examples=200, deadline=None)
@given(
    years,
    years,
    st.sampled_from(["{} or {}", "{}-{}", "{} – {}", "between {} and {}", "{}, {}", "{}/{}", "{} to {}"]),
)
def test_two_years_are_no_year(first: int, second: int, frame: str) -> None:
    assert parse_year(frame.format(first, second)) is None
    spoken = frame.format(spoken_years(first)[-1], spoken_years(second)[-1])
    assert parse_year(spoken) is None, spoken
