"""Records of the nights, in one place: the journal every turn is kept in before it is shown (`journal`,
each turn as `kept_turn`), nights read back (`night_records`), carried on (`carrying`) and listed
(`nights`), save blocks kept as files (`nightlog`), how a front end begins or carries on a night
(`keeping`), files written whole (`storage`), and `verify`.

Import each name from the module that owns it; this package re-exports nothing."""
