@ruleset:stud-hi-lo
Feature: The hi-lo showdown (eight or better)
  Every pot is split between the best high hand and the best low hand of five different
  ranks, eight or lower, aces low.  Each player picks a high and a low independently from
  their seven cards; the cards speak, nobody declares.

  Background:
    Given a game of "stud-hi-lo" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
    And Ann and Bob sit down with 20 each
    And Ann deals

  Rule: The pot is split between the best high hand and the best qualifying low; the cards speak

    @HILO-01 @HILO-11 @SHOW-06
    Scenario: A pair of kings takes the high half and an eight low the low half
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] 9c | Qh     | Js    | 4d    | [3s]    |
        | Bob    | [Ah 2d] 5c | 7s     | 8h    | Jc    | [Qd]    |
      When everyone checks or calls until the showdown
      Then the hand is over
      And Ann shows "pair of kings" for high
      And Bob shows "eight-seven low" for low with 8h 7s 5c 2d Ah
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 0.15   | high  |
        | Bob    | 0.15   | low   |

    @HILO-06 @example
    Scenario: Queens full of threes wins high; five-four low wins low against a hand with no low
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ah 2s] Kh | Ks     | 3c    | 4h    | [5d]    |
        | Bob    | [As 3s] Qh | Qd     | Qs    | 3h    | [Jc]    |
      When everyone checks or calls until the showdown
      Then Bob shows "full house, queens over threes" for high with Qh Qd Qs 3s 3h
      And Ann shows "five-four low" for low with 5d 4h 3c 2s Ah
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 0.15   | high  |
        | Ann    | 0.15   | low   |

  Rule: A low needs five different ranks, all eight or lower, aces counting low

    @HILO-02 @HILO-07
    Scenario: With no qualifying low the best high hand takes the whole pot
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] 9c | Qh     | Js    | 5d    | [6s]    |
        | Bob    | [Ah 2d] 3c | 4s     | 9h    | Th    | [Kh]    |
      When everyone checks or calls until the showdown
      Then Ann shows "pair of kings" for high
      And Bob shows no low hand
      And Ann shows no low hand
      And Ann wins the pot of 0.30

    @HILO-02
    Scenario: Ace, deuce, trey and four with nothing else eight or lower make no qualifying low
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] 9c | Qh     | Js    | 5d    | [6s]    |
        | Bob    | [Ah 2d] 3c | 4s     | 9h    | Th    | [Kh]    |
      When everyone checks or calls until seventh street
      Then Bob has no qualifying low

  Rule: Straights and flushes do not spoil a low, so the wheel is the best low and also a straight

    @HILO-03 @HILO-05
    Scenario: The wheel scoops both halves with the same ace
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ac 2d] 3h | 4s     | 5c    | Kd    | [Kh]    |
        | Bob    | [Qc Qd] 9s | Ts     | Jh    | 6d    | [7c]    |
      When everyone checks or calls until the showdown
      Then Ann shows "five-high straight" for high with Ac 2d 3h 4s 5c
      And Ann shows "five-four low" for low with Ac 2d 3h 4s 5c
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 0.15   | high  |
        | Ann    | 0.15   | low   |

    @HILO-05
    Scenario: Ann's wheel takes both halves although Bob has a seven low and Carol two pair
      Given Carol sits down with 20
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ac 2d] 3h | 4s     | 5c    | Kd    | [Kh]    |
        | Bob    | [7c 6h] 2s | 4d     | 3c    | Qs    | [Js]    |
        | Carol  | [Kc Ks] 9d | Td     | 8s    | 9h    | [Jh]    |
      When everyone checks or calls until the showdown
      Then Bob shows "seven-six low" for low
      And Carol shows "two pair, kings and nines" for high
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 0.23   | high  |
        | Ann    | 0.22   | low   |

  Rule: Lows compare from the highest card down

    @HILO-04 @example
    Scenario: A seven low beats an eight low
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [2c 3h] 5d | 6d     | 7d    | Kc    | [Ks]    |
        | Bob    | [Ac 2s] 3d | 4c     | 8h    | Qc    | [Qs]    |
      When everyone checks or calls until the showdown
      Then Ann shows "seven-six low" for low
      And Bob shows "eight-four low" for low
      And Ann wins the pot of 0.30

  Rule: An odd chip that cannot be halved goes to the high half

    @HILO-08
    Scenario: A pot of 0.35 splits 0.18 high and 0.17 low
      Given Carol sits down with 20
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] 9c | Qh     | Js    | 4d    | [3s]    |
        | Bob    | [Ah 2d] 5c | 7s     | 8h    | Jc    | [Qd]    |
        | Carol  | [Tc Td] Ac |        |       |       |         |
      When the players act: Bob brings in, Carol folds and Ann calls
      And everyone checks or calls until the showdown
      Then the pot is awarded:
        | player | amount | share |
        | Ann    | 0.18   | high  |
        | Bob    | 0.17   | low   |
