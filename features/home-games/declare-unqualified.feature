@ruleset:stud-hi-lo-declare
Feature: A declaration nobody can make good
  When the low share needs a qualifying hand, everyone may declare low and nobody hold one.
  The pot still has an owner: by default the best high hand among the players in it, read
  as if nobody had declared; a house may instead have them share it.

  Background:
    Given a game of "stud-hi-lo-declare" with ante 1, bring-in 1, small bet 2 and big bet 4
    And house rules:
      | pot.shares | [{name: high, ranking: high}, {name: low, ranking: ace-to-five, qualifier: 8}] |
    And Ann and Bob sit down with 100 each
    And the cards are dealt as follows:
      | player | third      | fourth | fifth | sixth | seventh |
      | Ann    | [Kc Kd] 9c | Qh     | Js    | 4d    | [3s]    |
      | Bob    | [9h 7s] 5c | 3d     | 2s    | Jc    | [Qd]    |

  Rule: If everyone declares low and no low qualifies, the best high hand takes the pot unless the house splits it

    @DECL-03 @example
    Scenario: Both declare low, neither has an eight low, and the pair of kings takes the pot
      When everyone checks or calls until the declaration
      And the players act: Ann declares low and Bob declares low
      Then the hand is over
      And Ann shows "pair of kings"
      And Ann wins the pot of 4

    @DECL-03 @alternative
    Scenario: Both declare low, neither qualifies, and the house splits the pot
      Given house rules:
        | pot.unqualified | split |
      When everyone checks or calls until the declaration
      And the players act: Ann declares low and Bob declares low
      Then the hand is over
      And the pot is awarded:
        | player | amount |
        | Ann    | 2      |
        | Bob    | 2      |
