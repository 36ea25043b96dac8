"""Records of the nights, in one place: the journal every turn is kept in before it is shown (`journal`,
each turn as `kept_turn`), nights read back (`night_records`), carried on (`carrying`) and listed
(`nights`), save blocks kept as files (`nightlog`), how a front end begins or carries on a night
(`keeping`), files written whole (`storage`), and `verify`.

Import each name from the module that owns it; this package re-exports nothing."""

import logging

# What the records log goes wherever the kiosk's logging sends it; with none set up, the one line each
# fault already says to the table is enough, so Python's last-resort handler does not print it twice.
logging.getLogger(__name__).addHandler(logging.NullHandler())
