"""Who is answering, by voice: words go to a team only on its name heard at their start, or on the team the
kiosk named; otherwise the kiosk asks. Utterances are scripted as the recogniser would write them."""

from __future__ import annotations

from kiosk import Key
from kiosk.engine.host import Phase
from kiosk.engine.teams import Team
from kiosk.keys import load_practice
from kiosk.voice.dialogue.answering import Answerers, Ask
from kiosk.voice.dialogue.conversation import Conversation
from kiosk.voice.dialogue.prompts import (
    AnsweredInThatToo,
    Fixed,
    HowToFix,
    JustOneLetter,
    Lead,
    LeftAsItWas,
    LetterNotCaught,
    LetterSaidBack,
    NotCaught,
    NotCaughtAgain,
    Prefaced,
    Prompt,
    RefusedLetterAgain,
    SpelledBack,
    SpellOneAtATime,
    WasItTheirs,
    WhichLetterThen,
    WhoseAnswer,
    WordSoFar,
    YourAnswer,
)
from kiosk.voice.heard import Typed
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.sound.asr import Utterance

from .conftest import Played


class Heard:
    """A voice table whose every utterance passes through the kiosk's Answerers, as the loop does."""

    def __init__(self, key: Key, teams: str = "two", loud: bool = False) -> None:
        self.table = Played(key, voice=True)
        self.table.say(teams)
        self.answerers = Answerers()
        self.loud = loud
        """The room is loud (room.py)."""
        self.called: Prompt | None = None
        """The kiosk's own words after the host's last reply: a team called, how to fix, a fix read back."""

    def hear(self, text: str) -> Prompt | str:
        """The kiosk's own question after `text`, as the prompt it chose; or the host's reply, with the
        kiosk's own words after it, if any, in `called`."""
        taken = self.answerers.take(text, self.table.host.night)
        self.called = None
        if isinstance(taken, Ask):
            return taken.prompt
        reply = self.table.say(taken)
        call = self.answerers.after(self.table.host.night, reply, loud=self.loud)
        self.called = call.prompt if call is not None else None
        return reply.speech


def test_a_name_heard_at_the_start_goes_straight_to_the_host(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    assert heard.hear("bats a big brass button").startswith("Still to answer: Ghosts.")
    assert heard.hear("ghosts mutton").startswith("I have Bats: a big brass button; Ghosts: mutton. Right?")


def test_words_with_no_name_are_asked_about_never_joined_to_the_team_before(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats button")
    # "Ghosts" heard as "goes": the engine alone would join "goes mutton" to Bats.
    assert heard.hear("goes mutton") == WhoseAnswer((Team.BATS, Team.GHOSTS))
    assert heard.answerers.holding is not None
    assert heard.hear("ghosts").startswith("I have Bats: button; Ghosts: goes mutton. Right?")
    assert heard.table.host.night.answers[Team.BATS].text == "button"


def test_a_reply_naming_no_team_offers_the_teams_one_at_a_time_for_a_yes(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    assert heard.hear("a big brass button") == WhoseAnswer((Team.BATS, Team.GHOSTS))
    assert heard.hear("that's") == WasItTheirs(Team.BATS)
    assert heard.hear("no") == WasItTheirs(Team.GHOSTS)
    assert heard.hear("that's right").startswith("Still to answer: Bats.")
    assert heard.table.host.night.answers[Team.GHOSTS].text == "a big brass button"
    # The name itself is taken while a team is offered too.
    again = Heard(button_key)
    again.hear("d two")
    again.hear("a big brass button")
    assert again.hear("owls") == WasItTheirs(Team.BATS)  # no team at this table: misheard
    assert again.hear("ghosts").startswith("Still to answer: Bats.")


def test_a_team_offered_is_asked_about_once_more_then_the_words_are_let_go(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("a big brass button")
    heard.hear("erm")
    assert heard.hear("right") == WasItTheirs(Team.BATS, again=True)  # a lone "right" is no yes
    assert heard.hear("erm") == Fixed.NAME_FIRST
    assert heard.answerers.holding is None
    assert not heard.table.host.night.answers  # nothing was given to anyone
    assert heard.hear("bats button").startswith("Still to answer: Ghosts.")
    # A no to the last team offered lets the words go too.
    last = Heard(button_key)
    last.hear("d two")
    last.hear("a big brass button")
    last.hear("erm")
    last.hear("no")
    assert last.hear("no") == Fixed.NAME_FIRST
    assert not last.table.host.night.answers


def test_a_spelling_is_offered_first_to_the_team_with_a_word_nearest_its_letters(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    assert heard.hear("that's bee you tee tee oh en") == WhoseAnswer((Team.BATS, Team.GHOSTS), spelling=True)
    assert heard.hear("erm") == WasItTheirs(Team.BATS, spelling=True)  # "mitten"
    near_zip = Heard(button_key)
    near_zip.hear("d two")
    near_zip.hear("bats mitten ghosts zip")
    near_zip.hear("that's zee eye pee ess")
    assert near_zip.hear("erm") == WasItTheirs(Team.GHOSTS, spelling=True)
    assert near_zip.hear("that's right").startswith("Fixed: Ghosts said zips.")


def test_you_in_a_reply_to_whose_is_no_team(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    assert heard.hear("that's bee you tee tee oh en") == WhoseAnswer((Team.BATS, Team.GHOSTS), spelling=True)
    # Other voices heard in place of the name: "you", a solo night's name, is no team's answer going on.
    assert heard.hear("you know you as you i live") == WasItTheirs(Team.BATS, spelling=True)
    assert heard.table.host.night.answers[Team.GHOSTS].text == "zip"


def test_a_spelled_fix_whose_team_was_lost_goes_to_the_team_named(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    assert heard.table.host.night.phase is Phase.READBACK
    # "Bats" heard as "that's": the engine alone would add the letters to the answer of the team last named.
    assert heard.hear("that's bee you tee tee oh en") == WhoseAnswer((Team.BATS, Team.GHOSTS), spelling=True)
    assert heard.hear("bats").startswith("Fixed: Bats said button.")
    assert heard.table.host.night.answers[Team.GHOSTS].text == "zip"


def test_yes_and_commands_in_the_read_back_are_never_held(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats button ghosts zip")
    assert heard.hear("what's the score").startswith("Scores: Bats 0")
    assert "Bats: right, 2 points." in heard.hear("yes")


def test_the_same_team_failing_twice_is_called_by_name(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats button")
    assert heard.hear("ghosts or same day").startswith("Still to answer: Ghosts.")
    words = heard.hear("ghosts or same day")
    assert words.startswith("Still to answer: Ghosts.") and heard.called == YourAnswer(Team.GHOSTS)
    assert heard.answerers.calling is Team.GHOSTS
    # The kiosk named Ghosts: the next words naming no team are theirs.
    assert heard.hear("all saints day").startswith("I have Bats: button; Ghosts: all saints day. Right?")


def test_another_name_than_the_team_called_is_asked_about(button_key: Key) -> None:
    heard = Heard(button_key, "three")
    heard.hear("d two")
    heard.hear("bats button")
    heard.hear("ghosts or same")
    heard.hear("ghosts or same")
    assert heard.called == YourAnswer(Team.GHOSTS)
    # Called Ghosts, "Owls" is most likely "Ghosts" misheard: neither team gets the words unasked.
    assert heard.hear("owls zip") == WhoseAnswer((Team.GHOSTS, Team.OWLS))
    assert heard.table.host.night.got() == (Team.BATS,)
    heard.hear("owls")
    assert heard.table.host.night.answers[Team.OWLS].text == "zip"
    assert Team.GHOSTS not in heard.table.host.night.got()


def test_the_team_called_is_named_in_reply_to_whose(button_key: Key) -> None:
    heard = Heard(button_key, "three")
    heard.hear("d two")
    heard.hear("bats button")
    heard.hear("ghosts or same")
    heard.hear("ghosts or same")
    assert heard.hear("owls you know read") == WhoseAnswer((Team.GHOSTS, Team.OWLS))
    assert heard.hear("ghosts").startswith("Still to answer: Owls.")
    assert heard.table.host.night.answers[Team.GHOSTS].text == "you know read"
    assert Team.OWLS not in heard.table.host.night.got()


def test_solo_and_between_questions_nothing_is_asked(button_key: Key) -> None:
    solo = Heard(button_key, "solo")
    solo.hear("d two")
    assert "Right?" in solo.hear("a big brass button")
    heard = Heard(button_key)
    assert heard.hear("d two").startswith("Wings")


def test_a_doubted_spelling_is_read_back_letter_by_letter_once_taken(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    heard.answerers.letters_doubted = True  # the two lists heard the letters differently
    words = heard.hear("bats b u t t o n")
    assert words.startswith("Fixed: Bats said button.")
    assert heard.called == SpelledBack("button")
    heard.hear("yes")
    assert heard.called is None  # read back once, for that fix only


def test_the_letters_doubted_come_with_the_utterance_and_the_fix_is_read_back_letter_by_letter(
    button_key: Key,
) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    conversation = Conversation()
    conversation.answerers = heard.answerers
    night = heard.table.host.night
    fix = Utterance("bats b u t t o n", letters_doubted=True)  # the two lists heard the letters apart
    message = conversation.message(fix, Listening.READ_BACK, night, [], loud=False)
    assert message == "bats b u t t o n"
    reply = heard.table.say(message)
    after = conversation.after(night, reply, message, loud=False)
    assert after is not None and after.prompt == SpelledBack("button")


def test_a_teams_second_fix_is_read_back_with_the_offer_to_spell_it_one_letter_at_a_time(
    button_key: Key,
) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    heard.hear("bats b u d d o n")
    assert heard.called is None  # a first fix, heard alike by both lists
    heard.hear("ghosts m u t t o n")
    assert heard.called is None  # another team's first
    heard.hear("bats b u t t o n")
    assert heard.called == SpelledBack("button", offer=True)
    heard.hear("yes")
    heard.hear("wings and webs one")
    heard.hear("bats fly ghosts glide")
    fixed = heard.hear("bats f l y")
    assert fixed.startswith("Fixed: Bats said fly.") and heard.called is None  # counted afresh


def test_in_a_loud_room_with_a_keyboard_a_teams_second_fix_says_the_fix_can_be_typed(button_key: Key) -> None:
    for keyboard, loud in ((True, True), (False, True), (True, False)):
        heard = Heard(button_key, loud=loud)
        heard.answerers.keyboard = keyboard
        heard.hear("d two")
        heard.hear("bats mitten")
        heard.hear("ghosts zip")
        heard.hear("bats b u d d o n")
        assert heard.called is None  # a first fix
        heard.hear("bats b u t t o n")
        typing = Team.BATS if keyboard and loud else None
        assert heard.called == SpelledBack("button", offer=True, typed_by=typing)
        heard.hear("bats b u t t o n")
        assert heard.called == SpelledBack("button", offer=True)  # said once a team's read-back
    # Typed as told, the letters are a spelling like any other.
    assert heard.hear("Bats: B U T T O N").startswith("Fixed: Bats said button.")


def test_a_word_spelled_again_keeps_the_letters_either_spelling_was_heard_with(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    # "button" spelled twice in party noise: its "november" lost the first time, its "uniform" the second.
    assert heard.hear("bats b u t t o").startswith("Fixed: Bats said butto.")
    assert heard.hear("bats b t t o n").startswith("Fixed: Bats said button.")
    # Another word, or another team's spelling, is spelled afresh.
    assert heard.hear("bats z i p").startswith("Fixed: Bats said zip.")
    assert heard.hear("ghosts m u t t o").startswith("Fixed: Ghosts said mutto.")
    # With its team lost, a spelling is asked about, and merged once named: another team's answer may be
    # misheard past all likeness to the word it spells (both teams wrote "Illinois"; a held-out babble
    # night's Ghosts spelling, given to Bats for looking like Bats' last fix, had to be disputed).
    assert heard.hear("m t t o n") == WhoseAnswer((Team.BATS, Team.GHOSTS), spelling=True)
    assert heard.hear("ghosts").startswith("Fixed: Ghosts said mutton.")


def test_an_answer_said_over_the_question_is_taken_as_said_and_the_held_words_go_to_nobody(
    button_key: Key,
) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    assert heard.hear("your location") == WhoseAnswer((Team.BATS, Team.GHOSTS))
    words = heard.hear("ghosts mutton")  # the reader went on reading instead of answering the question
    assert words.startswith("Still to answer: Bats.")
    assert heard.table.host.night.answers[Team.GHOSTS].text == "mutton"
    assert Team.BATS not in heard.table.host.night.answers
    assert heard.hear("whose answer") == WhoseAnswer((Team.BATS, Team.GHOSTS))
    assert heard.hear("it was bats").startswith("I have Bats: whose answer; Ghosts: mutton. Right?")


def test_a_team_name_heard_only_by_the_list_inside_an_answer_is_asked_about(button_key: Key) -> None:
    heard = Heard(button_key, "three")
    heard.hear("d two")
    night = heard.table.host.night
    # "Bats, button. Owls, zip." with "Owls" heard as "atolls": the list heard "owls" inside it.
    asked = heard.answerers.take("bats button atolls zip", night, ("owls",))
    assert asked == Ask(AnsweredInThatToo(Team.OWLS))
    assert not night.answers  # nothing given to anyone
    # A name of a team that is not still to answer, or the utterance's own team, changes nothing.
    assert heard.answerers.take("bats a little owl", night, ("toads",)) == "bats a little owl"
    # Asked, the reader says the same team's words again, the name heard inside again: one answer.
    assert isinstance(heard.answerers.take("bats barn owl", night, ("owls",)), Ask)
    assert heard.answerers.take("bats barn owl", night, ("owls",)) == "bats barn owl"
    assert isinstance(heard.answerers.take("bats barn owl", night, ("owls",)), Ask)  # a new utterance, asked
    assert heard.answerers.take("bats bats", night, ("bats",)) == "bats bats"


def test_during_the_read_back_only_a_spelling_with_no_team_is_asked_about(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats button ghosts mutton")
    # "yes" heard as "night" or "s" in babble: not a fix, so not asked about, nor joined to Ghosts' answer.
    assert heard.hear("night") == NotCaught()
    # Missed twice running, the kiosk asks for the yes it hears most surely.
    assert heard.hear("s") == NotCaughtAgain()
    heard.answerers.keyboard = True  # a table screen's keyboard is on: the table is told it can type
    assert heard.hear("s") == NotCaughtAgain(keyboard=True)
    assert 'say "that\'s right"' in NotCaughtAgain().words
    assert heard.table.host.night.answers[Team.GHOSTS].text == "mutton"
    assert heard.hear("that's z i p") == WhoseAnswer((Team.BATS, Team.GHOSTS), spelling=True)
    assert heard.hear("ghosts").startswith("Fixed: Ghosts said zip.")
    assert heard.hear("night") == NotCaught()  # not running: words between were taken


def test_in_the_read_back_letters_begun_before_the_kiosk_stopped_are_asked_for_whole(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    # "Bats. Bravo, uniform, tango, ..." cut off by the kiosk's reply: the rest is heard as it stops.
    night = heard.table.host.night
    assert heard.answerers.take("tango oscar november", night, under_way=True) == Ask(Fixed.PART_CAUGHT)
    assert heard.answerers.holding is None and night.answers[Team.BATS].text == "mitten"
    # Asked again once: the next words are taken however they began (music can pass for voice at once).
    asked = heard.answerers.take("bravo uniform tango", night, under_way=True)
    assert asked == Ask(WhoseAnswer((Team.BATS, Team.GHOSTS), spelling=True))
    whose = Ask(WhoseAnswer((Team.BATS, Team.GHOSTS), spelling=True))
    assert heard.answerers.take("ghosts", night, under_way=True) == whose  # no reply: begun before it
    assert heard.answerers.take("bats", night, under_way=True) == "bats b u t"  # asked again once only
    assert heard.hear("bats b u t t o n").startswith("Fixed: Bats said button.")


def test_asked_whose_a_name_heard_without_its_s_still_names_the_team(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats button")
    assert heard.hear("goes mutton") == WhoseAnswer((Team.BATS, Team.GHOSTS))
    assert heard.hear("ghost").startswith("I have Bats: button; Ghosts: goes mutton. Right?")


def test_in_a_loud_room_each_team_is_called_by_name_from_the_start(button_key: Key) -> None:
    heard = Heard(button_key, "three", loud=True)
    heard.hear("d two")
    assert heard.called == YourAnswer(Team.BATS)
    # "Bats" lost in the noise: the words are the team's the kiosk called, never asked about.
    heard.hear("a big brass button")
    assert heard.called == YourAnswer(Team.GHOSTS)
    assert heard.hear("owls zip") == WhoseAnswer((Team.GHOSTS, Team.OWLS))  # not the team called
    heard.hear("owls")
    assert heard.called == YourAnswer(Team.GHOSTS)
    read_back = heard.hear("mutton")
    assert read_back.startswith("I have Bats: a big brass button; Ghosts: mutton; Owls: zip. Right?")
    assert heard.called == HowToFix(loud=True)
    fixed = heard.hear("ghosts b u t t o n")
    assert fixed.startswith("Fixed: Ghosts said button.") and heard.called is None  # told once a read-back


def test_words_begun_before_a_call_are_asked_about_never_given_to_the_team_called(button_key: Key) -> None:
    heard = Heard(button_key, "three", loud=True)
    heard.hear("d two")
    assert heard.called == YourAnswer(Team.BATS)
    night = heard.table.host.night
    # "Ghosts, sweet potato" cut after "Ghosts" by the call: its tail is not Bats' answer.
    asked = heard.answerers.take("sweet potato", night, under_way=True)
    assert asked == Ask(WhoseAnswer((Team.BATS, Team.GHOSTS, Team.OWLS)))
    assert not night.answers
    assert heard.hear("ghosts").startswith("Still to answer: Bats and Owls.")
    assert night.answers[Team.GHOSTS].text == "sweet potato"


def test_called_a_team_the_name_of_one_that_has_answered_is_asked_about(button_key: Key) -> None:
    heard = Heard(button_key, "three", loud=True)
    heard.hear("d two")
    heard.hear("a big brass button")
    assert heard.called == YourAnswer(Team.GHOSTS)
    # "Ghosts, zip" heard as "bats zip": Bats have answered, so the words would join Bats' answer.
    assert heard.hear("bats zip") == WhoseAnswer((Team.BATS, Team.GHOSTS))
    heard.hear("ghosts")
    assert heard.called == YourAnswer(Team.OWLS)
    assert heard.table.host.night.answers[Team.GHOSTS].text == "zip"
    assert heard.table.host.night.answers[Team.BATS].text == "a big brass button"


def test_in_a_quiet_room_nobody_is_called_and_how_to_spell_is_said_once_a_night(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    assert heard.called is None
    heard.hear("bats button")
    assert (
        heard.hear("ghosts zip") == "I have Bats: button; Ghosts: zip. Right?" and heard.called == HowToFix()
    )
    heard.hear("yes")
    heard.hear("wings and webs one")
    heard.hear("bats fly")
    assert heard.hear("ghosts glide") == "I have Bats: fly; Ghosts: glide. Right?" and heard.called is None


def test_a_team_not_at_the_table_is_a_name_misheard_and_its_words_are_asked_about(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    # "Bats. B, U, T, T, O, N." with "Bats" heard as "owls" in party noise: Owls do not play tonight.
    assert heard.hear("owls b u t t o n") == WhoseAnswer((Team.BATS, Team.GHOSTS), spelling=True)
    assert heard.hear("bats").startswith("Fixed: Bats said button.")


def test_asked_whose_a_team_not_asked_about_is_a_mishearing_and_asked_again(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    assert heard.hear("a big brass button") == WhoseAnswer((Team.BATS, Team.GHOSTS))
    assert heard.hear("owls") == WasItTheirs(Team.BATS)
    assert heard.hear("ghosts").startswith("Still to answer: Bats.")


def spelled_twice(key: Key) -> Heard:
    """Bats' answer fixed twice, the second fix read back with the offer to spell the word letter by letter."""
    heard = Heard(key, loud=True)
    heard.hear("d two")
    heard.hear("bats mitten")
    heard.hear("ghosts zip")
    heard.hear("bats b u d d o n")
    heard.hear("bats b u t o n")
    assert heard.called == SpelledBack("buton", offer=True)
    return heard


def test_a_no_to_the_offer_takes_the_word_one_letter_at_a_time(button_key: Key) -> None:
    heard = spelled_twice(button_key)
    assert heard.hear("no") == SpellOneAtATime(Team.BATS)
    assert heard.answerers.by_letter is not None
    assert heard.hear("bravo") == LetterSaidBack("b")
    assert heard.hear("uniform") == LetterSaidBack("u")
    assert heard.hear("[unk]") == LetterNotCaught()
    assert heard.hear("victor") == LetterSaidBack("v")
    assert heard.hear("no") == WhichLetterThen()  # the V taken back
    assert heard.hear("tango") == LetterSaidBack("t")
    # Two heard for one are heard again: in babble a second was most often the room's ("oscar lima").
    assert heard.hear("tango lima") == JustOneLetter()
    assert heard.hear("tango") == LetterSaidBack("t")
    assert heard.hear("[unk] oscar") == LetterSaidBack("o")  # a sound outside the list is no letter
    assert heard.hear("november") == LetterSaidBack("n")
    fixed = heard.hear("that's right")
    assert heard.answerers.by_letter is None
    # Its letters were said back one by one: the fix is not read back again, and replaces the last fix.
    assert fixed.startswith("Fixed: Bats said button.") and heard.called is None
    assert heard.table.host.night.answers[Team.BATS].text == "button"
    assert "Bats: right, 2 points." in heard.hear("that's right")


def test_how_to_reply_is_told_in_full_once_a_night_then_briefly(button_key: Key) -> None:
    # A loud night's babble read-backs repeated 27 words of how to check and 37 of how to spell letter by
    # letter at every question and every word: a patient host tells once, then reminds.
    heard = spelled_twice(button_key)
    heard.hear("no")
    for letter in ("bravo", "uniform", "tango", "tango", "oscar", "november", "that's right"):
        heard.hear(letter)
    assert "Bats: right, 2 points." in heard.hear("that's right")
    heard.hear("d three")
    heard.hear("bats mitten")
    heard.hear("ghosts zip")
    assert heard.called == HowToFix(loud=True, brief=True)
    assert HowToFix(loud=True, brief=True).words == 'Say "that\'s right", or say "no, no".'
    heard.hear("bats b u d d o n")
    heard.hear("bats b u t o n")
    assert heard.hear("no") == SpellOneAtATime(Team.BATS, brief=True)
    assert SpellOneAtATime(Team.BATS, brief=True).words == "Bats, one letter at a time. First letter?"
    # A night carried on after a restart has a new kiosk: it tells in full again.
    assert Answerers().spell_by_letter(Team.GHOSTS).prompt == SpellOneAtATime(Team.GHOSTS)


def test_a_letter_said_no_to_is_never_said_back_again_in_its_place(button_key: Key) -> None:
    # Over music one voice's "Papa." was heard as "lima" twelve times running, each said back and said no to.
    heard = spelled_twice(button_key)
    heard.hear("no")
    assert heard.hear("bravo") == LetterSaidBack("b")
    assert heard.hear("lima") == LetterSaidBack("l")
    assert heard.hear("no") == WhichLetterThen()
    again = RefusedLetterAgain("l")
    assert heard.hear("lima") == again
    assert heard.hear("uniform") == LetterSaidBack("u")  # the letter meant, heard
    assert heard.hear("lima") == LetterSaidBack("l")  # in another place, L is any letter
    # Heard there again, it is no letter caught: the letters taken stand (till the word stalls: below).
    heard.hear("no")
    for _ in range(3):
        assert heard.hear("lima") == again
    assert heard.hear("tango") == LetterSaidBack("t")
    assert heard.answerers.by_letter is not None and heard.answerers.by_letter.word == "but"


def test_a_no_found_only_among_a_replys_other_readings_takes_a_letter_back_but_refuses_nothing(
    button_key: Key,
) -> None:
    # In babble "Echo." was heard with "no" among its readings: it took back the M of "mexico", and "Mike."
    # was then heard right four times running, each time refused.
    heard = spelled_twice(button_key)
    heard.hear("no")
    assert heard.hear("bravo") == LetterSaidBack("b")
    night = heard.table.host.night
    assert heard.answerers.take("no", night, sure_no=False) == Ask(WhichLetterThen(first=True))
    assert heard.hear("bravo") == LetterSaidBack("b")


STALLED = WordSoFar(("b", "u", "t"))


def _stalled_at_but(button_key: Key) -> Heard:
    """ "but" taken, then a letter said no to heard there three times and once as no letter: five replies
    that took the word no further (TUNING.confirming.letter_stalls)."""
    heard = spelled_twice(button_key)
    heard.hear("no")
    for word in ("bravo", "uniform", "tango", "lima", "no"):
        heard.hear(word)
    for _ in range(3):
        assert heard.hear("lima") == RefusedLetterAgain("l")
    assert heard.hear("") == STALLED
    return heard


def test_a_word_whose_next_letter_is_never_caught_is_offered_as_it_stands(button_key: Key) -> None:
    # One voice's "Papa." was heard as "lima" or as nothing for minutes on end, and the table gave up.
    heard = _stalled_at_but(button_key)
    assert heard.hear("that's right").startswith("Fixed: Bats said but.")
    heard = _stalled_at_but(button_key)
    assert heard.hear("no") == LeftAsItWas()
    assert heard.answerers.by_letter is None
    # Asked for a yes or a no, a letter heard is most likely the no misheard: in babble one voice's "No."
    # to the offer was heard as "uniform", and the spelling went on for minutes more.
    heard = _stalled_at_but(button_key)
    assert heard.hear("tango") == LeftAsItWas()
    assert heard.answerers.by_letter is None
    # Three replies running with no letter, letters taken: offered as it stands too; a reply to the offer
    # heard as no word has it made once more, then the word is left.
    heard = spelled_twice(button_key)
    heard.hear("no")
    for word in ("bravo", "uniform", "tango", "", ""):
        heard.hear(word)
    assert heard.hear("") == STALLED
    assert heard.hear("") == Prefaced(Lead.SORRY, STALLED)
    assert heard.hear("") == LeftAsItWas()


def test_a_word_of_one_letter_is_never_sent_as_a_fix(button_key: Key) -> None:
    # In babble one voice's word stalled at "S": offered as it stands and said yes to, the lone letter went to
    # the host as a fix, which a lone letter never is ("The first answer counts"), and the read-back began
    # again. With fewer letters than a spelling's, the word is left as it was.
    heard = spelled_twice(button_key)
    heard.hear("no")
    assert heard.hear("bravo") == LetterSaidBack("b")
    assert heard.hear("that's right") == LeftAsItWas()
    assert heard.answerers.by_letter is None
    heard = spelled_twice(button_key)
    heard.hear("no")
    heard.hear("bravo")
    for _ in range(2):
        assert heard.hear("") == LetterNotCaught()
    assert heard.hear("") == LeftAsItWas()  # not offered as it stands


def test_x_is_taken_one_letter_at_a_time_by_its_word_heard_as_two(button_key: Key) -> None:
    heard = spelled_twice(button_key)
    heard.hear("no")
    assert heard.hear("x ray") == LetterSaidBack("x")  # the small model has no "xray"
    assert heard.hear("ray") == LetterNotCaught()


def test_a_word_spelled_one_letter_at_a_time_is_left_as_it_was_when_no_letter_is_caught(
    button_key: Key,
) -> None:
    heard = spelled_twice(button_key)
    heard.hear("no")
    for _ in range(2):
        assert heard.hear("") == LetterNotCaught()
    assert heard.hear("") == LeftAsItWas()  # a night never sticks here
    assert heard.answerers.by_letter is None
    assert heard.table.host.night.answers[Team.BATS].text == "buton"
    heard.hear("no")  # the offer was taken up once: a no now is a read-back's no
    assert heard.answerers.by_letter is None
    # "That's right" before any letter leaves the word too.
    heard = spelled_twice(button_key)
    heard.hear("no")
    assert heard.hear("that's right") == LeftAsItWas()
    assert heard.table.host.night.phase is Phase.READBACK


def test_the_offer_is_taken_up_only_by_a_no_said_next(button_key: Key) -> None:
    heard = spelled_twice(button_key)
    # Only the "no" asked for takes it up: "that's right" was heard as "wrong not right" in babble.
    assert heard.hear("wrong not right") != SpellOneAtATime(Team.BATS)
    assert heard.answerers.by_letter is None
    for no in ("nope", "you no"):  # "no" heard so in babble
        heard = spelled_twice(button_key)
        assert heard.hear(no) == SpellOneAtATime(Team.BATS)
    heard = spelled_twice(button_key)
    assert heard.hear("ghosts no") != SpellOneAtATime(Team.BATS)  # a team's own no
    heard = spelled_twice(button_key)
    # Words not caught leave it standing: "no" was heard as "not" in babble, then as "no".
    assert heard.hear("not") == NotCaught()
    assert heard.hear("no") == SpellOneAtATime(Team.BATS)
    heard = spelled_twice(button_key)
    assert heard.hear("ghosts z i p").startswith("Fixed: Ghosts said zip.")
    assert heard.hear("no") != SpellOneAtATime(Team.BATS)
    assert heard.answerers.by_letter is None


def test_a_message_typed_on_the_screen_leaves_a_word_spelled_one_letter_at_a_time(button_key: Key) -> None:
    heard = spelled_twice(button_key)
    conversation = Conversation()
    conversation.answerers = heard.answerers
    night = heard.table.host.night
    said = conversation.message(Utterance("no"), Listening.READ_BACK, night, [], loud=True)
    assert isinstance(said, Ask) and heard.answerers.by_letter is not None
    typed = conversation.message(Typed("Bats: B U T T O N"), Listening.ONE_LETTER, night, [], loud=True)
    assert typed == "Bats: B U T T O N" and heard.answerers.by_letter is None


def test_two_words_spelled_as_one_set_right_an_answer_no_one_word_fix_can_reach() -> None:
    # "Bats, barn owl." heard as "at right now": "barn" then "owl" fixed one at a time left "barn right owl";
    # spelled as one, the words count joined (Rule 8).
    heard = Heard(load_practice().key)
    heard.hear("wings and webs five")
    heard.hear("bats at right now")
    heard.hear("ghosts snowy owl")
    assert heard.hear("bats b a r n o w l").startswith("Fixed: Bats said barnowl.")
    assert "Bats: right, 5 points." in heard.hear("yes")
