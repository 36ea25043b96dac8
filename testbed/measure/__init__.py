"""One measuring tool for the voice's experiments, `python -m testbed.measure CASE [options]`, each case a
module here sharing the simulated table's voices, noise beds and mixing (testbed/table/). The benches stay in
scripts/; a case measured once and decided is recorded in docs/decisions/ with the commit that ran it."""

from collections.abc import Sequence
from statistics import median


def spread(values: Sequence[float]) -> str:
    """A run's costs as the cases print them: "median M, p90 P, n N" (four decimals)."""
    ordered = sorted(values)
    return f"median {median(ordered):.4f}, p90 {ordered[int(len(ordered) * 0.9)]:.4f}, n {len(ordered)}"
