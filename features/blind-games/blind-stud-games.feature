Feature: The blind stud games
  Home stud games played with a small and a big blind instead of antes and a bring-in,
  most of them with wild ranks named after the game.  Heads-up the dealer posts the small
  blind and acts first on the blinds' round.

  Rule: Dr. Pepper's family: blinds, first player on the dealer's left opens later rounds, fixed wild ranks

    @BLIND-01 @WILD-01 @ruleset:woolworth
    Scenario: Woolworth: a five and a ten turn Ann's two kings into four of a kind
      Given a game of "woolworth"
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [5s Kd] Kh | 2c     | 9s    | 3d    | [Tc]    |
        | Bob    | [As Ad] Qs | Qh     | 8d    | 7c    | [4s]    |
      When everyone checks or calls until the showdown
      Then Ann shows "four of a kind, kings"
      And Bob shows "two pair, aces and queens"
      And Ann wins the pot of 1.00

    @BLIND-03 @WILD-01 @ruleset:three-thirty-three
    Scenario: Three Thirty Three: three down and three up; a trey makes Ann's kings three of a kind
      Given a game of "three-thirty-three"
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third         | fourth | fifth | sixth |
        | Ann    | [3s Kd Kh]    | 2c     | 9s    | 7d    |
        | Bob    | [As Ad Qs]    | Qh     | 8d    | 4c    |
      Then Bob posts the small blind of 0.25
      And Ann posts the big blind of 0.50
      When everyone checks or calls until the showdown
      Then Ann shows "three of a kind, kings"
      And Bob shows "two pair, aces and queens"
      And Ann wins the pot of 1.00

    @BLIND-03 @ruleset:pistol-pete
    Scenario: Pistol Pete: a round of betting on the hole card alone, opened left of the big blind
      Given a game of "pistol-pete"
      And Ann, Bob and Cat sit down with 20 each
      And the cards are dealt as follows:
        | player | first | second | third | fourth | fifth |
        | Ann    | [Kd]  | Kh     | 9s    | 3d     | 2c    |
        | Bob    | [As]  | Qh     | 8d    | 7c     | 4s    |
        | Cat    | [7s]  | 6d     | 5h    | Jc     | Jd    |
      Then it is Cat's turn on first street
      When everyone checks or calls until second street
      Then Ann acts first on second street
      When everyone checks or calls until the showdown
      Then Ann shows "pair of kings"
      And Cat shows "pair of jacks"
      And Ann wins the pot of 1.50

  Rule: Mississippi stud: blinds, then the best board opens, played high-low or for low too

    @BLIND-03 @HILO-05 @ruleset:mississippi-stud-8
    Scenario: Mississippi stud hi-lo: Bob's full house takes high and Ann's wheel takes low
      Given a game of "mississippi-stud-8"
      And Ann and Bob sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fifth | sixth | seventh |
        | Ann    | [As 2d] 3c | 4h 5h | 9d    | Kc      |
        | Bob    | [Ks Kd] Qs | Qh Qd | 8d    | 7c      |
      When everyone checks or calls until fifth street
      Then Bob acts first on fifth street
      When everyone checks or calls until the showdown
      Then Ann shows "five-four low" for low
      And Bob shows "full house, queens over kings" for high
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 2      | high  |
        | Ann    | 2      | low   |

    @BLIND-03 @ROUND-12 @ruleset:mississippi-razz
    Scenario: Mississippi razz: the lowest board opens after the blinds' round, and the lowest hand wins
      Given a game of "mississippi-razz"
      And Ann and Bob sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fifth | sixth | seventh |
        | Ann    | [As 2d] 3c | 4h 6h | 9d    | Kc      |
        | Bob    | [Ks Kd] Qs | Qh 7d | 8d    | 7c      |
      When everyone checks or calls until fifth street
      Then Ann acts first on fifth street
      When everyone checks or calls until the showdown
      Then Ann shows "six-four low"
      And Ann wins the pot of 4

  Rule: Blinds with the other rankings: Oklahoma lowball for deuce-to-seven, Mississippi Studugi with a badugi half

    @BLIND-03 @RANK-01 @ruleset:oklahoma-lowball
    Scenario: Oklahoma lowball: Ann's seven-five is the best low, the first player on the dealer's left opens later rounds
      Given a game of "oklahoma-lowball"
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth |
        | Ann    | [7s] 5h | 4d    | 3c     | 2s    |
        | Bob    | [Ks] 8d | 6c    | 4h     | 2c    |
      Then Bob posts the small blind of 0.25
      And it is Bob's turn on second street
      When everyone checks or calls until third street
      Then Ann acts first on third street
      When everyone checks or calls until the showdown
      Then Ann shows "seven-five low"
      And Ann wins the pot of 1.00

    @BLIND-03 @QUAL-01 @ruleset:mississippi-studugi
    Scenario: Mississippi Studugi: Bob's full house takes high and Ann's four-card badugi takes the other half
      Given a game of "mississippi-studugi"
      And Ann and Bob sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fifth | sixth | seventh |
        | Ann    | [As 2d] 3c | 4h 9s | Td    | Kc      |
        | Bob    | [Ks Kd] Qs | Qh Qd | 8d    | 7c      |
      When everyone checks or calls until the showdown
      Then Bob shows "full house, queens over kings" for high
      And the pot is awarded:
        | player | amount | share  |
        | Bob    | 2      | high   |
        | Ann    | 2      | badugi |

    @QUAL-01 @ruleset:mississippi-studugi
    Scenario: Mississippi Studugi: with no four-card badugi at the table the high hand takes the whole pot
      Given a game of "mississippi-studugi"
      And Ann and Bob sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fifth | sixth | seventh |
        | Ann    | [As 2s] 3s | 4s 9s | Td    | Jd      |
        | Bob    | [Ks Kd] Qs | Qh Qd | 8d    | 2d      |
      When everyone checks or calls until the showdown
      Then Bob wins the pot of 4
