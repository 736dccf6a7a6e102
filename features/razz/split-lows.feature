Feature: Razz split with another low: RazzDeucey, Razzdugi, RazzBadeucey
  A razz deal may split its pot between two hands read from the same seven cards, each
  with its own ranking: the ace-to-five low and the deuce-to-seven low (RazzDeucey), the
  ace-to-five low and badugi (Razzdugi), or badugi with aces high and the deuce-to-seven
  low (RazzBadeucey).  A badugi is the largest set of cards of different ranks and suits,
  up to four, then the lowest.  Neither half needs a qualifier, and one player may win both.

  Rule: Two lows split the pot, each judged by its own ranking

    @SHARE-03 @RANK-01 @ruleset:razzdeucey
    Scenario: RazzDeucey: the wheel wins the ace-to-five half, a seven-six wins the deuce-to-seven half
      Given a game of "razzdeucey" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ac 2d] 3h | 4s     | 5c    | Kd    | [Kh]    |
        | Bob    | [7c 6d] 4h | 3s     | 2c    | Qd    | [Jd]    |
      When everyone checks or calls until the showdown
      Then Ann shows "five-four low" for razz
      And Ann shows "king-five low" for deuce
      And Bob shows "seven-six low" for deuce with 7c 6d 4h 3s 2c
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 0.15   | razz  |
        | Bob    | 0.15   | deuce |

    @SHARE-03 @RANK-03 @ruleset:razzdugi
    Scenario: Razzdugi: a four-card badugi takes the badugi half and the better razz hand the other
      Given a game of "razzdugi" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ac 2d] 3h | 4s     | Kc    | Kd    | [Qh]    |
        | Bob    | [2c 3c] 4c | 5d     | 6c    | 7d    | [8d]    |
      When everyone checks or calls until the showdown
      Then Ann shows "four-three badugi" for badugi with 4s 3h 2d Ac
      And Bob shows "two-card five-two" for badugi
      And Bob shows "six-five low" for razz
      And the pot is awarded:
        | player | amount | share  |
        | Ann    | 0.15   | badugi |
        | Bob    | 0.15   | razz   |

    @RANK-03 @ruleset:razzdugi
    Scenario: A badugi hand is read from all of a player's cards, four beating three
      Then under badugi ranking the best hand from Kd 4h 2c 3s Ad 7c 9d is "four-three badugi" with 4h 3s 2c Ad
      And under badugi ranking Kc Qd Jh Ts beats As 2s 3d 4h
      And under badugi ranking As 2c 3d 4h beats Ac 2d 3h 5s

  Rule: RazzBadeucey reads both hands with aces high

    @SHARE-03 @RANK-04 @ruleset:razzbadeucey
    Scenario: RazzBadeucey: five-four-three-two of four suits is the best badugi, the seven-five low takes the other half
      Given a game of "razzbadeucey" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [5c 4d] 3h | 2s     | Kd    | Kc    | [Kh]    |
        | Bob    | [7c 5h] 4s | 3c     | 2h    | Qd    | [Jd]    |
      When everyone checks or calls until the showdown
      Then Ann shows "five-four badugi" for badugi with 5c 4d 3h 2s
      And Bob shows "jack-four badugi" for badugi
      And Bob shows "seven-five low" for deuce with 7c 5h 4s 3c 2h
      And the pot is awarded:
        | player | amount | share  |
        | Ann    | 0.15   | badugi |
        | Bob    | 0.15   | deuce  |

    @RANK-04 @ruleset:razzbadeucey
    Scenario: RazzBadeucey: the highest door card brings in, aces high, and the best badugi showing opens fourth street
      Given a game of "razzbadeucey" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [5c 4d] 3h | 2s     |
        | Bob    | [7c 5h] 4s | 3c     |
        | Carol  | [9c 9h] Ad | Ks     |
      Then Carol may bring in 0.10 or complete to 0.50
      When everyone calls until fourth street
      Then Ann acts first on fourth street
