@ruleset:five-card-stud
Feature: The pack: stripped ranks and a joker that plays by its face
  A house may take whole ranks out of the pack (Mexican poker plays without the eights,
  nines and tens), and a joker may play differently by how it was dealt: a bug face up (an
  ace, or a card that completes a straight or a flush) but fully wild face down.

  Rule: A stripped pack has no card of the ranks taken out

    @DECK-01
    Scenario: Without the deuces to sixes the pack starts at the sevens, so the next cards off it are sevens
      Given a game of "five-card-stud" with house rules:
        | deck.stripped | [2, 3, 4, 5, 6] |
        | seats.max     | 5               |
      And Ann and Bob sit down with 20 each
      And Ann deals
      And the cards are dealt as follows:
        | player | second  |
        | Ann    | [As] Kd |
        | Bob    | [Qs] Jd |
      When everyone checks or calls until third street
      Then Bob has Qs down and Jd 7d up
      And Ann has As down and Kd 7h up

    @DECK-01
    Scenario: Ranks may be written as letters: without eights, nines and tens the next cards are jacks
      Given a game of "five-card-stud" with house rules:
        | deck.stripped | [2, 3, 4, 5, 6, 7, 8, 9, T] |
        | seats.max     | 4                           |
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | second  |
        | Ann    | [As] Kd |
        | Bob    | [Qs] Ad |
      When everyone checks or calls until third street
      Then Ann has As down and Kd Jd up
      And Bob has Qs down and Ad Jh up

  Rule: A joker can be a bug when dealt face up and fully wild when dealt face down

    @DECK-02
    Scenario: Ann's joker in the hole is wild: with two kings it makes three kings
      Given a game of "five-card-stud" with house rules:
        | deck.jokers | 1                |
        | wild.joker  | bug-up-wild-down |
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth |
        | Ann    | [Jk] Kd | Kh    | 7c     | 2d    |
        | Bob    | [As] Ac | Qs    | 8d     | 3h    |
      When everyone checks or calls until the showdown
      Then Ann shows "three of a kind, kings"
      And Bob shows "pair of aces"
      And Ann wins the pot of 0.30

    @DECK-02
    Scenario: Ann's joker face up is only a bug: an ace beside her kings, and Bob's aces win
      Given a game of "five-card-stud" with house rules:
        | deck.jokers | 1                |
        | wild.joker  | bug-up-wild-down |
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth |
        | Ann    | [Kc] 7d | Jk    | Kh     | 2d    |
        | Bob    | [As] Ac | Qs    | 8d     | 3h    |
      When everyone checks or calls until the showdown
      Then Ann shows "pair of kings"
      And Bob shows "pair of aces"
      And Bob wins the pot of 0.30
