@ruleset:stud-hi-lo
Feature: A pot that no hand qualifies for
  A qualifier can leave a share of the pot without a winner.  The other share then takes
  the whole pot.  When no share has a winner at all (every share needs a qualifying hand,
  or everyone declared a share they cannot win), the ruleset's `pot.unqualified` value
  says where the chips go, so that a pot is never left without an owner.

  Background:
    Given a game of "stud-hi-lo" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00

  Rule: With no qualifying hand for any share, the best high hand takes the pot unless the house splits it

    @HILO-07 @example
    Scenario: A low-only game with a qualifier: nobody has an eight low and the best high hand takes the pot
      Given house rules:
        | pot.shares      | [{name: low, ranking: ace-to-five, qualifier: 8}] |
        | pot.unqualified | best-high                                         |
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] 9c | Qh     | Js    | 4d    | [3s]    |
        | Bob    | [9h 7s] 5c | 3d     | 2s    | Jc    | [Qd]    |
      When everyone checks or calls until the showdown
      Then the hand is over
      And Ann wins the pot of 0.30

    @HILO-07
    Scenario: Nobody qualifies and the best high hands tie: the tied players share the pot
      Given house rules:
        | pot.shares      | [{name: low, ranking: ace-to-five, qualifier: 8}] |
        | pot.unqualified | best-high                                         |
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] 9c | Qh     | Js    | 4d    | [3s]    |
        | Bob    | [Kh Ks] 9d | Qc     | Jh    | 4c    | [3h]    |
      When everyone checks or calls until the showdown
      Then the pot is awarded:
        | player | amount |
        | Ann    | 0.15   |
        | Bob    | 0.15   |

    @HILO-07 @alternative
    Scenario: The same hands when the house splits a pot nobody qualifies for
      Given house rules:
        | pot.shares      | [{name: low, ranking: ace-to-five, qualifier: 8}] |
        | pot.unqualified | split                                             |
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] 9c | Qh     | Js    | 4d    | [3s]    |
        | Bob    | [9h 7s] 5c | 3d     | 2s    | Jc    | [Qd]    |
      When everyone checks or calls until the showdown
      Then the hand is over
      And the pot is awarded:
        | player | amount |
        | Ann    | 0.15   |
        | Bob    | 0.15   |
