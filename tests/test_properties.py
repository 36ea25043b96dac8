"""Property-based checks: no message crashes a night, every ledger reads back as the state, saves round-trip."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk import Host, Key
from kiosk.engine.ledger import parse_ledger
from kiosk.engine.save import parse_save

from .conftest import KeyText

KEY: Key = KeyText().key()

# Messages a table might send, and pieces of them, mixed with anything at all.
TABLE_TALK = [
    "two", "three", "four", "solo", "D3", "A1", "pass", "you choose", "bats 3", "Old Customs 2", "save", "board",
    "repeat", "end the night", "yes", "no", "Bats: yes", "Ghosts: yes", "Owls: yes", "Toads: yes", "voice",
    "typing", "Bats: answera1", "All: pass", "Ghosts is out", "Ghosts is back", "Bats is out", "Sam joins Owls",
    "What's the score?", "Who wrote Dracula?", "Bats: um wait", "Owls: button?", "bats b u t t o n",
    "that was not what was said", "All: 1897", "Bats: about 1890. Ghosts: eighteen ninety seven", "**Bats:** x",
    "[L] q:1/25", "-----BEGIN AIGC SAVE----- game:halloween-trivia -----END AIGC SAVE-----",
]  # fmt: skip
messages = st.one_of(
    st.sampled_from(TABLE_TALK),
    st.text(max_size=80),
    st.lists(st.sampled_from(TABLE_TALK), min_size=2, max_size=3).map(" ".join),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(messages, max_size=40), st.booleans())
def test_no_message_crashes_the_night_and_every_ledger_reads_back(talk: list[str], voice: bool) -> None:
    host = Host(KEY, voice=voice)
    replies = [host.opening()]
    for message in talk:
        replies.append(host.hear(message))
        assert host.failures == 0, message
        assert parse_ledger(replies[-1].ledger) == host.ledger()
    for reply in replies:
        assert reply.text.endswith(reply.ledger)
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
