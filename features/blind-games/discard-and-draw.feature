Feature: Blind games with a discard or a draw
  Two blind games where each player decides on their cards: in Australian stud everyone
  throws one of three hole cards before the first up card, and Pig poker ends with a draw
  of up to three cards that always come face down.  The blinds' round is opened left of
  the big blind, every later round by the first player still in on the dealer's left.

  Rule: Australian stud: three cards down, one thrown away in turn, then three up cards

    @BLIND-01 @BLIND-03 @DISCARD-01 @DECIDE-02 @ruleset:australian-stud
    Scenario: Australian stud: everyone throws a hole card, Carol opens after the blinds, and Bob's queens win
      Given a game of "australian-stud" with blinds 0.25 and 0.50, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | hole          | third | fourth | fifth |
        | Ann    | [As Kd 7c]    | Ah    | 8d     | 4s    |
        | Bob    | [Qs Qd 2h]    | 5c    | Qh     | 6s    |
        | Carol  | [Js Td 3c]    | 9h    | 2d     | Kc    |
      Then Ann posts the small blind of 0.25
      And Bob posts the big blind of 0.50
      And Ann may discard 1 card
      When Ann discards 7c
      Then Ann has As Kd down and no card up
      When Bob tries to discard Qs Qd
      Then the action is refused
      When the players act: Bob discards 2h and Carol discards 3c
      Then Ann has As Kd down and Ah up
      And it is Carol's turn on third street
      And Carol may fold, call 0.50 or raise to 1.00
      When everyone calls until fourth street
      Then the pot is 1.50
      And Ann acts first on fourth street
      And Ann may check or bet 1.00
      When everyone checks or calls until the showdown
      Then Ann has As Kd down and Ah 8d 4s up
      And Bob shows "three of a kind, queens"
      And Ann shows "pair of aces"
      And Bob wins the pot of 1.50

  Rule: Pig poker: three down, two up, then a draw of up to three cards, always face down

    @BLIND-04 @DRAW-01 @DRAW-02 @DECIDE-02 @ruleset:pig-poker
    Scenario: Pig poker: Ann draws three to her kings, the new cards face down, and makes four of a kind
      Given a game of "pig-poker" with blinds 0.25 and 0.50, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third         | fourth | fifth | final draw  |
        | Ann    | [Kd Kc 7h]    | 2s     | 9d    | Ks Kh 3d    |
        | Bob    | [Qs Qd 4c]    | Jh     | 5d    | Qh          |
      Then Bob posts the small blind of 0.25
      And Ann posts the big blind of 0.50
      And Bob may fold, call 0.25 or raise to 1.00
      When everyone checks or calls until fourth street
      Then Ann acts first on fourth street
      When everyone checks or calls until final street
      Then Ann may replace up to 3 cards
      When Ann tries to replace 7h 2s 9d Kd
      Then the action is refused
      When Ann replaces 7h 2s 9d
      Then Ann has Kd Kc Ks Kh 3d down and no card up
      When Bob replaces 4c
      Then Bob has Qs Qd Qh down and Jh 5d up
      And Ann acts first on final street
      And Ann may check or bet 1.00
      When everyone checks or calls until the showdown
      Then Ann shows "four of a kind, kings"
      And Bob shows "three of a kind, queens"
      And Ann wins the pot of 1.00
