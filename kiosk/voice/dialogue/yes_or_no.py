"""The yes and no that answer the kiosk's confirming questions, and the yes it asks for (decision 0011).
Which yes is sure enough, policy.py says; how the questions are worded, prompts/forms.py (Confirm)."""

from __future__ import annotations

SURE_YES = "that's right"
"""The yes the lists hear most surely: asked for in a loud room and once a yes is missed (decision 0011)."""
YES = frozenset(("yes", "right", "correct", SURE_YES))
"""Every yes these questions take; which are sure, policy.py says."""
NO = frozenset(("no", "wrong"))
