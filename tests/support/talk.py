"""What a table might type, for property tests: messages and pieces of them, mixed with anything at all."""

from __future__ import annotations

from hypothesis import strategies as st

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
