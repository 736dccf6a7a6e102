Feature: Hi-lo stud as house games deal it
  Three hi-lo games of the home-game catalogues: hi-lo "regular" (no qualifier, dealt in
  razz order), hi-lo with everyone declaring at once and the high card bringing in, and the
  double qualifier game, where the high hand must qualify too.

  Rule: Hi-lo regular: no qualifier, the highest door card brings in and the lowest board acts first

    @BRING-13 @ROUND-12 @ruleset:stud-hi-lo-regular
    Scenario: Hi-lo regular: a king brings in and the lowest board leads on fourth street
      Given a game of "stud-hi-lo-regular" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [2d 3d] Kc | Qd     |
        | Bob    | [4c 6d] 5d | 2c     |
        | Carol  | [7d 8d] 9h | 9s     |
      Then Ann may bring in 0.10 or complete to 0.50
      When everyone calls until fourth street
      Then Bob acts first on fourth street

    @HILO-12 @ruleset:stud-hi-lo-regular
    Scenario: Hi-lo regular: a nine-high low still takes the low half
      Given a game of "stud-hi-lo-regular" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] Ks | Qh     | Jd    | Tc    | [Th]    |
        | Bob    | [2c 4d] 5d | 7h     | 9s    | Qc    | [Jh]    |
      When everyone checks or calls until the showdown
      Then Bob shows "nine-seven low" for low
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 0.15   | high  |
        | Bob    | 0.15   | low   |

  Rule: Declaring at once with the high card bringing in

    @DECL-01 @BRING-13 @ruleset:stud-hi-lo-declare-high-bring-in
    Scenario: The king brings in, everyone declares at once, and the two ways share the pot
      Given a game of "stud-hi-lo-declare-high-bring-in" with ante 1, bring-in 1, small bet 2 and big bet 4
      And Ann and Bob sit down with 100 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] Ks | Qh     | Jd    | Tc    | [Th]    |
        | Bob    | [2c 4d] 5d | 7h     | 9s    | Qc    | [Jh]    |
      Then Ann may bring in 1 or complete to 2
      When everyone checks or calls until the declaration
      And Bob declares low
      Then Bob's declaration is hidden
      When Ann declares high
      Then the pot is awarded:
        | player | amount | share |
        | Ann    | 2      | high  |
        | Bob    | 2      | low   |

  Rule: Double qualifier: the high hand needs two pair, nines and eights with a five, or better

    @QUAL-01 @ruleset:double-qualifier
    Scenario: A pair of aces does not qualify for high, so the qualifying low takes the whole pot
      Given a game of "double-qualifier" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ac Ad] Kh | Qs     | Jd    | 9c    | [7h]    |
        | Bob    | [2c 3d] 4h | 5s     | 7c    | Kd    | [Ks]    |
      When everyone checks or calls until the showdown
      Then Ann shows no high hand
      And Bob shows "seven-five low" for low
      And Bob wins the pot of 0.30

    @QUAL-01 @ruleset:double-qualifier
    Scenario: Nines and eights with a five is just enough for high
      Given a game of "double-qualifier" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [9c 9d] 8c | 8d     | 5h    | 2s    | [3s]    |
        | Bob    | [Ac Ad] Kh | Qs     | Jh    | 7c    | [6c]    |
      When everyone checks or calls until the showdown
      Then Ann shows "two pair, nines and eights" for high
      And Ann wins the pot of 0.30

    @QUAL-02 @ruleset:double-qualifier
    Scenario: Neither half qualifies: the players left share the pot
      Given a game of "double-qualifier" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ac Ad] Kh | Qs     | Jd    | 9c    | [7h]    |
        | Bob    | [Kd Ks] 9d | Th     | Js    | 4c    | [2d]    |
      When everyone checks or calls until the showdown
      Then the pot is awarded:
        | player | amount |
        | Ann    | 0.15   |
        | Bob    | 0.15   |
