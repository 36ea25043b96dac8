"""Hearing: where an utterance ends, how loud the room and the reader are, the closed lists each moment listens with, and what an ended utterance is taken as."""
