"""How the kiosk asks again for a yes or a no to words it said back or offered (a pick, a team count, a team
leaving, whose words they were). What counts as a yes, and when it is sure, is policy.py's."""

from __future__ import annotations

from kiosk.voice.read_back_yes import SURE_YES

NO_YES_HEARD = "I didn't catch a yes."
"""Said before words said back are asked about again, for the yes the closed lists hear most surely
(docs/decisions/0011-thats-right-as-the-sure-yes.md). The read-back asks for the same words
(read_back_yes.SURE_YES)."""
QUOTED_SURE_YES = f'"{SURE_YES}"'
"""The yes asked for, in quotes as the read-back asks for it."""
