from stud.docs.markdown import cards_to_symbols, dedent_block, slug, table, unique_slug


def test_cards_become_symbols_in_text_and_runs():
    assert cards_to_symbols("Ann has As Kd and 10h") == "Ann has A♠ K♦ and T♥"
    assert cards_to_symbols("AsKc beats AhKs") == "A♠K♣ beats A♥K♠"
    assert cards_to_symbols("[9c 8d] 2c") == "[9♣ 8♦] 2♣"


def test_english_words_that_look_like_cards_are_left_alone():
    assert cards_to_symbols("As a rule, Ad hoc") == "As a rule, Ad hoc"
    assert cards_to_symbols("Bob shows As") == "Bob shows A♠"
    assert cards_to_symbols("Kings (Kd) and 2s.") == "Kings (K♦) and 2♠."
    assert cards_to_symbols("Asking 2sx") == "Asking 2sx"


def test_html_cards_are_coloured_by_suit():
    out = cards_to_symbols("Kh Kc", html=True)
    assert out == '<span class="card red">K♥</span> <span class="card black">K♣</span>'


def test_slugs_are_stable_and_unique():
    taken: set[str] = set()
    assert slug("The bring-in: 2♣ (lowest)") == "the-bring-in-2-lowest"
    assert unique_slug("Same", taken) == "same"
    assert unique_slug("Same", taken) == "same-2"
    assert unique_slug("Same", taken, "rule-") == "rule-same"


def test_table_escapes_pipes_and_dedent():
    assert table(["a"], [["x|y"]]).splitlines()[-1] == "| x\\|y |"
    assert dedent_block("    one\n      two\n") == "one\n  two"
