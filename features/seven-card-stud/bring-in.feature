@ruleset:seven-card-stud
Feature: The bring-in on third street
  After the first three cards everyone has a door card showing.  The lowest door card
  must start the betting with a small forced bet, the bring-in, which the next players
  may call or complete to a full small bet.  Stakes here are the "$20 game" of the
  Italian guide: ante 10c, bring-in 10c, small bet 50c, big bet $1.

  Background:
    Given a game of "seven-card-stud" with ante 0.10, bring-in 0.10, small bet 0.50 and big bet 1.00
    And the players are:
      | seat | name  | stack |
      | 1    | Ann   | 20.00 |
      | 3    | Bob   | 20.00 |
      | 6    | Carol | 20.00 |
      | 8    | Dan   | 20.00 |
    And Carol deals

  Rule: The player showing the lowest door card must bring in once everyone has anted

    @BRING-01 @DEAL-01
    Scenario: The lowest door card brings in after everyone has anted
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Qs Qd] 2h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
      Then Bob may bring in 0.10 or complete to 0.50
      And the pot is 0.40
      And Ann has 19.90 left

    @DEAL-01
    Scenario: Antes are dead money and later bets come on top of them
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Qs Qd] 2h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
      When the players act: Bob brings in, Carol completes to 0.50, Dan folds and Ann folds
      Then Bob may fold, call 0.40 or raise to 1.00
      And the pot is 1.00
      And Carol has 19.40 left

  Rule: A player all in for the ante has nothing left to bring in with: the lowest door card among the others brings in (bring_in.all_in next-card, beyond the sources: card-room practice, only a player with chips can be forced to bet), or, in a house that says so, the next player on the all-in player's left (next-seat, as PokerStars deals)

    @beyond-sources @BRING-01 @alternative
    Scenario: Eve's ante is all she has, so Bob's deuce brings in instead of her lower one
      Given Eve sits down with 0.10
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Qs Qd] 2h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
        | Eve    | [3s 3d] 2c |
      Then Eve is all in
      And Bob may bring in 0.10 or complete to 0.50
      And the pot is 0.50

    @beyond-sources
    Scenario: Eve has less than the ante: she puts in her 0.04, is all in, and Bob's deuce brings in
      Given Eve sits down with 0.04
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Qs Qd] 2h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
        | Eve    | [3s 3d] 2c |
      Then Eve is all in
      And Eve has 0 left
      And the pot is 0.44
      And Bob may bring in 0.10 or complete to 0.50

    @BRING-01 @alternative
    Scenario: Next seat: Eve's ante is all she has, so Carol, the next player on her left, brings in
      Given house rules:
        | bring_in.all_in | next-seat |
      And Eve sits down with 0.10
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Qs Qd] 3h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
        | Eve    | [3s 3d] 2c |
      Then Eve is all in
      And Carol may bring in 0.10 or complete to 0.50
      And the pot is 0.50

  Rule: For the bring-in cards count at face value, jacks below queens below kings, aces high

    @BRING-02
    Scenario: A jack is lower than a queen, a king and an ace
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [2s 3d] Ac |
        | Bob    | [2c 3s] Kc |
        | Carol  | [4s 4d] Jh |
        | Dan    | [5s 6d] Qd |
      Then Carol may bring in 0.10 or complete to 0.50

    @BRING-02
    Scenario: An ace is high, so a lone ace door card never brings in
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [2s 3d] As |
        | Bob    | [2c 3s] Kd |
        | Carol  | [4s 4d] Kh |
        | Dan    | [5s 6d] Ac |
      Then Bob may bring in 0.10 or complete to 0.50

  Rule: Equal lowest door cards are told apart by suit: clubs, then diamonds, hearts, spades

    @BRING-03
    Scenario: Clubs is the lowest suit
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 4d |
        | Bob    | [Qs Qd] 4c |
        | Carol  | [7s 7d] 4h |
        | Dan    | [5s 9d] 8h |
      Then Bob may bring in 0.10 or complete to 0.50

    @BRING-03
    Scenario: Hearts is below spades
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 3s |
        | Bob    | [Qs Qd] 9c |
        | Carol  | [7s 7d] 3h |
        | Dan    | [5s 9d] 8h |
      Then Carol may bring in 0.10 or complete to 0.50

  Rule: The forced player either brings in for the bring-in amount or completes to the small bet

    @BRING-04 @BRING-09 @example
    Scenario: The $20 game: a completed bring-in can be called or raised to $1
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
      Then Ann may bring in 0.10 or complete to 0.50
      When Ann completes to 0.50
      Then Bob may fold, call 0.50 or raise to 1.00

    @BRING-04 @BRING-05 @BRING-06 @BRING-09 @example
    Scenario: The $20 game: a 10c bring-in equal to the ante can be called or completed to 50c
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
      When Ann brings in
      Then Bob may fold, call 0.10 or complete to 0.50
      And the pot is 0.50
      When Bob calls
      Then Carol may fold, call 0.10 or complete to 0.50

  Rule: The bring-in is an open bet: nobody after it may check, nor raise it until it is completed

    @BRING-07
    Scenario: The player after the bring-in cannot check
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
      When Ann brings in
      And Bob tries to check
      Then the action is refused
      And it is Bob's turn

    @BRING-08
    Scenario: An uncompleted bring-in cannot be raised, only completed
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
      When the players act: Ann brings in and Bob calls
      And Carol tries to raise to 1.00
      Then the action is refused
      When Carol completes to 0.50
      Then Dan may fold, call 0.50 or raise to 1.00

    @BRING-05 @BRING-08 @alternative @example
    Scenario: A bring-in above the ante and below the small bet ($0.50 ante, $2 bring-in, $5/$10)
      Given a game of "seven-card-stud" with ante 0.50, bring-in 2, small bet 5 and big bet 10
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
      Then Ann may bring in 2 or complete to 5
      When Ann brings in
      Then Bob may fold, call 2 or complete to 5
      When Bob completes to 5
      Then Carol may fold, call 5 or raise to 10

  Rule: A bring-in below the small bet is not the bet for the cap: a bet and three raises may follow

    @BRING-10 @CAP-01 @CAP-03
    Scenario: After bring-in and completion there may still be three raises
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
      When the players act: Ann brings in, Bob completes to 0.50, Carol raises to 1.00
      And the players act: Dan raises to 1.50 and Ann raises to 2.00
      Then Bob may fold or call 1.50
      And the pot is 5.40

    @BRING-10 @CAP-01
    Scenario: The bring-in folds after two raises: the third raise is still open to the others
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
      When the players act: Ann brings in, Bob completes to 0.50, Carol raises to 1.00
      And the players act: Dan raises to 1.50 and Ann folds
      Then Bob may fold, call 1.00 or raise to 2.00

  Rule: A bring-in smaller than the small bet is not the bet; one as large as the small bet is the bet itself

    @BRING-08 @BRING-10 @CAP-01
    Scenario: Below the small bet: call or complete first, then raises of a small bet, the completion and three raises
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
      Then Ann may bring in 0.10 or complete to 0.50
      When Ann brings in
      Then Bob may fold, call 0.10 or complete to 0.50
      When Bob completes to 0.50
      Then Carol may fold, call 0.50 or raise to 1.00
      When the players act: Carol raises to 1.00, Dan raises to 1.50 and Ann raises to 2.00
      Then Bob may fold or call 1.50
      And the pot is 5.40

    @BRING-08 @BRING-10 @CAP-01
    Scenario: A bring-in of a full small bet is the bet: the next player may raise at once, and three raises cap it
      Given a game of "seven-card-stud" with ante 0.10, bring-in 0.50, small bet 0.50 and big bet 1.00
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
      Then Ann may bring in 0.50
      When Ann brings in
      Then Bob may fold, call 0.50 or raise to 1.00
      When the players act: Bob raises to 1.00, Carol raises to 1.50 and Dan raises to 2.00
      Then Ann may fold or call 1.50
      And the pot is 5.40
