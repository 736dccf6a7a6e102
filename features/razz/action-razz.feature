Feature: Action razz
  Razz in which a face card changes everything: a hand holding a jack, queen or king
  anywhere among its seven cards beats every hand holding none, and only then is the
  ace-to-five low compared.  The face card does not have to be one of the five low cards.
  Action razzdugi splits the pot between that hand and the best badugi, which needs no
  face card.

  Rule: A hand holding a jack, queen or king beats any hand without one; then the ace-to-five low decides

    @RANK-06 @ruleset:action-razz
    Scenario: A nine-eight low holding a king beats a seven-five low and an eight-six low holding no face card
      Given a game of "action-razz" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [2h 2d] 3s | 3c     | 4d    | 5s    | [7c]    |
        | Bob    | [Ah Ad] 2s | 4c     | 4h    | 6s    | [8c]    |
        | Carol  | [Qs Kc] 3h | 5d     | 7s    | 8d    | [9h]    |
      When everyone checks or calls until the showdown
      Then Carol shows "nine-eight low with a face card" with 9h 8d 7s 5d 3h Kc
      And Ann shows "seven-five low without a face card"
      And Bob shows "eight-six low without a face card"
      And Carol wins the pot of 0.45

    @RANK-06 @ruleset:action-razz
    Scenario: Seven face cards beat the wheel without one, and between hands without a face card the lower wins
      Then under action-razz ranking Kh Kd Ks Kc Qd Qs Qc beats Ah 2h 3s 4c 5d 6s 7c
      And under action-razz ranking 2h 2d 3s 3c 4d 5s 7c beats Ah Ad 2s 4c 4h 6s 8c

    @RANK-06 @ruleset:action-razz
    Scenario: A board showing a face card acts first, then the lowest razz board
      Given a game of "action-razz" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [2h 2d] 3s | 4c     |
        | Bob    | [Ah Ad] 2s | Jc     |
        | Carol  | [Qs Kc] 7h | 8d     |
      Then Carol may bring in 0.10 or complete to 0.50
      When everyone calls until fourth street
      Then Bob acts first on fourth street

  Rule: Action razzdugi splits the pot between the action-razz hand and the best badugi

    @RANK-06 @RANK-03 @SHARE-03 @ruleset:action-razzdugi
    Scenario: Action razzdugi: the face hand takes the action half and a five-four badugi the other
      Given a game of "action-razzdugi" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [2h 2d] 3s | 3c     | 4d    | 5s    | [7c]    |
        | Bob    | [Ah Ad] 2s | 4c     | 4h    | 6s    | [8c]    |
        | Carol  | [Qs Kc] 3h | 5d     | 7s    | 8d    | [9h]    |
      When everyone checks or calls until the showdown
      Then Ann shows "five-four badugi" for badugi with 5s 4d 3c 2h
      And Carol shows "nine-eight low with a face card" for action
      And the pot is awarded:
        | player | amount | share  |
        | Carol  | 0.23   | action |
        | Ann    | 0.22   | badugi |
