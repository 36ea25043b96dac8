"""Hearing: where an utterance ends, how loud the room and reader are, the closed lists, what is taken."""
