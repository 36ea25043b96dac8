"""Every number the voice dialogue is tuned by, in one frozen tree with its unit and default: measurement
sweeps it, and no threshold hides in a module. The story of a value is in a decision record
(docs/decisions/), not here.

    VoiceTuning
        confirming   how sure is sure, and how many tries before asking another way
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Confirming:
    """How sure the kiosk must be of a reply, and the tries before it asks another way."""

    margin: float = 2.0
    """Vosk n-best score units: readings within this of the best are as likely as it (decision 0010)."""


@dataclass(frozen=True)
class VoiceTuning:
    confirming: Confirming = field(default_factory=Confirming)


TUNING = VoiceTuning()
"""The defaults: what a kiosk runs with unless a bench sweeps another tree."""
