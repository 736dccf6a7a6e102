import re

from stud.docs.catalogue import render_catalogue
from stud.docs.features import parse_feature
from stud.docs.rulebook import families, render_family

FEATURE = '''@ruleset:seven-card-stud
Feature: The bring-in
  Someone must open third street.

  Background:
    Given a game of "seven-card-stud"

  Rule: The lowest door card brings in
    Suits break ties.

    @BRING-01 @BRING-03
    Scenario: Equal door cards: clubs bring in
      Given the players:
        | seat | name | door |
        | 1    | Ann  | 2c   |
        | 2    | Bob  | 2d   |
      Then Ann brings in for 0.10

    @BRING-01
    Scenario Outline: <low> brings in against <high>
      Given door cards <low> and <high>
      Then the <low> brings in

      Examples:
        | low | high |
        | Kh  | As   |

  Rule: The bring-in is a bet
    @BRING-07
    Scenario: No check after a bring-in
      Then Bob may not check
      """
      free text
      """
'''


def _page():
    feature = parse_feature(FEATURE, "seven-card-stud/bring-in.feature")
    groups = families([feature])
    return render_family(
        "seven-card-stud",
        groups["seven-card-stud"],
        {"seven-card-stud": "Seven-card stud"},
        {"seven-card-stud": "rulesets/seven-card-stud.md"},
    )


def test_parse_keeps_rules_scenarios_and_inherited_tags():
    feature = parse_feature(FEATURE, "seven-card-stud/bring-in.feature")
    assert feature.family == "seven-card-stud"
    assert [r.name for r in feature.rules] == [
        "The lowest door card brings in",
        "The bring-in is a bet",
    ]
    first = feature.rules[0].scenarios[0]
    assert first.tags == ("ruleset:seven-card-stud", "BRING-01", "BRING-03")
    assert first.steps[0].table[1] == ("1", "Ann", "2c")
    assert feature.rules[1].scenarios[0].steps[0].doc == "free text"


def test_page_renders_rules_in_order_with_examples_symbols_and_tables():
    text, anchors = _page()
    assert text.index("### The lowest door card brings in") < text.index(
        "### The bring-in is a bet"
    )
    assert (
        "#### Example: Equal door cards: clubs bring in { #equal-door-cards-clubs-bring-in }"
        in text
    )
    assert "| 1 | Ann | " + '<span class="card black">2♣</span> |' in text
    # an outline's title reads without placeholders; its steps keep them
    assert "#### Examples: low brings in against high { #low-brings-in-against-high }" in text
    assert "door cards &lt;low&gt; and &lt;high&gt;" in text
    assert '<span class="card black">A♠</span>' in text  # a lone card in a table cell
    assert "[BRING-03](../rules-index.md#BRING-03){ .rule-id }" in text
    assert "ruleset:seven-card-stud" not in text  # runner tags are not shown to readers
    assert (
        "Rulesets these examples run under: [`seven-card-stud`](../rulesets/seven-card-stud.md)."
        in text
    )
    assert [a.anchor for a in anchors] == [
        "equal-door-cards-clubs-bring-in",
        "low-brings-in-against-high",
        "no-check-after-a-bring-in",
    ]


def test_one_anchor_per_catalogue_id_per_page():
    text, _ = _page()
    assert text.count('<a id="BRING-01"></a>') == 1
    assert text.count('<a id="BRING-07"></a>') == 1


def test_catalogue_links_every_id_to_its_examples():
    _, anchors = _page()
    index = {"BRING-01": "The lowest door card brings in.", "BRING-02": "Aces are high."}
    played = {"BRING-02": ["razz"], "BRING-01": ["razz", "stud", "home"], "X-1": ["home"]}
    page = render_catalogue(index, anchors, {}, played)
    assert "1 of 2 ids have at least one example" in page
    assert "(rulebook/seven-card-stud.md#equal-door-cards-clubs-bring-in)" in page
    assert "(rulebook/seven-card-stud.md#low-brings-in-against-high)" in page
    assert "Played by [`razz`](rulesets/razz.md)." in page
    assert "Played by every shipped ruleset." in page  # BRING-01
    assert "every shipped ruleset except" not in page
    after_02 = page.split('<a id="BRING-02"></a>')[1]
    assert "*no example yet*" in after_02.split("<a id=")[0]
    assert "(not in the rules index)" in page  # BRING-03 and BRING-07 are only in features
    assert re.search(r'<a id="BRING-07"></a>', page)


def test_played_by_names_the_few_exceptions():
    played = {"A-1": ["a", "b", "c"], "A-2": ["a", "b"], "A-3": ["d"]}
    page = render_catalogue({}, [], {}, played)
    assert "Played by every shipped ruleset except [`c`](rulesets/c.md), [`d`]" not in page
    assert "**A-2**" in page
    a2 = page.split("**A-2**")[1].split("<a id=")[0]
    assert "Played by [`a`](rulesets/a.md), [`b`](rulesets/b.md)." in a2
    a1 = page.split("**A-1**")[1].split("<a id=")[0]
    assert "Played by every shipped ruleset except [`d`](rulesets/d.md)." in a1
