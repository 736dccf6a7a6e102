@ruleset:seven-card-stud
Feature: The showdown
  After the river betting the players left show their cards; each plays the best five of
  their seven, the cards speak for themselves, and the best hand takes the pot.

  Background:
    Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
    And Ann and Bob sit down with 10 each
    And Ann deals

  Rule: Each player plays the best five of their seven cards; the other two count for nothing

    @SHOW-01 @SHOW-03 @SHOW-06 @SHOW-07 @example
    Scenario: 2h Jc Qc Ks Ad Ts 9c plays the ace-high straight and wins the pot
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [2h Jc] Qc | Ks     | Ad    | Ts    | [9c]    |
        | Bob    | [7s 7d] 3c | 4d     | 8h    | Js    | [Qh]    |
      When everyone checks or calls until the showdown
      Then Ann shows "ace-high straight" with Ts Jc Qc Ks Ad
      And Bob shows "pair of sevens"
      And Ann wins the pot of 0.30
      And Ann has 10.15 left
      And Bob has 9.85 left

  Rule: Hands rank in the standard order only: three pairs play as two pair with the best kicker

    @SHOW-02
    Scenario: Three pairs make two pair, which loses to three of a kind
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] 8h | 8s     | 4c    | 4d    | [Qd]    |
        | Bob    | [5c 5d] 5h | 9c     | Jh    | 2s    | [3d]    |
      When everyone checks or calls until the showdown
      Then Ann shows "two pair, kings and eights" with Kc Kd 8h 8s Qd
      And Bob shows "three of a kind, fives"
      And Bob wins the pot of 0.30

    @SHOW-02
    Scenario: The ace plays low in a five-high straight, which beats three of a kind
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [As 2c] 3d | 4h     | 9s    | Kd    | [5c]    |
        | Bob    | [Qs Qd] Qc | 7s     | 8d    | Jc    | [6h]    |
      When everyone checks or calls until the showdown
      Then Ann shows "five-high straight" with As 2c 3d 4h 5c
      And Bob shows "three of a kind, queens"
      And Ann wins the pot of 0.30

    @SHOW-02
    Scenario: Equal two pairs: the kicker decides, and a third pair does not play
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] 4c | 8h     | 8s    | 4d    | [Qd]    |
        | Bob    | [Kh Ks] 3h | 8c     | 8d    | 2c    | [Jh]    |
      When everyone checks or calls until the showdown
      Then Ann shows "two pair, kings and eights" with Kc Kd 8h 8s Qd
      And Bob shows "two pair, kings and eights" with Kh Ks 8c 8d Jh
      And Ann wins the pot of 0.30

    @SHOW-02
    Scenario: Five hearts among seven cards make a flush, which loses to a full house
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ah 7h] 2h | 9c     | Kd    | 4h    | [5h]    |
        | Bob    | [Qs Qd] Qc | 3s     | 8d    | 8c    | [6c]    |
      When everyone checks or calls until the showdown
      Then Ann shows "flush, ace high" with Ah 7h 5h 4h 2h
      And Bob shows "full house, queens over eights"
      And Bob wins the pot of 0.30

    @SHOW-02
    Scenario: Four hearts and a club are no flush: Ann's king high loses to Bob's pair
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kh Jh] 8h | 5h     | 3c    | 2d    | [9c]    |
        | Bob    | [6s 6d] 4c | Qd     | Ts    | 7s    | [3s]    |
      When everyone checks or calls until the showdown
      Then Ann shows "high card, king"
      And Bob wins the pot of 0.30

  Rule: Suits never rank hands at the showdown; equal hands split the pot

    @SHOW-05
    Scenario: Two ace-high flushes: the second card decides, the suits do not
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ah Kh] 9h | 7h     | 5c    | 4h    | [3d]    |
        | Bob    | [As Qs] 4s | 9s     | 7s    | 2d    | [Jc]    |
      When everyone checks or calls until the showdown
      Then Ann shows "flush, ace high" with Ah Kh 9h 7h 4h
      And Bob shows "flush, ace high" with As Qs 9s 7s 4s
      And Ann wins the pot of 0.30

    @SHOW-05
    Scenario: Two flushes of the same ranks in different suits split the pot
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ah Kh] 2c | 9h     | 3d    | 7h    | [4h]    |
        | Bob    | [As Ks] 2d | 9s     | 3c    | 7s    | [4s]    |
      When everyone checks or calls until the showdown
      Then Ann shows "flush, ace high"
      And the pot is awarded:
        | player | amount |
        | Ann    | 0.15   |
        | Bob    | 0.15   |

  Rule: Odd chips of a pot split several ways go one each to the winners in turn from the dealer's left (beyond the sources: the button rule of Robert's Rules and the TDA; for stud they prefer the highest card by suit, `pot.odd_chip_tie: high-card`)

    @beyond-sources
    Scenario: Three straights split 1.85: Carol and Ann, first from the dealer's left, get the two odd cents
      Given Carol, Dan and Eve sit down with 10 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Tc Jd] Qh | Ks     | 4c    | 5d    | [Ah]    |
        | Bob    | [Td Jh] Qs | Kc     | 4d    | 5h    | [As]    |
        | Carol  | [Th Js] Qc | Kd     | 4h    | 5s    | [Ac]    |
        | Dan    | [7c 8d] 2c |        |       |       |         |
        | Eve    | [9c 9d] 3d |        |       |       |         |
      When the players act: Dan brings in, Eve folds, Ann completes to 0.50, Bob calls, Carol calls and Dan folds
      And everyone checks until the showdown
      Then Ann shows "ace-high straight"
      And the pot is awarded:
        | player | amount |
        | Carol  | 0.62   |
        | Ann    | 0.62   |
        | Bob    | 0.61   |

    @beyond-sources
    Scenario: Ann completes instead of bringing in and three straights split 1.70: Carol and Ann get the odd cents
      Given Carol and Dan sit down with 10 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Qh Jd] Tc | 4c     | Ks    | 5d    | [Ah]    |
        | Bob    | [Qs Td] Jh | 6d     | Kc    | 7h    | [As]    |
        | Carol  | [Jc Ts] Qc | 8h     | Kd    | 9s    | [Ac]    |
        | Dan    | [7c 8d] Kh |        |       |       |         |
      When the players act: Ann completes to 0.50, Bob calls, Carol calls and Dan folds
      And everyone checks until the showdown
      Then Ann shows "ace-high straight"
      And the pot is awarded:
        | player | amount |
        | Carol  | 0.57   |
        | Ann    | 0.57   |
        | Bob    | 0.56   |

    @beyond-sources @alternative
    Scenario: By the high card, the odd cent of 0.55 goes to Carol, whose king beats Bob's queen of spades
      Given house rules:
        | pot.odd_chip_tie | high-card |
      And Carol, Dan and Eve sit down with 10 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [As Ks] 6c |        |       |       |         |
        | Bob    | [5c 6d] 7h | 8s     | 9c    | Qs    | [2h]    |
        | Carol  | [5d 6h] 7s | 8c     | 9d    | Kc    | [3h]    |
        | Dan    | [Td Jh] 2c | 3d     | 4s    | Js    | [Ac]    |
        | Eve    | [Tc Th] 4c |        |       |       |         |
      When the players act: Dan brings in, Eve folds, Ann folds, Bob calls and Carol calls
      And everyone checks until the showdown
      Then Bob shows "nine-high straight"
      And Carol shows "nine-high straight"
      And the pot is awarded:
        | player | amount |
        | Carol  | 0.28   |
        | Bob    | 0.27   |

  Rule: When everyone else folds, the part of the last bet nobody called goes back and the bettor takes the pot unseen

    @SHOW-07
    Scenario: Ann folds to Bob's completion: 0.40 of it comes back and Bob wins the 0.30 pot
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
      When the players act: Ann brings in, Bob completes to 0.50 and Ann folds
      Then the hand is over
      And the pot is 0.30
      And Bob wins the pot of 0.30
      And Bob has 10.15 left
      And Ann has 9.85 left

    @SHOW-07
    Scenario: Bob completes instead of bringing in and Ann folds: his 0.50 comes back and he wins the antes
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Qs Qd] 2h |
      When the players act: Bob completes to 0.50 and Ann folds
      Then the hand is over
      And the pot is 0.10
      And Bob wins the pot of 0.10
      And Bob has 10.05 left
      And Ann has 9.95 left
