Feature: Splitting a hi-lo pot
  The pot is halved between the high and the low winners.  Tied winners of a half share
  it; some rooms halve the pot in units of the lower limit, the larger part to high.

  Rule: Identical lows share the low half, so a better high against the same low wins three quarters

    @HILO-09 @ruleset:stud-hi-lo @example
    Scenario: Heads-up with the same seven low, the ace-high flush wins 75% of the pot
      Given a game of "stud-hi-lo" with ante 1, bring-in 1, small bet 2 and big bet 4
      And Ann and Bob sit down with 100 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ah 7h] Kd | 5h     | 3h    | Qc    | [2h]    |
        | Bob    | [Ad 7s] Ac | 7c     | 5d    | 3s    | [2c]    |
      When everyone checks or calls until the showdown
      Then Ann shows "flush, ace high" for high
      And Bob shows "two pair, aces and sevens" for high
      And Ann shows "seven-five low" for low
      And Bob shows "seven-five low" for low
      And the pot is awarded:
        | player | amount |
        | Ann    | 3      |
        | Bob    | 1      |

  Rule: Where the room halves pots in units of the lower limit, the odd unit goes to high

    @HILO-10 @ruleset:stud-hi-lo-split-unit @example
    Scenario: 10/20: a pot of 230 splits 120 high and 110 low, and two tied lows take 55 each
      Given a game of "stud-hi-lo-split-unit" with ante 5, bring-in 5, small bet 10 and big bet 20
      And Ann, Bob, Carol and Dan sit down with 1000 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc 9d] 2c | Kd     | Ks    | Qh    | [Jh]    |
        | Bob    | [Ah 4h] 5c | 7c     | 2d    | Tc    | [Jc]    |
        | Carol  | [As 4s] 5d | 7d     | 2h    | Td    | [Jd]    |
        | Dan    | [Qc Qd] 8s |        |       |       |         |
      When the players act: Ann brings in, Bob completes to 10, Carol calls, Dan folds and Ann calls
      And everyone checks or calls until fifth street
      And Ann bets 20
      And everyone checks or calls until sixth street
      And Ann bets 20
      And everyone checks or calls until seventh street
      And Ann bets 20
      And everyone checks or calls until the showdown
      Then the pot is awarded:
        | player | amount | share |
        | Ann    | 120    | high  |
        | Bob    | 55     | low   |
        | Carol  | 55     | low   |

    @HILO-10 @ruleset:stud-hi-lo @alternative
    Scenario: Halving in the smallest chip, the same 230 pot splits 115 and 57.50 each
      Given a game of "stud-hi-lo" with ante 5, bring-in 5, small bet 10 and big bet 20
      And Ann, Bob, Carol and Dan sit down with 1000 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc 9d] 2c | Kd     | Ks    | Qh    | [Jh]    |
        | Bob    | [Ah 4h] 5c | 7c     | 2d    | Tc    | [Jc]    |
        | Carol  | [As 4s] 5d | 7d     | 2h    | Td    | [Jd]    |
        | Dan    | [Qc Qd] 8s |        |       |       |         |
      When the players act: Ann brings in, Bob completes to 10, Carol calls, Dan folds and Ann calls
      And everyone checks or calls until fifth street
      And Ann bets 20
      And everyone checks or calls until sixth street
      And Ann bets 20
      And everyone checks or calls until seventh street
      And Ann bets 20
      And everyone checks or calls until the showdown
      Then the pot is awarded:
        | player | amount | share |
        | Ann    | 115    | high  |
        | Bob    | 57.50  | low   |
        | Carol  | 57.50  | low   |

  Rule: The low ranking is the ruleset's choice; without a qualifier any low takes the low half

    @HILO-12 @ruleset:stud-hi-lo
    Scenario: Eight or better: a nine low does not qualify and the high hand scoops
      Given a game of "stud-hi-lo" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] 9c | Qh     | Js    | 4d    | [3s]    |
        | Bob    | [9h 7s] 5c | 3d     | 2s    | Jc    | [Qd]    |
      When everyone checks or calls until the showdown
      Then Ann wins the pot of 0.30

    @HILO-12 @ruleset:stud-hi-lo-any-low @alternative
    Scenario: With no qualifier the nine low wins the low half
      Given a game of "stud-hi-lo-any-low" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] 9c | Qh     | Js    | 4d    | [3s]    |
        | Bob    | [9h 7s] 5c | 3d     | 2s    | Jc    | [Qd]    |
      When everyone checks or calls until the showdown
      Then Bob shows "nine-seven low" for low
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 0.15   | high  |
        | Bob    | 0.15   | low   |

    @HILO-12 @ruleset:stud-hi-lo @alternative
    Scenario: With an ace-to-six low the wheel is a straight and six-four low wins the low half
      Given a game of "stud-hi-lo" with ante 1, bring-in 1, small bet 2 and big bet 4
      And house rules:
        | pot.shares | [{name: high, ranking: high}, {name: low, ranking: ace-to-six}] |
      And Ann, Bob and Carol sit down with 100 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Ks] Kh | 9c     | 9d    | Jc    | [Tc]    |
        | Bob    | [Ah 2d] 3c | 4s     | 5h    | Kd    | [Qd]    |
        | Carol  | [6c 4d] 3d | 2s     | Ac    | Qs    | [Jd]    |
      When everyone checks or calls until the showdown
      Then Carol shows "six-four low" for low
      And Bob shows "queen-four low" for low
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 3      | high  |
        | Carol  | 3      | low   |
