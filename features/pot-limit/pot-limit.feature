@ruleset:pot-limit-stud
Feature: Pot-limit betting
  A bet or raise may be as large as the pot, counting everything in the middle and on the
  table, including the call the raiser makes first.  The ante is small against the buy-in
  (about 1/200) and the smallest bring-in equals the ante.

  Background:
    Given a game of "pot-limit-stud" with ante 1, bring-in 1, small bet 1 and big bet 1

  Rule: The bring-in equals the ante, and the opener may bet anything up to the pot

    @POT-01 @POT-03 @BRING-05 @example
    Scenario: Bringing in with $5 in the pot, any amount from $1 to $5 is legal
      Given house rules:
        | stakes.chip | 1 |
      And Ann, Bob, Carol, Dan and Eve sit down with 200 each
      And Carol deals
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Jd] 9h |
        | Carol  | [7s 6d] Jc |
        | Dan    | [5s 4d] 8h |
        | Eve    | [Ts Td] Kh |
      Then the pot is 5
      And Ann may bring in 1 or complete to between 2 and 5

  Rule: The largest raise is the pot after the raiser's call; the smallest raise equals the last bet

    @POT-02
    Scenario: After a $1 bring-in with $6 in the pot, the next player may complete to as much as $8
      Given house rules:
        | stakes.small_bet | 2 |
        | stakes.big_bet   | 2 |
      And Ann, Bob, Carol, Dan and Eve sit down with 200 each
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Jd] 9h |
        | Carol  | [7s 6d] Jc |
        | Dan    | [5s 4d] 8h |
        | Eve    | [Ts Td] Kh |
      When Ann brings in
      Then the pot is 6
      And Bob may fold, call 1 or complete to between 2 and 8

    @POT-02 @BRING-06
    Scenario: A $1 bring-in posted all in for 0.50 may be completed to the $1 bet, or more up to the pot
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 1.50  |
        | 2    | Bob   | 200   |
        | 3    | Carol | 200   |
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Jd] 9h |
        | Carol  | [7s 6d] Jc |
      When Ann brings in
      Then Ann is all in
      And the pot is 3.50
      And Bob may fold, call 0.50 or complete to between 1 and 4.50
      When Bob completes to 1
      Then Carol may fold, call 1 or raise to between 2 and 6.50

    @POT-02 @POT-04 @example
    Scenario: Pot $15 on fourth street, a $10 bet may be raised to anything from $20 to $45
      Given Ann, Bob and Carol sit down with 200 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 3h     |
        | Bob    | [Qs Jd] 9h | Kh     |
        | Carol  | [7s 6d] Jc | 4d     |
      When the players act: Ann brings in, Bob raises to 4, Carol calls and Ann calls
      Then the pot is 15
      And Bob may check or bet between 1 and 15
      When Bob bets 10
      Then Carol may fold, call 10 or raise to between 20 and 45

    @POT-02 @POT-04
    Scenario: With $35 left, Carol may raise all in to anything from $20 up to her $35
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 200   |
        | 2    | Bob   | 200   |
        | 3    | Carol | 40    |
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 3h     |
        | Bob    | [Qs Jd] 9h | Kh     |
        | Carol  | [7s 6d] Jc | 4d     |
      When the players act: Ann brings in, Bob raises to 4, Carol calls and Ann calls
      And Bob bets 10
      Then Carol may fold, call 10 or raise to between 20 and 35
      When Carol raises to 35
      Then Carol is all in
      And the pot is 60
