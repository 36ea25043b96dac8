"""THE TABLE, voice: every answer is read back in one line before ruling; yes rules, a team fixes a word it
said by spelling it, and another team may say that was not what was said, which undoes the fix."""

from __future__ import annotations

from kiosk.engine.collecting import lock
from kiosk.engine.facts import Fact, Fixed, Note, Noted, Part
from kiosk.engine.key import Key
from kiosk.engine.night import Fix, Night
from kiosk.engine.phrase import PASSES, phrase_words
from kiosk.engine.ruling import rule_now
from kiosk.engine.spelling import alike, closest_word
from kiosk.engine.teams import Team


def confirm(night: Night, key: Key) -> list[Fact]:
    return rule_now(night, key)


def continue_last(night: Night, words: str) -> list[Fact]:
    """Words with no team name join the answer of the team last named."""
    assert night.last_named is not None
    answer = night.answers[night.last_named]
    night.answers[night.last_named] = lock(night, f"{answer.text} {words}")
    return [Part.READ_BACK]


def fix(night: Night, team: Team, spelled: str) -> list[Fact]:
    """A team spelling a word replaces the word it most resembles of those the read-back said: a lead-in
    dropped from the read-back ("yes" of "yes penis") is no word the table heard, and a spelled "pass"
    put there would leave the phrase "pass penis"."""
    answer = night.answers[team]
    words = answer.text.split()
    said = phrase_words(words)
    if night.open_tiebreak is not None or spelled in PASSES:
        # A Candle-End year spelled digit by digit is the whole year, however many words it was heard as; so
        # is a pass spelled the whole answer, since only a pass alone is one (Rule 8): "Toads, pass." heard
        # as "tonys now" and fixed to "pass now" was ruled wrong.
        words[said.start : said.stop] = [" ".join(words[said.start : said.stop])]
        said = range(said.start, said.start + 1)
    elif _spelled_again(night, team, words, said, spelled):
        said = phrase_words(words)
    # Of words as like the spelling, the first after the team's last fix: "O, W, L" heard as "w l" after
    # "barn" was fixed in "glad barn now" went to "glad", as like it as "now". A word the team fixed in
    # this read-back is another word's place only when no other is left: "owl" spelled after "barn" in
    # "barn analogy" had taken the place of "barn".
    last = _last_fix(night, team)
    after = (last.index if last is not None else said.start - 1) - said.start
    fixed = frozenset(done.index - said.start for done in night.fixes if done.team is team)
    index = closest_word(words[said.start : said.stop], spelled, after=after, skip=fixed)
    if index is None:
        return [Noted(Note.NOT_HEARD), Part.PROMPT]
    index += said.start
    night.fixes.append(Fix(team, index, words[index]))
    words[index] = spelled
    night.answers[team] = lock(night, " ".join(words))
    return [Fixed(team, spelled), Part.PROMPT]


def _spelled_again(night: Night, team: Team, words: list[str], said: range, spelled: str) -> bool:
    """A spelling most like the word the team's own last fix put in its answer, and alike it or the word it
    replaced, spells again the word that fix was for: the fix is taken back (in `words` and `night.fixes`)
    and the spelling placed afresh among the words as heard. A misheard first spelling may have gone to
    another word: in babble "O, W, L" was heard as "w l" and took the place of "glad", not of "now" in
    "glad barn now", and "owl", spelled again, then went where "w l" stood."""
    own = _last_fix(night, team)
    closest = closest_word(words[said.start : said.stop], spelled)
    if own is None or closest is None or closest + said.start != own.index:
        return False
    if not (alike(words[own.index], spelled) or alike(own.before, spelled)):
        return False  # another word of the answer ("owl" after "barn"), nearest the fix only for want of one
    night.fixes.remove(own)
    words[own.index] = own.before
    return True


def _last_fix(night: Night, team: Team) -> Fix | None:
    """The team's last fix in this read-back, if any."""
    return next((done for done in reversed(night.fixes) if done.team is team), None)


def dispute(night: Night, disputer: Team | None) -> list[Fact]:
    """Another team says the last fix was not what was said: it is undone."""
    if not night.fixes:
        return [Noted(Note.NO_FIX_TO_UNDO), Part.PROMPT]
    last = night.fixes[-1]
    if disputer is last.team:
        return [Noted(Note.ONLY_ANOTHER_TEAM), Part.PROMPT]
    night.fixes.pop()
    words = night.answers[last.team].text.split()
    words[last.index] = last.before
    night.answers[last.team] = lock(night, " ".join(words))
    return [Noted(Note.FIX_UNDONE, team=last.team), Part.PROMPT]
