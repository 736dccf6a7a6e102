Feature: Flip games: players choose which cards to show
  In the flip family every card of the first deal comes face down and the players turn
  some of them face up by choice: two of four in 7-card flip, one of two in Low Todd, one a
  round in seven card reverse.  Pineapple stud, Kentrel and Tahoe pitch and roll also
  throw one card away.  Turning cards up is a decision round of the street table: the
  cards turned up are up cards from then on, for the bring-in and the boards.

  Rule: 7-card flip: four cards down, then everyone turns two of them up together

    @EXPOSE-01 @EXPOSE-02 @DECIDE-01 @DECIDE-03 @ruleset:7-card-flip
    Scenario: Everyone turns two cards up unseen; then the highest card showing brings in
      Given a game of "7-card-flip" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | hole           | fifth | sixth | seventh |
        | Ann    | [As Kd 9c 2h]  | 4d    | 8c    | [3s]     |
        | Bob    | [Qs Jd 7d 3h]  | Kh    | 5c    | [6d]     |
        | Carol  | [8s 8h 5d 6c]  | 8d    | Td    | [4s]     |
      Then Carol may expose 2 cards
      When Ann exposes 9c 2h
      Then Ann has As Kd 9c 2h down and no card up
      When Carol exposes 8s 5d
      And Bob exposes Qs 3h
      Then Ann has As Kd down and 9c 2h up
      And Bob has Jd 7d down and Qs 3h up
      And Carol has 8h 6c down and 8s 5d up
      And Bob may bring in 0.10 or complete to 0.50
      When everyone calls until fifth street
      Then Carol acts first on fifth street
      And Ann has As Kd down and 9c 2h 4d up

    @EXPOSE-01 @DECIDE-04 @ruleset:7-card-flip
    Scenario: Turning up one card, three cards, a card twice or a card not held is refused
      Given a game of "7-card-flip" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | hole           |
        | Ann    | [As Kd 9c 2h]  |
        | Bob    | [Qs Jd 7d 3h]  |
      When Ann tries to expose As
      Then the action is refused
      When Ann tries to expose As Kd 9c
      Then the action is refused
      When Ann tries to expose As As
      Then the action is refused
      When Ann tries to expose Qs Jd
      Then the action is refused
      And Ann may expose 2 cards

    @DECIDE-02 @ruleset:7-card-flip @alternative
    Scenario: Turned up in turn instead, each choice is seen by the players after
      Given a game of "7-card-flip" with house rules:
        | streets.flip.decide | [{kind: expose, count: 2, order: in-turn}] |
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | hole           |
        | Ann    | [As Kd 9c 2h]  |
        | Bob    | [Qs Jd 7d 3h]  |
      When Ann exposes As Kd
      Then Ann has 9c 2h down and As Kd up
      And Bob may expose 2 cards
      When Bob tries to expose Qs Jd 7d
      Then the action is refused
      When Bob exposes Qs Jd
      Then Ann may bring in 0.10 or complete to 0.50

    @EXPOSE-02 @HILO-01 @ruleset:7-card-flip-8
    Scenario: 7-card flip eight or better: the lowest card showing brings in and the pot is split
      Given a game of "7-card-flip-8" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Ann deals
      And the cards are dealt as follows:
        | player | hole           | fifth | sixth | seventh |
        | Ann    | [As Kd 7c 2h]  | 4d    | 8c    | [3s]     |
        | Bob    | [Qs Qd 7d 3h]  | Kh    | 5c    | [6d]     |
      When the players act: Ann exposes Kd 7c and Bob exposes 7d 3h
      Then Bob may bring in 0.10 or complete to 0.50
      When everyone checks or calls until the showdown
      Then Ann shows "seven-four low" for low
      And Bob shows "pair of queens" for high
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 0.15   | high  |
        | Ann    | 0.15   | low   |

  Rule: Low Todd: two cards down, one turned up, three more up, then a declaration

    @EXPOSE-03 @DECL-01 @ruleset:low-todd
    Scenario: Low Todd: each player turns one of two cards up, and the declarations share the pot
      Given a game of "low-todd" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | hole     | third | fourth | fifth |
        | Ann    | [Ah 4c]  | 5d    | 2s     | 8c    |
        | Bob    | [Kc Kd]  | Ks    | 9h     | Jd    |
        | Carol  | [Qh 6s]  | Tc    | 3d     | 7h    |
      When the players act: Ann exposes 4c, Bob exposes Kd and Carol exposes 6s
      Then Ann has Ah down and 4c up
      And Ann may bring in 0.10 or complete to 0.50
      When everyone checks or calls until the declaration
      And the players act: Ann declares low, Bob declares high and Carol declares low
      Then the pot is awarded:
        | player | amount | share |
        | Bob    | 0.23   | high  |
        | Ann    | 0.22   | low   |

  Rule: Seven card reverse: seven cards down, one turned up before each later round, two thrown at the end

    @EXPOSE-04 @DISCARD-01 @ROUND-03 @ruleset:seven-card-reverse
    Scenario: Seven card reverse: no card shows on the first round, then one more each round; two go at the end
      Given a game of "seven-card-reverse" with house rules:
        | stakes.ante | 0.05 |
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | deal                    |
        | Ann    | [As Ah Kd 9c 5h 3d 2h]  |
        | Bob    | [Qs Qd Jd 8d 7c 6c 4s]  |
      Then Ann may check or bet 0.50
      When everyone checks until flip-one street
      And the players act: Ann exposes 9c and Bob exposes 4s
      Then Ann acts first on flip-one street
      When everyone checks until flip-two street
      And the players act: Ann exposes Kd and Bob exposes Qs
      Then Ann acts first on flip-two street
      When everyone checks until flip-three street
      And the players act: Bob exposes Qd and Ann exposes 5h
      Then Bob acts first on flip-three street
      When everyone checks until flip-four street
      And the players act: Ann exposes 3d and Bob exposes 7c
      And everyone checks until flip-five street
      And the players act: Ann exposes 2h and Bob exposes 8d
      And everyone checks until discards street
      Then Ann may discard 2 cards
      When the players act: Ann discards Ah Kd and Bob discards 8d 4s
      Then Ann has As down and 9c 5h 3d 2h up
      And Bob has Jd 6c down and Qs Qd 7c up
      When the players act: Ann declares low and Bob declares high
      Then Ann shows "nine-five low" for low
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 0.05   | low   |
        | Bob    | 0.05   | high  |

  Rule: Four cards down, one turned up and one thrown away, in the game's order

    @EXPOSE-05 @DISCARD-01 @BRING-01 @ruleset:pineapple-stud
    Scenario: Pineapple stud: the card turned up first, the card thrown after, then the lowest upcard brings in
      Given a game of "pineapple-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And the cards are dealt as follows:
        | player | hole           | fourth |
        | Ann    | [As Kd 9c 2h]  | 4d     |
        | Bob    | [Qs Jd 7d 3h]  | Kh     |
        | Carol  | [8s 8h 5d 6c]  | 2d     |
      Then Ann may expose 1 card
      When the players act: Ann exposes 9c, Bob exposes 3h and Carol exposes 5d
      Then Ann may discard 1 card
      When Ann tries to discard 9c
      Then the action is refused
      When the players act: Ann discards Kd, Bob discards 7d and Carol discards 6c
      Then Ann has As 2h down and 9c up
      And Carol has 8s 8h down and 5d up
      And Bob may bring in 0.10 or complete to 0.50
      When everyone calls until fourth street
      Then Ann has As 2h down and 9c 4d up

    @EXPOSE-05 @DISCARD-01 @HILO-01 @ruleset:kentrel
    Scenario: Kentrel: the card thrown first, the card turned up after, then stud hi-lo
      Given a game of "kentrel" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | hole           | fourth | fifth | sixth | seventh |
        | Ann    | [As Kd 4c 2h]  | 3d     | 8c    | Jc    | [9s]    |
        | Bob    | [Qs Qd 7d 3h]  | Kh     | 5c    | Tc    | [6d]    |
      Then Ann may discard 1 card
      When the players act: Ann discards Kd and Bob discards 3h
      Then Ann may expose 1 card
      When the players act: Ann exposes 4c and Bob exposes 7d
      Then Ann may bring in 0.10 or complete to 0.50
      When everyone checks or calls until the showdown
      Then Ann shows "eight-four low" for low
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 0.15   | high  |
        | Ann    | 0.15   | low   |

    @EXPOSE-05 @DISCARD-01 @ruleset:tahoe-pitch-roll
    Scenario: Tahoe pitch and roll: after the throw and the turn, two cards come up together
      Given a game of "tahoe-pitch-roll" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | hole           | fifth  | sixth | seventh |
        | Ann    | [As Kd 4c 2h]  | 3d 8c  | Jc    | 9s      |
        | Bob    | [Qs Qd 7d 3h]  | Kh 5c  | Tc    | 6d      |
      When the players act: Ann discards Kd and Bob discards 3h
      And the players act: Ann exposes 4c and Bob exposes 7d
      And everyone calls until fifth street
      Then Ann has As 2h down and 4c 3d 8c up
      And Bob acts first on fifth street
      When everyone checks or calls until the showdown
      Then Ann has As 2h down and 4c 3d 8c Jc 9s up
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 0.15   | high  |
        | Ann    | 0.15   | low   |
