"""Rates with their 95% intervals, so that a bench says whether two figures differ or only wobble.

Wilson's score interval: unlike the plain p ± 1.96·sqrt(p(1-p)/n) it stays inside 0..1 and does not shrink to
nothing at 0/n or n/n, which is where the benches' best and worst figures sit."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959964
"""The normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True)
class Rate:
    part: int
    whole: int

    def __post_init__(self) -> None:
        if not 0 <= self.part <= self.whole:
            raise ValueError(f"a rate of {self.part} in {self.whole}")

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.part, self.whole)

    def differs_from(self, other: Rate) -> bool:
        """The two 95% intervals do not overlap: a difference beyond run-to-run wobble (a strict test; two
        rates whose intervals just touch may still differ)."""
        low, high = self.interval
        other_low, other_high = other.interval
        return high < other_low or other_high < low

    def __str__(self) -> str:
        if not self.whole:
            return "-"
        low, high = self.interval
        return (
            f"{self.part}/{self.whole} {100 * self.part / self.whole:.0f}% [{100 * low:.0f}-{100 * high:.0f}]"
        )


def wilson(part: int, whole: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of part/whole; (0, 1) when there is nothing to go on."""
    if whole == 0:
        return (0.0, 1.0)
    p = part / whole
    centre = (p + z * z / (2 * whole)) / (1 + z * z / whole)
    half = z / (1 + z * z / whole) * math.sqrt(p * (1 - p) / whole + z * z / (4 * whole * whole))
    # At 0/n and n/n the bound is exactly 0 or 1; the formula's rounding would put it a hair inside.
    return (0.0 if part == 0 else centre - half, 1.0 if part == whole else centre + half)
