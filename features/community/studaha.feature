@ruleset:studaha
Feature: Two high hands from stud cards and a board: Studaha
  Studaha deals three cards down, has every player turn one of them up, then deals stud
  cards and a five-card board.  The pot has two high shares: one for the best hand of a
  player's own cards alone, one for the best Omaha hand of exactly two own cards and three
  from the board.

  Rule: A stud high of one's own cards and an Omaha high with the board share the pot

    @EXPOSE-01 @DECIDE-03 @COMM-01 @COMM-02 @HOLE-01 @HOLE-02 @SHARE-03
    Scenario: Studaha: Ann's three aces of her own take the stud half, Bob's straight with the board the Omaha half
      Given a game of "studaha" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player    | hole        | fifth    | sixth | seventh |
        | Ann       | [As Ad 3c]  | 9c 4d    | 8h    | [Ac]    |
        | Bob       | [Ks Kd 7c]  | 9s 5s    | Kc    | [3d]    |
        | community |             | Qh Jh 2s | 6d    | Th      |
      Then Ann may expose 1 card
      When Ann exposes 3c
      Then Ann has As Ad 3c down and no card up
      When Bob exposes 7c
      Then Ann has As Ad down and 3c up
      And Bob has Ks Kd down and 7c up
      And Ann may bring in 0.10 or complete to 0.50
      When everyone checks or calls until fifth street
      Then the community cards are Qh Jh 2s
      And Bob acts first on fifth street
      When everyone checks or calls until the showdown
      Then the community cards are Qh Jh 2s 6d Th
      And Ann shows "three of a kind, aces" for stud
      And Bob shows "king-high straight" for omaha with Ks 9s Qh Jh Th
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 0.15   | stud  |
        | Bob    | 0.15   | omaha |
