"""The yes and no the kiosk takes in reply to its questions that confirm what it heard, and the yes it asks
for: the one the closed lists hear most surely (docs/decisions/0011-thats-right-as-the-sure-yes.md). Which
yes is sure enough, policy.py says; how the questions are worded, prompts/forms.py (Confirm)."""

from __future__ import annotations

SURE_YES = "that's right"
"""The yes the read-back lists hear most surely in party noise: asked for in a loud room, and once a yes is
missed (docs/decisions/0011-thats-right-as-the-sure-yes.md, the tuning voices in babble at 10 dB: "that's right" 24 of 24, "okay"
21, "right" 19, "yes" 17, "yeah" 16, "correct" 9; over music every one 24; held out, "that's right" 36 of
48 against 30 for "yes")."""
YES = frozenset(("yes", "right", "correct", SURE_YES))
"""Every yes these questions take; which are sure, policy.py says."""
NO = frozenset(("no", "wrong"))
