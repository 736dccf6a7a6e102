@ruleset:aces-straights-flushes
Feature: Aces, Straights and Flushes
  Each player gets six cards; a joker lies face up in the centre as everyone's seventh
  card.  The joker is a "bug": it may be an ace, or any card that completes a straight or
  a flush, but it cannot pair anything except aces.

  Background:
    Given a game of "aces-straights-flushes" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
    And the players are:
      | seat | name  | stack |
      | 2    | Ann   | 20    |
      | 5    | Bob   | 20    |
      | 7    | Carol | 20    |
    And Bob deals
    And the cards are dealt as follows:
      | player | third      | fourth | fifth | last |
      | Ann    | [Ac Ad] 5h | 7c     | 9d    | [Qs] |
      | Bob    | [Kc Kd] 4h | 8c     | 3s    | [2d] |
      | Carol  | [9h Th] Jc | Qd     | 6s    | [2h] |

  Rule: Six cards each and a joker in the centre as everyone's seventh card; the pack has 53 cards

    @ASF-01 @SETUP-02
    Scenario: The joker lies face up in the centre from the start
      Then the community card is Jk
      And Bob may bring in 0.10 or complete to 0.50

  Rule: Dealt as stud to five cards, then one last card face down and a final betting round

    @ASF-03
    Scenario: After fifth street each player gets one last card face down
      When everyone checks or calls until last street
      Then Ann has Ac Ad Qs down and 5h 7c 9d up
      And Bob has Kc Kd 2d down and 4h 8c 3s up
      And Carol has 9h Th 2h down and Jc Qd 6s up

  Rule: The joker plays as an ace or fills a straight or flush, and pairs nothing but aces

    @ASF-02
    Scenario: The joker makes three aces and a straight, but not three kings
      When everyone checks or calls until the showdown
      Then Ann shows "three of a kind, aces"
      And Bob shows "pair of kings"
      And Carol shows "king-high straight"
      And Carol wins the pot of 0.45

    @ASF-02 @alternative @beyond-sources
    Scenario: A house that makes the joker fully wild: Bob's kings become three kings
      Given house rules:
        | wild.joker | wild |
      When everyone checks or calls until the showdown
      Then Ann shows "three of a kind, aces"
      And Bob shows "three of a kind, kings"
      And Carol shows "king-high straight"
      And Carol wins the pot of 0.45
