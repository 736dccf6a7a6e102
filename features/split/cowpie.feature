@ruleset:cowpie
Feature: Split hands: Cowpie
  After the last card each player sets two cards aside as a second hand; the pot is shared
  between the best five-card hand and the best two-card hand.  The split is a decision
  round of the street table (`kind: split`), each pot share reads one of the two hands
  (`cards: big` or `cards: small`), and the house values say what a split must respect.

  Background:
    Given a game of "cowpie" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
    And Ann, Bob and Carol sit down with 20 each
    And Bob deals
    And the cards are dealt as follows:
      | player | third      | fourth | fifth | sixth | seventh |
      | Ann    | [As Ah] 2c | 7d     | 9s    | Jc    | [4h]    |
      | Bob    | [Kd Kc] 3s | 8h     | Ks    | 5c    | [6d]    |
      | Carol  | [Qd Qs] Th | Tc     | 2d    | 3d    | [8c]    |

  Rule: Each player sets two cards aside; half the pot to each hand's best

    @SPLIT-01 @SPLIT-02 @SPLIT-03 @DECIDE-01 @DECIDE-03
    Scenario: The best five-card hand and the best two-card hand share the pot
      When everyone checks or calls until split street
      Then Carol may split off 2 cards
      When Ann splits off As 2c
      Then Ann has split off no card
      When the players act: Bob splits off 6d 5c and Carol splits off 8c Th
      Then Ann has split off As 2c
      And Carol has split off 8c Th
      When everyone checks until the showdown
      Then Bob shows "three of a kind, kings" for five-card
      And Ann shows "ace-two high" for two-card
      And Carol shows "pair of queens" for five-card
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 0.23   | five-card |
        | Ann    | 0.22   | two-card  |

  Rule: Each hand keeps a hole card, and the five-card hand must outrank the two-card hand

    @SPLIT-04 @DECIDE-04
    Scenario: A split whose five-card hand is weaker, or a hand without a hole card, is refused
      When everyone checks or calls until split street
      And Ann tries to split off As Ah
      Then the action is refused
      When Ann tries to split off Jc 9s
      Then the action is refused
      When Ann tries to split off As
      Then the action is refused
      When Carol tries to split off Qd Qs
      Then the action is refused
      And Carol may split off 2 cards
      And Ann has split off no card
