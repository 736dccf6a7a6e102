@ruleset:seven-card-stud
Feature: Dealing the streets
  Cards go one at a time clockwise from the dealer's left: two down and one up on third
  street, one up on each of fourth, fifth and sixth, and the river down, to the players
  still in the hand.  Card rooms burn a card before each later street.

  Background:
    Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
    And Ann, Bob and Carol sit down with 20 each
    And Ann deals

  Rule: Third street gives everyone two cards face down, then one face up, one card at a time from the dealer's left

    @DEAL-02 @DEAL-03 @SETUP-04
    Scenario: The first card goes to the player on the dealer's left
      Given Bob deals
      And the cards are dealt as follows:
        | player | third      |
        | Carol  | [As Kd] 9c |
        | Ann    | [Qs Qd] 2h |
        | Bob    | [7s 7d] Jc |
      Then Carol has As Kd down and 9c up
      And Ann has Qs Qd down and 2h up
      And Bob has 7s 7d down and Jc up
      And Ann may bring in 0.10 or complete to 0.50

  Rule: Fourth to sixth street deal one card up each and the river one card down: three down and four up in all

    @DEAL-04
    Scenario: At the end each player holds three down cards and four up cards
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [As Kd] 9c | 3c     | 4h    | 7d    | [Jh]    |
        | Bob    | [Qs Qd] 2h | 4c     | 5s    | 8c    | [Th]    |
        | Carol  | [7s 7h] Jc | Kh     | 6s    | 9d    | [Ts]    |
      When everyone calls until seventh street
      Then Ann has As Kd Jh down and 9c 3c 4h 7d up
      And Bob has Qs Qd Th down and 2h 4c 5s 8c up
      And Carol has 7s 7h Ts down and Jc Kh 6s 9d up

  Rule: Later streets go only to players still in the hand, starting with the first of them on the dealer's left

    @DEAL-05 @DEAL-07
    Scenario: A player who folded is skipped on later streets
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 9c |        |
        | Bob    | [Qs Qd] 2h | 4c     |
        | Carol  | [7s 7h] Jc | Kh     |
      When the players act: Bob brings in, Carol completes to 0.50, Ann folds and Bob calls
      Then Bob has Qs Qd down and 2h 4c up
      And Carol has 7s 7h down and Jc Kh up
      And Ann is dealt no card on fourth street
      And Carol acts first on fourth street

  Rule: Card rooms burn one card before each street after the first; home games may not

    @DEAL-06
    Scenario: With burns, the card after third street is burned and fourth street starts with the next
      Given the cards come off the deck in this order: Qs 7s As Qd 7h Kd 2h Jc 9c 5d 4c Kh 3c
      When everyone calls until fourth street
      Then Ann has As Kd down and 9c 3c up
      And Bob has Qs Qd down and 2h 4c up
      And Carol has 7s 7h down and Jc Kh up

    @DEAL-06
    Scenario: With burns and Carol dealing from the last seat, Ann is dealt first and the burn still comes before fourth street
      Given Carol deals
      And the cards come off the deck in this order: As Qs 7s Kd Qd 7h 9c 2h Jc 5d 3c 4c Kh
      When the players act: Bob completes to 0.50, Carol calls and Ann calls
      Then Ann has As Kd down and 9c 3c up
      And Bob has Qs Qd down and 2h 4c up
      And Carol has 7s 7h down and Jc Kh up

    @DEAL-06 @alternative
    Scenario: Without burns, fourth street's first card is the one right after third street's
      Given house rules:
        | dealing.burn | false |
      And the cards come off the deck in this order: Qs 7s As Qd 7h Kd 2h Jc 9c 5d 4c Kh 3c
      When everyone calls until fourth street
      Then Bob has Qs Qd down and 2h 5d up
      And Carol has 7s 7h down and Jc 4c up
      And Ann has As Kd down and 9c Kh up
