"""Who is answering, by voice: words go to a team only on its name heard at their start, or on the team the
kiosk named; otherwise the kiosk asks. Utterances are scripted as the recogniser would write them."""

from __future__ import annotations

from kiosk import Key
from kiosk.engine.host import Phase
from kiosk.engine.teams import Team
from kiosk.keys import load_practice
from kiosk.voice.dialogue.answering import Answerers, Ask
from kiosk.voice.dialogue.conversation import Conversation
from kiosk.voice.dialogue.prompts import AnsweredInThatToo, Fixed, WhichLetterThen, WhoseAnswer
from kiosk.voice.dialogue.prompts.one_at_a_time import OFFER
from kiosk.voice.dialogue.prompts.read_back import NOT_CAUGHT, NOT_CAUGHT_AGAIN
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
        self.said: list[str] = []

    def hear(self, text: str) -> str:
        """The kiosk's words after `text`: its own question, or the host's reply and any call after it."""
        taken = self.answerers.take(text, self.table.host.night)
        if isinstance(taken, Ask):
            self.said.append(taken.question)
            return taken.question
        reply = self.table.say(taken)
        call = self.answerers.after(self.table.host.night, reply, loud=self.loud)
        words = f"{reply.speech} {call.question}" if call else reply.speech
        self.said.append(words)
        return words


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
    assert heard.hear("goes mutton") == "Whose answer was that: Bats or Ghosts?"
    assert heard.answerers.holding is not None
    assert heard.hear("ghosts").startswith("I have Bats: button; Ghosts: goes mutton. Right?")
    assert heard.table.host.night.answers[Team.BATS].text == "button"


BATS_OFFERED = "Was that Bats' answer? Say \"that's right\", or say no."
GHOSTS_OFFERED = "Was that Ghosts' answer? Say \"that's right\", or say no."


def test_a_reply_naming_no_team_offers_the_teams_one_at_a_time_for_a_yes(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    assert heard.hear("a big brass button") == "Whose answer was that: Bats or Ghosts?"
    assert heard.hear("that's") == BATS_OFFERED
    assert heard.hear("no") == GHOSTS_OFFERED
    assert heard.hear("that's right").startswith("Still to answer: Bats.")
    assert heard.table.host.night.answers[Team.GHOSTS].text == "a big brass button"
    # The name itself is taken while a team is offered too.
    again = Heard(button_key)
    again.hear("d two")
    again.hear("a big brass button")
    assert again.hear("owls") == BATS_OFFERED  # no team at this table: misheard
    assert again.hear("ghosts").startswith("Still to answer: Bats.")


def test_a_team_offered_is_asked_about_once_more_then_the_words_are_let_go(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("a big brass button")
    heard.hear("erm")
    assert heard.hear("right") == f"I didn't catch a yes. {BATS_OFFERED}"  # a lone "right" is no yes
    assert heard.hear("erm") == "Then say it again, with the team's name first."
    assert heard.answerers.holding is None
    assert not heard.table.host.night.answers  # nothing was given to anyone
    assert heard.hear("bats button").startswith("Still to answer: Ghosts.")
    # A no to the last team offered lets the words go too.
    last = Heard(button_key)
    last.hear("d two")
    last.hear("a big brass button")
    last.hear("erm")
    last.hear("no")
    assert last.hear("no") == "Then say it again, with the team's name first."
    assert not last.table.host.night.answers


def test_a_spelling_is_offered_first_to_the_team_with_a_word_nearest_its_letters(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    assert heard.hear("that's bee you tee tee oh en") == "Whose spelling was that: Bats or Ghosts?"
    assert heard.hear("erm") == "Was that Bats' spelling? Say \"that's right\", or say no."  # "mitten"
    near_zip = Heard(button_key)
    near_zip.hear("d two")
    near_zip.hear("bats mitten ghosts zip")
    near_zip.hear("that's zee eye pee ess")
    assert near_zip.hear("erm") == "Was that Ghosts' spelling? Say \"that's right\", or say no."
    assert near_zip.hear("that's right").startswith("Fixed: Ghosts said zips.")


def test_you_in_a_reply_to_whose_is_no_team(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    assert heard.hear("that's bee you tee tee oh en") == "Whose spelling was that: Bats or Ghosts?"
    # Other voices heard in place of the name: "you", a solo night's name, is no team's answer going on.
    assert heard.hear("you know you as you i live").startswith("Was that Bats' spelling?")
    assert heard.table.host.night.answers[Team.GHOSTS].text == "zip"


def test_a_spelled_fix_whose_team_was_lost_goes_to_the_team_named(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    assert heard.table.host.night.phase is Phase.READBACK
    # "Bats" heard as "that's": the engine alone would add the letters to the answer of the team last named.
    assert heard.hear("that's bee you tee tee oh en") == "Whose spelling was that: Bats or Ghosts?"
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
    assert words.startswith("Still to answer: Ghosts.") and words.endswith("Ghosts, your answer?")
    assert heard.answerers.calling is Team.GHOSTS
    # The kiosk named Ghosts: the next words naming no team are theirs.
    assert heard.hear("all saints day").startswith("I have Bats: button; Ghosts: all saints day. Right?")


def test_another_name_than_the_team_called_is_asked_about(button_key: Key) -> None:
    heard = Heard(button_key, "three")
    heard.hear("d two")
    heard.hear("bats button")
    heard.hear("ghosts or same")
    assert heard.hear("ghosts or same").endswith("Ghosts, your answer?")
    # Called Ghosts, "Owls" is most likely "Ghosts" misheard: neither team gets the words unasked.
    assert heard.hear("owls zip") == "Whose answer was that: Ghosts or Owls?"
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
    assert heard.hear("owls you know read") == "Whose answer was that: Ghosts or Owls?"
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
    assert words.endswith("That is B, U, T, T, O, N. If not, spell it again, slowly.")
    assert not heard.hear("yes").endswith("slowly.")  # read back once, for that fix only


def test_a_teams_second_fix_is_read_back_with_the_offer_to_spell_it_one_letter_at_a_time(
    button_key: Key,
) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    assert not heard.hear("bats b u d d o n").endswith("papa.")  # a first fix, heard alike by both lists
    assert not heard.hear("ghosts m u t t o n").endswith("papa.")  # another team's first
    words = heard.hear("bats b u t t o n")
    assert words.endswith(
        "That is B, U, T, T, O, N. If not, say no, and we'll spell it one letter at a time. Two words may be spelled as one."
    )
    heard.hear("yes")
    heard.hear("wings and webs one")
    heard.hear("bats fly ghosts glide")
    fixed = heard.hear("bats f l y")
    assert fixed.startswith("Fixed: Bats said fly.") and not fixed.endswith("papa.")  # counted afresh


def test_in_a_loud_room_with_a_keyboard_a_teams_second_fix_says_the_fix_can_be_typed(button_key: Key) -> None:
    typing = "Or type Bats, then the word's letters, on the table screen's keyboard."
    for keyboard, loud in ((True, True), (False, True), (True, False)):
        heard = Heard(button_key, loud=loud)
        heard.answerers.keyboard = keyboard
        heard.hear("d two")
        heard.hear("bats mitten")
        heard.hear("ghosts zip")
        assert typing not in heard.hear("bats b u d d o n")  # a first fix
        second = heard.hear("bats b u t t o n")
        assert second.endswith(f"spelled as one. {typing}") is (keyboard and loud)
        assert typing not in heard.hear("bats b u t t o n")  # said once a team's read-back
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
    assert heard.hear("m t t o n") == "Whose spelling was that: Bats or Ghosts?"
    assert heard.hear("ghosts").startswith("Fixed: Ghosts said mutton.")


def test_an_answer_said_over_the_question_is_taken_as_said_and_the_held_words_go_to_nobody(
    button_key: Key,
) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    assert heard.hear("your location").startswith("Whose answer was that")
    words = heard.hear("ghosts mutton")  # the reader went on reading instead of answering the question
    assert words.startswith("Still to answer: Bats.")
    assert heard.table.host.night.answers[Team.GHOSTS].text == "mutton"
    assert Team.BATS not in heard.table.host.night.answers
    assert heard.hear("whose answer") == "Whose answer was that: Bats or Ghosts?"
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
    assert heard.hear("night") == NOT_CAUGHT
    # Missed twice running, the kiosk asks for the yes it hears most surely.
    assert heard.hear("s") == NOT_CAUGHT_AGAIN
    heard.answerers.keyboard = True  # a table screen's keyboard is on: the table is told it can type
    assert heard.hear("s") == f"{NOT_CAUGHT_AGAIN} Or type it on the table screen's keyboard."
    assert 'say "that\'s right"' in NOT_CAUGHT_AGAIN
    assert heard.table.host.night.answers[Team.GHOSTS].text == "mutton"
    assert heard.hear("that's z i p") == "Whose spelling was that: Bats or Ghosts?"
    assert heard.hear("ghosts").startswith("Fixed: Ghosts said zip.")
    assert heard.hear("night") == NOT_CAUGHT  # not running: words between were taken


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
    assert heard.hear("goes mutton").startswith("Whose answer was that")
    assert heard.hear("ghost").startswith("I have Bats: button; Ghosts: goes mutton. Right?")


def test_in_a_loud_room_each_team_is_called_by_name_from_the_start(button_key: Key) -> None:
    heard = Heard(button_key, "three", loud=True)
    assert heard.hear("d two").endswith("Bats, your answer?")
    # "Bats" lost in the noise: the words are the team's the kiosk called, never asked about.
    assert heard.hear("a big brass button").endswith("Ghosts, your answer?")
    assert heard.hear("owls zip") == "Whose answer was that: Ghosts or Owls?"  # not the team called
    assert heard.hear("owls").endswith("Ghosts, your answer?")
    read_back = heard.hear("mutton")
    assert read_back.startswith("I have Bats: a big brass button; Ghosts: mutton; Owls: zip. Right?")
    assert read_back.endswith(
        "It's loud in here. If every answer is right, say \"that's right\". If not, say no, and I'll ask about"
        " each team's answer in turn."
    )
    fixed = heard.hear("ghosts b u t t o n")
    assert fixed.startswith("Fixed: Ghosts said button.") and "loud" not in fixed  # told once a read-back


def test_words_begun_before_a_call_are_asked_about_never_given_to_the_team_called(button_key: Key) -> None:
    heard = Heard(button_key, "three", loud=True)
    assert heard.hear("d two").endswith("Bats, your answer?")
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
    assert heard.hear("a big brass button").endswith("Ghosts, your answer?")
    # "Ghosts, zip" heard as "bats zip": Bats have answered, so the words would join Bats' answer.
    assert heard.hear("bats zip") == "Whose answer was that: Bats or Ghosts?"
    assert heard.hear("ghosts").endswith("Owls, your answer?")
    assert heard.table.host.night.answers[Team.GHOSTS].text == "zip"
    assert heard.table.host.night.answers[Team.BATS].text == "a big brass button"


def test_in_a_quiet_room_nobody_is_called_and_how_to_spell_is_said_once_a_night(button_key: Key) -> None:
    heard = Heard(button_key)
    assert "your answer" not in heard.hear("d two")
    heard.hear("bats button")
    assert heard.hear("ghosts zip") == (
        "I have Bats: button; Ghosts: zip. Right? To fix a word, say the team's name, then spell it with a word"
        " for each letter, like tango, uniform, romeo for T, U, R."
    )
    heard.hear("yes")
    heard.hear("wings and webs one")
    heard.hear("bats fly")
    assert heard.hear("ghosts glide") == "I have Bats: fly; Ghosts: glide. Right?"


def test_a_team_not_at_the_table_is_a_name_misheard_and_its_words_are_asked_about(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    heard.hear("bats mitten ghosts zip")
    # "Bats. B, U, T, T, O, N." with "Bats" heard as "owls" in party noise: Owls do not play tonight.
    assert heard.hear("owls b u t t o n") == "Whose spelling was that: Bats or Ghosts?"
    assert heard.hear("bats").startswith("Fixed: Bats said button.")


def test_asked_whose_a_team_not_asked_about_is_a_mishearing_and_asked_again(button_key: Key) -> None:
    heard = Heard(button_key)
    heard.hear("d two")
    assert heard.hear("a big brass button") == "Whose answer was that: Bats or Ghosts?"
    assert heard.hear("owls") == BATS_OFFERED
    assert heard.hear("ghosts").startswith("Still to answer: Bats.")


def spelled_twice(key: Key) -> Heard:
    """Bats' answer fixed twice, the second fix read back with the offer to spell the word letter by letter."""
    heard = Heard(key, loud=True)
    heard.hear("d two")
    heard.hear("bats mitten")
    heard.hear("ghosts zip")
    heard.hear("bats b u d d o n")
    assert heard.hear("bats b u t o n").endswith(OFFER)
    return heard


def test_a_no_to_the_offer_takes_the_word_one_letter_at_a_time(button_key: Key) -> None:
    heard = spelled_twice(button_key)
    assert heard.hear("no").startswith("Bats, one letter at a time:")
    assert heard.answerers.by_letter is not None
    assert heard.hear("bravo") == "B for bravo. Next letter?"
    assert heard.hear("uniform") == "U for uniform. Next letter?"
    assert heard.hear("[unk]") == "Sorry, which letter? Say its word, like tango."
    assert heard.hear("victor") == "V for victor. Next letter?"
    assert heard.hear("no") == "Which letter, then?"  # the V taken back
    assert heard.hear("tango") == "T for tango. Next letter?"
    # Two heard for one are heard again: in babble a second was most often the room's ("oscar lima").
    assert heard.hear("tango lima") == "Just one letter, please: which letter?"
    assert heard.hear("tango") == "T for tango. Next letter?"
    assert heard.hear("[unk] oscar") == "O for oscar. Next letter?"  # a sound outside the list is no letter
    assert heard.hear("november") == "N for november. Next letter?"
    fixed = heard.hear("that's right")
    assert heard.answerers.by_letter is None
    # Its letters were said back one by one: the fix is not read back again, and replaces the last fix.
    assert fixed.startswith("Fixed: Bats said button.") and "That is" not in fixed
    assert heard.table.host.night.answers[Team.BATS].text == "button"
    assert "Bats: right, 2 points." in heard.hear("that's right")


def test_a_letter_said_no_to_is_never_said_back_again_in_its_place(button_key: Key) -> None:
    # Over music one voice's "Papa." was heard as "lima" twelve times running, each said back and said no to.
    heard = spelled_twice(button_key)
    heard.hear("no")
    assert heard.hear("bravo") == "B for bravo. Next letter?"
    assert heard.hear("lima") == "L for lima. Next letter?"
    assert heard.hear("no") == "Which letter, then?"
    again = "I heard L for lima again, and you said no to it. Which letter?"
    assert heard.hear("lima") == again
    assert heard.hear("uniform") == "U for uniform. Next letter?"  # the letter meant, heard
    assert heard.hear("lima") == "L for lima. Next letter?"  # in another place, L is any letter
    # Heard there again, it is no letter caught: the letters taken stand (till the word stalls: below).
    heard.hear("no")
    for _ in range(3):
        assert heard.hear("lima") == again
    assert heard.hear("tango") == "T for tango. Next letter?"
    assert heard.answerers.by_letter is not None and heard.answerers.by_letter.word == "but"


def test_a_no_found_only_among_a_replys_other_readings_takes_a_letter_back_but_refuses_nothing(
    button_key: Key,
) -> None:
    # In babble "Echo." was heard with "no" among its readings: it took back the M of "mexico", and "Mike."
    # was then heard right four times running, each time refused.
    heard = spelled_twice(button_key)
    heard.hear("no")
    assert heard.hear("bravo") == "B for bravo. Next letter?"
    night = heard.table.host.night
    assert heard.answerers.take("no", night, sure_no=False) == Ask(WhichLetterThen(first=True))
    assert heard.hear("bravo") == "B for bravo. Next letter?"


STALLED = (
    "I can't catch that letter. I have B, U, T so far. If the word is right so, say \"that's right\"; if not,"
    ' say "no, no", and we\'ll leave it as it was.'
)


def _stalled_at_but(button_key: Key) -> Heard:
    """ "but" taken, then a letter said no to heard there three times and once as no letter: five replies
    that took the word no further (TUNING.confirming.letter_stalls)."""
    heard = spelled_twice(button_key)
    heard.hear("no")
    for word in ("bravo", "uniform", "tango", "lima", "no"):
        heard.hear(word)
    for _ in range(3):
        assert heard.hear("lima").startswith("I heard L for lima again")
    assert heard.hear("") == STALLED
    return heard


def test_a_word_whose_next_letter_is_never_caught_is_offered_as_it_stands(button_key: Key) -> None:
    # One voice's "Papa." was heard as "lima" or as nothing for minutes on end, and the table gave up.
    heard = _stalled_at_but(button_key)
    assert heard.hear("that's right").startswith("Fixed: Bats said but.")
    heard = _stalled_at_but(button_key)
    assert heard.hear("no").startswith("Let's leave that word as it was.")
    assert heard.answerers.by_letter is None
    # Asked for a yes or a no, a letter heard is most likely the no misheard: in babble one voice's "No."
    # to the offer was heard as "uniform", and the spelling went on for minutes more.
    heard = _stalled_at_but(button_key)
    assert heard.hear("tango").startswith("Let's leave that word as it was.")
    assert heard.answerers.by_letter is None
    # Three replies running with no letter, letters taken: offered as it stands too; a reply to the offer
    # heard as no word has it made once more, then the word is left.
    heard = spelled_twice(button_key)
    heard.hear("no")
    for word in ("bravo", "uniform", "tango", "", ""):
        heard.hear(word)
    assert heard.hear("") == STALLED
    assert heard.hear("") == f"Sorry, I didn't catch that. {STALLED}"
    assert heard.hear("").startswith("Let's leave that word as it was.")


def test_a_word_of_one_letter_is_never_sent_as_a_fix(button_key: Key) -> None:
    # In babble one voice's word stalled at "S": offered as it stands and said yes to, the lone letter went to
    # the host as a fix, which a lone letter never is ("The first answer counts"), and the read-back began
    # again. With fewer letters than a spelling's, the word is left as it was.
    heard = spelled_twice(button_key)
    heard.hear("no")
    assert heard.hear("bravo") == "B for bravo. Next letter?"
    assert heard.hear("that's right").startswith("Let's leave that word as it was.")
    assert heard.answerers.by_letter is None
    heard = spelled_twice(button_key)
    heard.hear("no")
    heard.hear("bravo")
    for _ in range(2):
        assert heard.hear("") == "Sorry, which letter? Say its word, like tango."
    assert heard.hear("").startswith("Let's leave that word as it was.")  # not offered as it stands


def test_x_is_taken_one_letter_at_a_time_by_its_word_heard_as_two(button_key: Key) -> None:
    heard = spelled_twice(button_key)
    heard.hear("no")
    assert heard.hear("x ray") == "X for xray. Next letter?"  # the small model has no "xray"
    assert heard.hear("ray") == "Sorry, which letter? Say its word, like tango."


def test_a_word_spelled_one_letter_at_a_time_is_left_as_it_was_when_no_letter_is_caught(
    button_key: Key,
) -> None:
    heard = spelled_twice(button_key)
    heard.hear("no")
    for _ in range(2):
        assert heard.hear("") == "Sorry, which letter? Say its word, like tango."
    assert heard.hear("").startswith("Let's leave that word as it was.")  # a night never sticks here
    assert heard.answerers.by_letter is None
    assert heard.table.host.night.answers[Team.BATS].text == "buton"
    heard.hear("no")  # the offer was taken up once: a no now is a read-back's no
    assert heard.answerers.by_letter is None
    # "That's right" before any letter leaves the word too.
    heard = spelled_twice(button_key)
    heard.hear("no")
    assert heard.hear("that's right").startswith("Let's leave that word as it was.")
    assert heard.table.host.night.phase is Phase.READBACK


def test_the_offer_is_taken_up_only_by_a_no_said_next(button_key: Key) -> None:
    heard = spelled_twice(button_key)
    # Only the "no" asked for takes it up: "that's right" was heard as "wrong not right" in babble.
    assert not heard.hear("wrong not right").startswith("Bats, one letter at a time")
    assert heard.answerers.by_letter is None
    for no in ("nope", "you no"):  # "no" heard so in babble
        heard = spelled_twice(button_key)
        assert heard.hear(no).startswith("Bats, one letter at a time")
    heard = spelled_twice(button_key)
    assert not heard.hear("ghosts no").startswith("Bats, one letter at a time")  # a team's own no
    heard = spelled_twice(button_key)
    # Words not caught leave it standing: "no" was heard as "not" in babble, then as "no".
    assert heard.hear("not") == NOT_CAUGHT
    assert heard.hear("no").startswith("Bats, one letter at a time")
    heard = spelled_twice(button_key)
    assert heard.hear("ghosts z i p").startswith("Fixed: Ghosts said zip.")
    assert not heard.hear("no").startswith("Bats, one letter at a time")
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
