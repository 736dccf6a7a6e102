@ruleset:stud-hi-lo-declare-simultaneous
Feature: Declaring all at once
  With simultaneous declarations every player chooses in secret (a closed fist holding one
  chip for high, none for low, two for both) and all are revealed together.

  Rule: Declarations are made together and revealed at once

    @DECL-01 @DECL-02 @alternative
    Scenario: Secret declarations are revealed together and the pot is shared
      Given a game of "stud-hi-lo-declare-simultaneous" with ante 1, bring-in 1, small bet 2 and big bet 4
      And Ann, Bob and Carol sit down with 100 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] Ks | 9h     | 7s    | Jd    | [Qc]    |
        | Bob    | [Ah 2d] 4c | 5s     | 7d    | Qh    | [Jh]    |
        | Carol  | [Qs Qd] 3c | 6h     | 8c    | 9c    | [Tc]    |
      When everyone checks or calls until the declaration
      And the players act: Ann declares high, Bob declares low and Carol declares high
      Then the pot is awarded:
        | player | amount |
        | Ann    | 3      |
        | Bob    | 3      |

    @DECL-01 @alternative
    Scenario: Each declaration stays hidden until the last player has declared
      Given a game of "stud-hi-lo-declare-simultaneous" with ante 1, bring-in 1, small bet 2 and big bet 4
      And Ann, Bob and Carol sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] Ks | 9h     | 7s    | Jd    | [Qc]    |
        | Bob    | [Ah 2d] 4c | 5s     | 7d    | Qh    | [Jh]    |
        | Carol  | [Qs Qd] 3c | 6h     | 8c    | 9c    | [Tc]    |
      When everyone checks or calls until the declaration
      And Bob declares low
      Then Bob's declaration is hidden
      And Ann's declaration is not made yet
      When Ann declares high
      Then Ann's declaration is hidden
      And Bob's declaration is hidden
      When Carol declares high
      Then Ann's declaration is high
      And Bob's declaration is low
      And Carol's declaration is high
