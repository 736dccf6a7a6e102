@ruleset:seven-card-stud
Feature: Fixed-limit bet sizes
  Every bet and raise is exactly one unit: the small bet on third and fourth street, the
  big bet from fifth street on.  These scenarios use the $4/$8 game of the Italian guide.

  Background:
    Given a game of "seven-card-stud" with ante 0.50, bring-in 1, small bet 4 and big bet 8
    And the players are:
      | seat | name  | stack |
      | 2    | Ann   | 200   |
      | 3    | Bob   | 200   |
      | 5    | Carol | 200   |
    And Bob deals

  Rule: Bets and raises are one small bet on third and fourth street, one big bet afterwards

    @LIMIT-01 @LIMIT-02 @example
    Scenario: $4/$8: a bet is $4 and a raise makes it $8 on the first two rounds
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 9s     |
        | Bob    | [Qs Jd] 9h | Kh     |
        | Carol  | [7s 6d] Jc | 3d     |
      When the players act: Ann brings in and Bob completes to 4
      Then Carol may fold, call 4 or raise to 8
      When everyone calls until fourth street
      Then Bob may check or bet 4
      When Bob bets 4
      Then Carol may fold, call 4 or raise to 8

    @LIMIT-01 @LIMIT-02 @LIMIT-07 @example
    Scenario: $4/$8: a bet is $8 and a raise makes it $16 from fifth street on, pair or not
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [As Kd] 2c | 9s     | 3h    | 5c    | [8d]    |
        | Bob    | [Qs Jd] 9h | Kh     | 4s    | 6c    | [8h]    |
        | Carol  | [7s 6d] Jc | 3d     | Td    | 2h    | [8c]    |
      When everyone calls until fifth street
      Then Bob may check or bet 8
      When Bob bets 8
      Then Carol may fold, call 8 or raise to 16
      When everyone calls until sixth street
      Then Bob may check or bet 8
      When everyone calls until seventh street
      Then Bob may check or bet 8

    @LIMIT-01
    Scenario: Facing a completion a player raises, by one unit without naming it; a "bet" is refused
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Jd] 9h |
        | Carol  | [7s 6d] Jc |
      When the players act: Ann brings in and Bob completes
      And Carol tries to bet 4
      Then the action is refused
      And Carol may fold, call 4 or raise to 8
      When Carol raises
      Then Ann may fold, call 7 or raise to 12
      And the pot is 14.50

  Rule: No big bet is allowed on third street

    @LIMIT-03
    Scenario: Completing the bring-in to the big bet is refused
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Jd] 9h |
        | Carol  | [7s 6d] Jc |
      When Ann brings in
      And Bob tries to complete to 8
      Then the action is refused
      And Bob may fold, call 1 or complete to 4

    @BRING-04
    Scenario: The player bringing in completes; a "raise" of the bring-in is refused
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Jd] 9h |
        | Carol  | [7s 6d] Jc |
      When Ann tries to raise to 4
      Then the action is refused
      And Ann may bring in 1 or complete to 4

  Rule: An open pair on fourth street lets anyone bet the big bet, and then every raise is big

    @LIMIT-04
    Scenario: With a pair showing on fourth street the first player may bet small or big
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 8s     |
        | Bob    | [Qs Jd] 9h | 9d     |
        | Carol  | [7s 6d] Jc | 3d     |
      When everyone calls until fourth street
      Then Bob may check, bet 4 or bet 8

    @LIMIT-04
    Scenario: After a check the next player inherits the big-bet option, paired or not
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 8s     |
        | Bob    | [Qs Jd] 9h | 9d     |
        | Carol  | [7s 6d] Jc | 3d     |
      When everyone calls until fourth street
      And Bob checks
      Then Carol may check, bet 4 or bet 8

    @LIMIT-04
    Scenario: Once the only paired board folds, the big-bet option goes with it
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 8s     |
        | Bob    | [Qs Jd] 9h | 9d     |
        | Carol  | [7s 6d] Jc | 3d     |
      When everyone calls until fourth street
      And the players act: Bob checks, Carol checks, Ann bets 4 and Bob folds
      Then Carol may fold, call 4 or raise to 8

    @LIMIT-05 @example
    Scenario: $10/$20: after a big bet on fourth street the next player folds, calls 20 or raises to 40
      Given a game of "seven-card-stud" with ante 1, bring-in 3, small bet 10 and big bet 20
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 8s     |
        | Bob    | [Qs Jd] 9h | 9d     |
        | Carol  | [7s 6d] Jc | 3d     |
      When everyone calls until fourth street
      And Bob bets 20
      Then Carol may fold, call 20 or raise to 40

    @LIMIT-05
    Scenario: The big bets stay once made, even after the open pair folds
      Given a game of "seven-card-stud" with ante 1, bring-in 3, small bet 10 and big bet 20
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 8s     |
        | Bob    | [Qs Jd] 9h | 9d     |
        | Carol  | [7s 6d] Jc | 3d     |
      When everyone calls until fourth street
      And the players act: Bob bets 20, Carol calls, Ann raises to 40 and Bob folds
      Then Carol may fold, call 20 or raise to 60

    @LIMIT-05 @alternative
    Scenario: Home rule without the lock: a big bet on fourth street may be raised by a small bet
      Given a game of "seven-card-stud" with ante 1, bring-in 3, small bet 10 and big bet 20
      And house rules:
        | betting.big_bet_locks | false |
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 8s     |
        | Bob    | [Qs Jd] 9h | 9d     |
        | Carol  | [7s 6d] Jc | 3d     |
      When everyone calls until fourth street
      And Bob bets 20
      Then Carol may fold, call 20, raise to 30 or raise to 40
