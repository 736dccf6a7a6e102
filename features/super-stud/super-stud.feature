Feature: Super stud and its family
  Super stud deals four cards down and one up; after the first betting round every player
  throws away two hole cards, for good, and the hand goes on as seven-card stud, hi-lo or
  razz.  A discard is a decision round: the street table says who chooses, how many cards,
  among which, and whether the others see each choice at once or only at the end.

  Rule: Four down and one up, a betting round, then everyone throws two hole cards

    @DISCARD-02 @DECIDE-01 @DECIDE-02 @DISCARD-01 @ruleset:super-stud
    Scenario: Each player in turn throws two of four hole cards before fourth street's card
      Given a game of "super-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And the cards are dealt as follows:
        | player | third             | fourth | fifth |
        | Ann    | [As Kd 7c 2h] 9s  | 9d     | 3c    |
        | Bob    | [Qs Jd Qd 3h] 4h  | Kh     | 5c    |
        | Carol  | [8s 8h 5d 6c] Ks  | 2d     | Td    |
      Then Bob may bring in 0.10 or complete to 0.50
      When everyone calls until fourth street
      Then Ann may discard 2 cards
      When Ann discards Kd 7c
      Then Ann has As 2h down and 9s up
      And Bob may discard 2 cards
      When Bob discards Jd 3h
      And Carol discards 5d 6c
      Then Carol has 8s 8h down and Ks 2d up
      And Ann has As 2h down and 9s 9d up
      And Ann acts first on fourth street
      When everyone checks or calls until the showdown
      Then Bob shows "two pair, queens and fives"
      And Bob wins the pot of 0.45

    @DISCARD-02 @DECIDE-04 @ruleset:super-stud
    Scenario: A discard of the wrong number of cards, of an up card or out of turn is refused
      Given a game of "super-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And the cards are dealt as follows:
        | player | third             | fourth |
        | Ann    | [As Kd 7c 2h] 9s  | 9d     |
        | Bob    | [Qs Jd Qd 3h] 4h  | Kh     |
        | Carol  | [8s 8h 5d 6c] Ks  | 2d     |
      When everyone calls until fourth street
      And Ann tries to discard Kd
      Then the action is refused
      When Ann tries to discard 7c Kd 2h
      Then the action is refused
      When Ann tries to discard 9s Kd
      Then the action is refused
      When Bob tries to discard Jd 3h
      Then the action is refused
      When Ann tries to discard Kd Kd
      Then the action is refused
      And Ann has As Kd 7c 2h down and 9s up
      And Ann may discard 2 cards

  Rule: Which cards may go is a house value: the hole cards, or any card

    @DISCARD-03 @ruleset:super-stud
    Scenario: Thrown from the hole cards only, an up card cannot go
      Given a game of "super-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And the cards are dealt as follows:
        | player | third             |
        | Ann    | [As Kd 7c 2h] 9s  |
        | Bob    | [Qs Jd Qd 3h] 4h  |
        | Carol  | [8s 8h 5d 6c] Ks  |
      When everyone calls until fourth street
      And Ann tries to discard 9s 2h
      Then the action is refused
      And Ann may discard 2 cards

    @DISCARD-03 @ROUND-03 @ruleset:super-stud @alternative
    Scenario: Where any card may go, Carol throws her up king and keeps three hole cards
      Given a game of "super-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And house rules:
        | streets.fourth.decide | [{kind: discard, count: 2, among: any}] |
      And Ann, Bob and Carol sit down with 20 each
      And the cards are dealt as follows:
        | player | third             | fourth |
        | Ann    | [As Kd 7c 2h] 9s  | 9d     |
        | Bob    | [Qs Jd Qd 3h] 4h  | Kh     |
        | Carol  | [8s 8h 5d 6c] Ks  | 8d     |
      When everyone calls until fourth street
      And the players act: Ann discards Kd 7c, Bob discards Jd 3h and Carol discards Ks 8s
      Then Carol has 8h 5d 6c down and 8d up
      And Ann has As 2h down and 9s 9d up
      And Ann acts first on fourth street

  Rule: Discards in turn are seen at once; simultaneous ones only when the last player has chosen

    @DECIDE-03 @ruleset:super-stud @alternative
    Scenario: Simultaneous discards stay hidden until everyone has chosen, in any order
      Given a game of "super-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And house rules:
        | streets.fourth.decide | [{kind: discard, count: 2, order: simultaneous}] |
      And the players:
        | seat | name  | stack |
        | 2    | Ann   | 20    |
        | 5    | Bob   | 20    |
        | 7    | Carol | 20    |
      And Ann deals
      And the cards are dealt as follows:
        | player | third             | fourth |
        | Ann    | [As Kd 7c 2h] 9s  | 9d     |
        | Bob    | [Qs Jd Qd 3h] 4h  | Kh     |
        | Carol  | [8s 8h 5d 6c] Ks  | 2d     |
      When everyone calls until fourth street
      And Carol discards 5d 6c
      Then Carol has 8s 8h 5d 6c down and Ks up
      When Ann discards Kd 7c
      Then Ann has As Kd 7c 2h down and 9s up
      When Ann tries to discard As 2h
      Then the action is refused
      When Bob discards Jd 3h
      Then Carol has 8s 8h down and Ks 2d up
      And Ann has As 2h down and 9s 9d up
      And Bob has Qs Qd down and 4h Kh up
      And Ann acts first on fourth street

  Rule: The family: super stud hi-lo, super razz and super stud hi-lo with any low

    @DISCARD-02 @HILO-01 @ruleset:super-stud-8
    Scenario: Super stud eight or better: the discards keep a low draw and the pot is split
      Given a game of "super-stud-8" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third             | fourth | fifth | sixth | seventh |
        | Ann    | [As Ks 7c 2h] 3s  | 4d     | Kd    | 8c    | [Jc]    |
        | Bob    | [Qs Jd Qd 3h] 9h  | Qh     | 5c    | Tc    | [6d]    |
      Then Ann may bring in 0.10 or complete to 0.50
      When everyone calls until fourth street
      And the players act: Ann discards Ks 7c and Bob discards Jd 3h
      And everyone checks or calls until the showdown
      Then Bob shows "three of a kind, queens" for high
      And Ann shows "eight-four low" for low
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 0.15   | high  |
        | Ann    | 0.15   | low   |

    @DISCARD-02 @BRING-13 @ROUND-12 @ruleset:super-razz
    Scenario: Super razz: the highest door card brings in and, after the discards, the lowest board opens
      Given a game of "super-razz" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third             | fourth | fifth |
        | Ann    | [As Kd 7c 2h] 3s  | 4d     | Qc    |
        | Bob    | [Qs Jd Qd 3h] Kh  | 6h     | 9c    |
        | Carol  | [8s 8h 5d 6c] 9s  | 2d     | Tc    |
      Then Bob may bring in 0.10 or complete to 0.50
      When everyone calls until fourth street
      And the players act: Carol discards 8s 8h, Ann discards Kd 7c and Bob discards Qs Qd
      Then Ann acts first on fourth street
      When everyone checks or calls until fifth street
      Then Carol acts first on fifth street

    @DISCARD-02 @HILO-01 @ruleset:super-stud-hi-lo-regular
    Scenario: Super stud hi-lo regular: the highest door card brings in and any low takes half
      Given a game of "super-stud-hi-lo-regular" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third             | fourth | fifth | sixth | seventh |
        | Ann    | [As Ks 9c 2h] 3s  | 4d     | Kd    | Tc    | [Jc]    |
        | Bob    | [Qs Jd Qd 3h] 9h  | Qh     | 5c    | Th    | [6d]    |
      Then Bob may bring in 0.10 or complete to 0.50
      When everyone calls until fourth street
      And the players act: Ann discards Ks 9c and Bob discards Jd 3h
      And everyone checks or calls until the showdown
      Then Ann shows "ten-four low" for low
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 0.15   | high  |
        | Ann    | 0.15   | low   |

    @DISCARD-02 @SHARE-03 @ruleset:super-razzdugi
    Scenario: Super razzdugi: Ann keeps her ace and deuce for both halves and takes the razz and the badugi
      Given a game of "super-razzdugi" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third             | fourth | fifth | sixth | seventh |
        | Ann    | [As 2h 3d Kd] 4c  | 5d     | 6s    | Th    | [Jc]    |
        | Bob    | [Qs Jd 7c 8h] 9s  | Ks     | Kc    | 3s    | [2d]    |
      Then Bob may bring in 0.10 or complete to 0.50
      When everyone calls until fourth street
      And the players act: Ann discards Kd 3d and Bob discards Qs Jd
      And everyone checks or calls until the showdown
      Then Ann has As 2h Jc down and 4c 5d 6s Th up
      And the pot is awarded:
        | player | amount | share  |
        | Ann    | 0.15   | razz   |
        | Ann    | 0.15   | badugi |

    @DISCARD-02 @SHARE-03 @ruleset:super-razzbadeucey
    Scenario: Super RazzBadeucey: the highest door card brings in, aces high, and Ann's small cards win both halves
      Given a game of "super-razzbadeucey" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third             | fourth | fifth | sixth | seventh |
        | Bob    | [Qs Js Ah Ad] Kd  | Kc     | Qh    | 5s    | [6c]    |
        | Ann    | [2s 3h 4d 5c] 9c  | 7d     | 4c    | Ks    | [8h]    |
      Then Bob may bring in 0.10 or complete to 0.50
      When everyone calls until fourth street
      And the players act: Bob discards Qs Js and Ann discards 4d 5c
      And everyone checks or calls until the showdown
      Then Ann has 2s 3h 8h down and 9c 7d 4c Ks up
      And the pot is awarded:
        | player | amount | share  |
        | Ann    | 0.15   | badugi |
        | Ann    | 0.15   | deuce  |
