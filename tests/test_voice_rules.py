"""The card's voice rules at the text level: each message is one recognised utterance."""

from __future__ import annotations

from kiosk import Key
from kiosk import cartridge as card
from kiosk.engine.host import Phase
from kiosk.engine.said import FixTaken
from kiosk.engine.spelling import spelled_word

from .conftest import Played, play_board


def voice_table(key: Key, teams: str = "two") -> Played:
    table = Played(key, voice=True)
    table.say(teams)
    return table


def test_saying_voice_switches_mid_night(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1")
    reply = table.say("let's play by voice")
    assert reply.speech.startswith("Voice it is.")
    assert table.host.night.voice
    assert table.host.night.phase is Phase.QUESTION


def test_a_team_name_anywhere_starts_its_piece(button_key: Key) -> None:
    table = voice_table(button_key)
    table.say("wings and webs two")
    reply = table.say("okay so bats say a big brass button and ghosts mutton")
    assert reply.speech == "I have Bats: a big brass button; Ghosts: mutton. Right?"
    assert table.host.night.phase is Phase.READBACK
    assert table.ledger.q == 0  # nothing is ruled before the table confirms


def test_no_team_name_yet_gets_start_with_team(button_key: Key) -> None:
    table = voice_table(button_key)
    table.say("d two")
    assert table.say("a big brass button").speech == card.START_WITH_TEAM


def test_pieces_join_in_order_and_an_unnamed_piece_continues_the_last_team(button_key: Key) -> None:
    table = voice_table(button_key, "three")
    table.say("bats three")
    table.say("bats a big")
    table.say("brass")
    table.say("ghosts pass")
    reply = table.say("owls zip")
    table.say("button")  # after the read-back, still continues the team last named
    assert reply.speech == "I have Bats: a big brass; Ghosts: pass; Owls: zip. Right?"
    assert table.replies[-1].speech == "I have Bats: a big brass; Ghosts: pass; Owls: zip button. Right?"


def test_all_labels_every_team_still_to_answer(button_key: Key) -> None:
    table = voice_table(button_key, "three")
    table.say("d one", "bats button")
    reply = table.say("all pass")
    assert reply.speech == "I have Bats: button; Ghosts: pass; Owls: pass. Right?"


def test_confirming_rules(button_key: Key) -> None:
    for yes in ("yes", "right", "correct", "that's right"):
        table = voice_table(button_key)
        table.say("d five", "bats button ghosts zip")
        reply = table.say(yes)
        assert (
            "Bats: right, 5 points." in reply.speech
            and "Ghosts: wrong, 0 points (zip: a zip is a fastener)." in reply.speech
        )


def test_a_spelled_fix_replaces_the_word_it_most_resembles(button_key: Key) -> None:
    table = voice_table(button_key)
    table.say("d four", "bats a big brass mutton ghosts zip")
    reply = table.say("bats b u t t o n")
    assert reply.speech == "Fixed: Bats said button. I have Bats: a big brass button; Ghosts: zip. Right?"
    assert reply.said[0] == FixTaken("Bats", "button")  # a value the voice kiosk reads, never the words
    reply = table.say("ghosts that was not what was said")
    assert reply.speech == "Fix undone for Bats. I have Bats: a big brass mutton; Ghosts: zip. Right?"
    reply = table.say("bats bee you double tee oh en")
    assert "Bats: a big brass button" in reply.speech
    reply = table.say("bats that's not what they said")
    assert reply.speech.startswith("Only another team can say that.")
    assert "Bats: right, 4 points." in table.say("yes").speech


def test_a_word_spelled_again_takes_the_place_of_the_teams_last_fix_and_goes_where_it_fits(
    button_key: Key,
) -> None:
    # In babble "Bats, barn owl." was heard as "glad are now"; "O, W, L" heard as "w l" went to "glad", and
    # "owl" spelled again went where "w l" stood. Here "o l d", more like "glad" than "now".
    table = voice_table(button_key)
    table.say("d four", "bats glad are now ghosts zip")
    assert table.say("bats b a r n").speech.startswith("Fixed: Bats said barn. I have Bats: glad barn now;")
    assert table.say("bats o l d").speech.startswith("Fixed: Bats said old. I have Bats: old barn now;")
    assert table.say("bats o w l").speech.startswith("Fixed: Bats said owl. I have Bats: glad barn owl;")
    # The fix taken back is no fix any more: undone, the word as heard comes back.
    reply = table.say("ghosts that was not what was said")
    assert reply.speech == "Fix undone for Bats. I have Bats: glad barn now; Ghosts: zip. Right?"
    # A spelling like another word than the last fix's leaves that fix in place.
    assert "Bats: glad barn owl;" in table.say("bats o w l").speech


def test_a_spelling_unlike_the_teams_last_fix_goes_to_another_word_not_the_fix(button_key: Key) -> None:
    # "Bats, barn owl." heard as "bats your analogy": "barn" went to "your", and "owl", nearer "barn" than
    # "analogy" but nothing like it or "your", had taken back the "barn" fix and gone to "your".
    table = voice_table(button_key)
    table.say("d four", "bats your analogy ghosts zip")
    assert "I have Bats: barn analogy;" in table.say("bats b a r n").speech
    assert "I have Bats: barn owl;" in table.say("bats o w l").speech
    assert "I have Bats: barn owl;" in table.say("bats o w l").speech  # spelled again, its own place


def test_of_words_as_like_a_spelling_the_first_after_the_teams_last_fix_is_replaced(button_key: Key) -> None:
    # "w l" is as like "glad" as "now": the table fixes words in order, and "barn" was fixed before it.
    table = voice_table(button_key)
    table.say("d four", "bats glad are now ghosts zip")
    table.say("bats b a r n")
    assert "I have Bats: glad barn wl;" in table.say("bats w l").speech
    # With no fix before it, the first of equals.
    table = voice_table(button_key)
    table.say("d four", "bats glad barn now ghosts zip")
    assert "I have Bats: wl barn now;" in table.say("bats w l").speech


def test_a_spelled_fix_replaces_a_word_the_read_back_said(button_key: Key) -> None:
    table = voice_table(button_key)
    # "Ghosts, pass" heard with a stray "yes" before it: the read-back says only "penis".
    table.say("d four", "bats button ghosts yes penis")
    assert table.replies[-1].speech == "I have Bats: button; Ghosts: penis. Right?"
    reply = table.say("ghosts papa alpha sierra sierra")
    assert reply.speech == "Fixed: Ghosts said pass. I have Bats: button; Ghosts: pass. Right?"
    assert "Ghosts: pass, 0 points." in table.say("yes").speech


def test_a_pass_spelled_is_the_whole_answer_and_undone_whole(button_key: Key) -> None:
    # Only a pass alone is a pass (Rule 8): "Ghosts, pass." heard as "tonys now" was fixed to "pass now",
    # and ruled wrong.
    table = voice_table(button_key)
    table.say("d four", "bats button ghosts tonys now")
    reply = table.say("ghosts papa alpha sierra sierra")
    assert reply.speech == "Fixed: Ghosts said pass. I have Bats: button; Ghosts: pass. Right?"
    reply = table.say("bats that was not what was said")
    assert reply.speech == "Fix undone for Ghosts. I have Bats: button; Ghosts: tonys now. Right?"
    table.say("ghosts s k i p")
    assert "Ghosts: pass, 0 points." in table.say("yes").speech
    # Any other word spelled is one word of the answer, as before.
    table = voice_table(button_key)
    table.say("d four", "bats button ghosts tonys now")
    assert "Ghosts: tony now." in table.say("ghosts t o n y").speech


def test_a_spelled_fix_of_nato_words(button_key: Key) -> None:
    table = voice_table(button_key)
    table.say("d four", "bats mitten ghosts zip")
    reply = table.say("bats bravo uniform tango tango oscar november")
    assert "Bats: button" in reply.speech


def test_o_k_heard_as_okay_inside_a_spelling(button_key: Key) -> None:
    table = voice_table(button_key)
    table.say("d four", "bats mitten ghosts stroker")
    reply = table.say("ghosts s tee okay ee r")
    assert reply.speech.startswith("Fixed: Ghosts said stoker.")
    reply = table.say("bats okay")  # no spelling: the read-back still waits for its answer
    assert "Fixed" not in reply.speech and "Ghosts: stoker" in reply.speech


def test_nothing_else_changes_an_answer_once_given(button_key: Key) -> None:
    table = voice_table(button_key, "three")
    table.say("d one", "bats zip", "ghosts pass")
    reply = table.say("bats button")  # Bats is not the team last named: the first answer counts
    assert "Bats already answered; the first answer counts." in reply.speech


def test_no_asks_for_a_spelled_fix(button_key: Key) -> None:
    table = voice_table(button_key)
    table.say("d one", "bats zip ghosts zip")
    # Spoken, a word for each letter: plain letters rhyme (B, D, P, T, V), so the typed example is not said.
    assert table.say("no").speech.startswith(
        "Fix a word by saying the team's name, then spelling it with a word"
    )


def test_spoken_picks(plain_key: Key) -> None:
    for said, cell in [
        ("old customs two", "A2"),
        ("a two", "A2"),
        ("wings and webs three", "D3"),
        ("bats three", "D3"),
        ("dee four", "D4"),
        ("the treat bag five", "E5"),
    ]:
        table = voice_table(plain_key)
        table.say(said)
        assert table.ledger.open == cell, said


def test_spoken_commands(plain_key: Key) -> None:
    table = voice_table(plain_key)
    table.say("d one")
    assert table.say("repeat").speech == "Question D1?"
    assert "THE HARVEST BOARD" in table.say("board").speech
    table.say("all pass", "yes")
    reply = table.say("save")
    assert reply.save_block is not None and reply.save_block not in reply.speech
    assert "[L]" not in reply.speech and reply.ledger_line not in reply.speech
    assert "every playing team says yes by name" in table.say("end the night").speech
    assert table.say("bats yes ghosts yes").over


def test_numbers_come_as_words_by_voice(practice_key: Key) -> None:
    table = voice_table(practice_key)
    table.say("wings and webs two")
    reply = table.say("bats eight ghosts six legs")
    assert reply.speech == "I have Bats: eight; Ghosts: six legs. Right?"
    reply = table.say("yes")
    assert "Bats: right, 2 points." in reply.speech and "Ghosts: wrong, 0 points" in reply.speech


def test_spoken_years_in_the_candle_end_with_read_back(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two")
    play_board(table, {"A1": "All"})
    table.say("voice")
    reply = table.say("bats eighteen ninety seven ghosts about nineteen hundred")
    assert reply.speech == "I have Bats: 1897; Ghosts: 1900. Right?"
    assert table.ledger.ce == ("Bats", "Ghosts")
    reply = table.say("yes")
    assert "Bats win the night!" in reply.speech


def test_a_candle_end_year_misheard_is_fixed_by_its_digits(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two")
    play_board(table, {"A1": "All"})
    table.say("voice")
    # "Bats, eighteen ninety" heard as "bats eighty nine": no year, and no letters can spell one.
    assert table.say("bats eighty nine ghosts about nineteen hundred").speech.startswith(
        "I have Bats: no year;"
    )
    reply = table.say("bats one eight nine zero")
    assert reply.speech == "Fixed: Bats said 1890. I have Bats: 1890; Ghosts: 1900. Right?"
    reply = table.say("ghosts that was not what was said")
    assert reply.speech == "Fix undone for Bats. I have Bats: no year; Ghosts: 1900. Right?"
    assert "Fixed" not in table.say("bats one eight nine").speech  # three digits are no year
    # A "the" the read-back list put between digits said slowly is no word of a year.
    assert table.say("bats one eight the nine six").speech.startswith("Fixed: Bats said 1896.")
    # A no, an empty message or a year said again whole is told how a year is fixed, never to spell it.
    assert table.say("no").speech.startswith(
        "Fix a year by saying the team's name and the year digit by digit"
    )
    assert table.say("").speech.startswith(
        "Say yes if that is right, or fix a year by saying it digit by digit."
    )
    again = table.say("bats eighteen ninety").speech
    assert again.startswith("The first answer counts: fix a year by saying it digit by digit.")
    table.say("bats 1 8 9 7")
    assert "Bats: 1897, spot on." in table.say("yes").speech


def test_the_speaker_never_reads_the_ledger_or_result(plain_key: Key) -> None:
    table = voice_table(plain_key)
    table.say("end the night")
    reply = table.say("bats yes ghosts yes")
    assert "RESULT:" not in reply.speech and "[L]" not in reply.speech
    assert "RESULT:" in reply.text


def test_a_start_heard_as_a_stall_never_holds_the_team_back(button_key: Key) -> None:
    table = voice_table(button_key)
    table.say("d two", "bats button")
    assert table.say("ghosts or same day").speech.startswith("Still to answer: Ghosts.")
    assert table.say("ghosts or same day").speech.startswith("Still to answer: Ghosts.")
    reply = table.say("ghosts pass")  # said again, heard right: it locks on its own
    assert reply.speech == "I have Bats: button; Ghosts: pass. Right?"


def test_pieces_that_lock_together_still_join(button_key: Key) -> None:
    table = voice_table(button_key)
    table.say("d two", "ghosts the big")
    table.say("ghosts mutton")
    reply = table.say("bats a big")
    reply = table.say("brass button")
    assert reply.speech == "I have Bats: a big brass button; Ghosts: the big mutton. Right?"


def test_a_spelled_fix_with_as_in_capital_and_double(button_key: Key) -> None:
    for spelled in (
        "bats b as in bravo u t t o n",
        "bats capital b u double t o n",
        "bats bee for bravo you tee tee oh en",
        "bats b as in boy u t as in tom t o n",
    ):
        table = voice_table(button_key)
        table.say("d four", "bats mitten ghosts zip")
        assert table.say(spelled).speech.startswith("Fixed: Bats said button."), spelled


def test_a_word_for_each_letter_survives_a_lost_letter_or_a_lost_for() -> None:
    # As heard in a simulated night: "T for tango, A for alpha" with the A lost, "N for November" without
    # its "for", and a letter misheard before its example word (the example wins).
    for heard, word in (
        ("vee for papa oh for oscar dee for tango for alpha dee for tango oh for oscar", "potato"),
        ("v for bravo for alpha r for romeo n november", "barn"),
        ("papa oscar tango alpha tango oscar", "potato"),
        ("oscar oscar", "oo"),
        ("o oscar o oscar", "oo"),
        ("b u double t o n", "button"),
    ):
        assert spelled_word(heard.split(" ")) == word, heard


def test_x_ray_written_as_two_words_is_one_letter() -> None:
    # The small English model knows no "xray": its lists write X's NATO word as "x ray".
    for heard, word in (
        ("bravo oscar x ray", "box"),
        ("b o x ray", "box"),
        ("b for bravo o for oscar x for x ray", "box"),
        ("x ray", None),  # one letter: a word, not a spelling
        ("a ray", None),  # "ray" after any other letter is no letter
    ):
        assert spelled_word(heard.split(" ")) == word, heard


def test_words_like_as_or_for_outside_a_spelling_are_no_spelling() -> None:
    assert spelled_word(["as", "in"]) is None
    assert spelled_word(["b", "as", "in"]) is None
    assert spelled_word(["a", "for", "effort"]) is None  # one letter: a word, not a spelling
    assert spelled_word(["for", "effort", "b"]) is None  # "for" before no NATO word and no letter
    assert spelled_word(["capital"]) is None
    assert spelled_word(["big", "as", "life"]) is None


def test_a_word_for_each_letter_is_read_by_its_example_words_in_noise() -> None:
    # As heard in party babble at 10 dB: "for" heard as "are" or lost, a letter misheard before its example
    # word, an example's letter said alone ("oh" before "for as k for kilo").
    for heard, word in (
        ("b are bravo for alfa r romeo n for november", "barn"),
        ("s for sierra for tango oh for as k for kilo echo romeo", "stoker"),
        ("pee for tango uniform r for romeo m for november i for india for papa", "turnip"),
        ("dee tango uniform r romeo november india papa", "turnip"),
    ):
        assert spelled_word(heard.split(" ")) == word, heard
    assert spelled_word(["for", "mike", "for", "x", "for", "ex", "right", "i"]) is None  # "right": no letter
