"""One measuring tool for the voice's experiments, `python -m testbed.measure CASE [options]`, each case a
module here sharing the simulated table's voices, noise beds and mixing (testbed/table/). The benches stay in
scripts/; a case measured once and decided is recorded in docs/decisions/ with the commit that ran it."""
