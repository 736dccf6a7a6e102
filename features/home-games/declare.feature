@ruleset:stud-hi-lo-declare
Feature: High-low with a declaration
  In the home hi-lo game each player still in after the river betting declares high, low
  or both.  High declarers compete for the high half, low declarers for the low half; a
  player declaring both must win both outright or gets nothing.

  Background:
    Given a game of "stud-hi-lo-declare" with ante 1, bring-in 1, small bet 2 and big bet 4
    And Ann, Bob and Carol sit down with 100 each
    And Bob deals
    And the cards are dealt as follows:
      | player | third      | fourth | fifth | sixth | seventh |
      | Ann    | [Kc Kd] Ks | 9h     | 7s    | Jd    | [Qc]    |
      | Bob    | [Ah 2d] 4c | 5s     | 7d    | Qh    | [Jh]    |
      | Carol  | [Qs Qd] 3c | 6h     | 8c    | 9c    | [Tc]    |

  Rule: After the river betting each player declares high, low or both, in turn or all at once

    @DECL-01
    Scenario: The declarations go round the table from the dealer's left
      When everyone checks or calls until the declaration
      Then Carol may declare
      When Carol declares high
      Then Ann may declare
      And Carol's declaration is high
      When Ann declares low
      Then Bob may declare
      And Ann's declaration is low
      And Bob's declaration is not made yet

  Rule: Declaring in turn, the last player to bet or raise in the hand declares first (beyond the sources: the showdown order of Robert's Rules of Poker)

    @DECL-01 @beyond-sources
    Scenario: Bob bet the river, so Bob declares first
      When everyone checks or calls until seventh street
      And the players act: Ann checks, Bob bets 4, Carol calls and Ann calls
      Then Bob may declare

  Rule: With no one declaring both, the best high among high declarers and the best low among low declarers share the pot

    @DECL-02
    Scenario: One high winner and one low winner split the pot
      When everyone checks or calls until the declaration
      And the players act: Carol declares high, Ann declares high and Bob declares low
      Then the pot is awarded:
        | player | amount |
        | Ann    | 3      |
        | Bob    | 3      |

  Rule: If everyone declares the same way, the best such hand takes the whole pot

    @DECL-03
    Scenario: Everyone declares high
      When everyone checks or calls until the declaration
      And the players act: Carol declares high, Ann declares high and Bob declares high
      Then Ann wins the pot of 6

  Rule: A player declaring both must win high and low outright, or wins nothing

    @DECL-04
    Scenario: A both declarer who loses the high half gets nothing, and the low half goes to the low declarer
      When everyone checks or calls until the declaration
      And the players act: Carol declares low, Ann declares high and Bob declares both
      Then the pot is awarded:
        | player | amount |
        | Ann    | 3      |
        | Carol  | 3      |

    @DECL-04
    Scenario: Carol declares both, wins high outright but only ties Bob's low, so she gets nothing
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] Ks | 9h     | 7s    | Jd    | [Qc]    |
        | Bob    | [Ah 2d] 4c | 5s     | 7d    | Qh    | [Jh]    |
        | Carol  | [As 2s] 4s | 5d     | 7h    | Js    | [Ts]    |
      When everyone checks or calls until the declaration
      And the players act: Carol declares both, Ann declares high and Bob declares low
      Then the pot is awarded:
        | player | amount |
        | Ann    | 3      |
        | Bob    | 3      |
