@ruleset:spread-limit-stud
Feature: Spread-limit betting
  In a $1-$5 spread game every bet on every street may be any amount from $1 to $5.  A
  raise must be at least the previous bet or raise and at most the top of the spread.

  Background:
    Given a game of "spread-limit-stud" with ante 0.25, bring-in 0.25, small bet 1 and big bet 1
    And the players are:
      | seat | name  | stack |
      | 1    | Ann   | 100   |
      | 4    | Bob   | 100   |
      | 6    | Carol | 100   |
    And Ann deals

  Rule: The bring-in equals the ante, and completing it may be any amount within the spread

    @SPREAD-06 @SPREAD-05 @BRING-05
    Scenario: A 25c ante and bring-in; completing the bring-in goes anywhere from $1 to $5
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Jd] 9h |
        | Carol  | [7s 6d] Jc |
      Then the pot is 0.75
      And Ann may bring in 0.25 or complete to between 1 and 5
      When Ann brings in
      Then Bob may fold, call 0.25 or complete to between 1 and 5

    @SPREAD-05 @SPREAD-06 @alternative
    Scenario: Without an ante the bring-in is the low end of the spread
      Given house rules:
        | stakes.ante     | 0 |
        | stakes.bring_in | 1 |
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Jd] 9h |
        | Carol  | [7s 6d] Jc |
      Then the pot is 0
      When Ann brings in
      Then the pot is 1
      And Ann has 99 left

  Rule: Any bet on any street lies within the spread

    @SPREAD-01
    Scenario: On fourth street the first player may bet anything from $1 to $5, and must say how much
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 3h     |
        | Bob    | [Qs Jd] 9h | Kh     |
        | Carol  | [7s 6d] Jc | 4d     |
      When everyone calls until fourth street
      Then Bob may check or bet between 1 and 5
      When Bob tries to bet 6
      Then the action is refused
      When Bob tries to bet
      Then the action is refused
      And Bob may check or bet between 1 and 5

    @SPREAD-01 @beyond-sources
    Scenario: An amount inside the spread that is not a whole number of chips is refused
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 3h     |
        | Bob    | [Qs Jd] 9h | Kh     |
        | Carol  | [7s 6d] Jc | 4d     |
      When everyone calls until fourth street
      And Bob tries to bet 2.505
      Then the action is refused
      And Bob may check or bet between 1 and 5

  Rule: A raise is at least the size of the last bet or raise and at most the top of the spread

    @SPREAD-03 @example
    Scenario: After a $2 bet the smallest raise makes $4 and the largest $7
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 3h     |
        | Bob    | [Qs Jd] 9h | Kh     |
        | Carol  | [7s 6d] Jc | 4d     |
      When everyone calls until fourth street
      And Bob bets 2
      Then Carol may fold, call 2 or raise to between 4 and 7

    @SPREAD-03 @example
    Scenario: After a $5 bet the only raise makes $10
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 3h     |
        | Bob    | [Qs Jd] 9h | Kh     |
        | Carol  | [7s 6d] Jc | 4d     |
      When everyone calls until fourth street
      And Bob bets 5
      Then Carol may fold, call 5 or raise to 10

    @SPREAD-03
    Scenario: After a $2 bet raised to $5, the next raise adds at least $3
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 3h     |
        | Bob    | [Qs Jd] 9h | Kh     |
        | Carol  | [7s 6d] Jc | 4d     |
      When everyone calls until fourth street
      And the players act: Bob bets 2 and Carol raises to 5
      Then Ann may fold, call 5 or raise to between 8 and 10

  Rule: Spread games usually cap a round at a bet and three raises

    @SPREAD-04 @CAP-03
    Scenario: After a bet and three raises the others may only call or fold
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 3h     |
        | Bob    | [Qs Jd] 9h | Kh     |
        | Carol  | [7s 6d] Jc | 4d     |
      When everyone calls until fourth street
      And the players act: Bob bets 1, Carol raises to 2, Ann raises to 3 and Bob raises to 4
      Then Carol may fold or call 2
