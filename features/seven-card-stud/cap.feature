@ruleset:seven-card-stud
Feature: The raise cap
  Fixed-limit rounds allow one bet and a limited number of raises while three or more
  players are in the hand; after the last raise the others may only call or fold.

  Background:
    Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
    And Ann, Bob and Carol sit down with 50 each
    And Ann deals

  Rule: A round allows one bet and three raises, after which players may only call or fold

    @CAP-01 @CAP-03
    Scenario: After a bet and three raises the betting is capped
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | Ad     |
        | Bob    | [Qs Jd] 9h | 5s     |
        | Carol  | [7s 6d] Jc | 3h     |
      When everyone calls until fourth street
      Then Ann acts first on fourth street
      When the players act: Ann bets 0.50, Bob raises to 1.00, Carol raises to 1.50, Ann raises to 2.00
      Then Bob may fold or call 1.00
      When Bob tries to raise to 2.50
      Then the action is refused

    @CAP-01 @alternative
    Scenario: A room allowing four raises
      Given house rules:
        | betting.max_raises | 4 |
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | Ad     |
        | Bob    | [Qs Jd] 9h | 5s     |
        | Carol  | [7s 6d] Jc | 3h     |
      When everyone calls until fourth street
      And the players act: Ann bets 0.50, Bob raises to 1.00, Carol raises to 1.50, Ann raises to 2.00
      Then Bob may fold, call 1.00 or raise to 2.50
      When Bob raises to 2.50
      Then Carol may fold or call 1.00

  Rule: An all-in raise short of a full raise does not count toward the cap (beyond the sources: Robert's Rules of Poker)

    @CAP-01 @beyond-sources
    Scenario: Dan's all-in raise short of a full one does not count toward the cap
      Given Dan sits down with 1.25
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Jd] 9h |
        | Carol  | [7s 6d] Jc |
        | Dan    | [8s 8d] Tc |
      When the players act: Ann brings in, Bob completes to 0.50, Carol raises to 1.00 and Dan goes all in
      Then Dan is all in
      And Ann may fold, call 1.10 or raise to 1.70
      When Ann raises to 1.70
      Then Bob may fold, call 1.20 or raise to 2.20
      When Bob raises to 2.20
      Then Carol may fold or call 1.20

  Rule: With only two players in the hand the raising is not capped

    @CAP-02
    Scenario: Heads-up on fourth street, raising goes on past the cap
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | Ad     |
        | Bob    | [Qs Jd] 9h | 5s     |
        | Carol  | [7s 6d] Jc |        |
      When Ann brings in
      And Bob completes to 0.50
      And Carol folds
      And everyone calls until fourth street
      And the players act: Ann bets 0.50, Bob raises to 1.00, Ann raises to 1.50, Bob raises to 2.00
      Then Ann may fold, call 0.50 or raise to 2.50

    @CAP-02
    Scenario: Heads-up after Ann completes and Carol folds, raising goes on past the cap
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | Ad     |
        | Bob    | [Qs Jd] 9h | 5s     |
        | Carol  | [7s 6d] Jc |        |
      When the players act: Ann completes to 0.50, Bob calls and Carol folds
      And the players act: Ann bets 0.50, Bob raises to 1.00, Ann raises to 1.50, Bob raises to 2.00
      Then Ann may fold, call 0.50 or raise to 2.50

    @CAP-02
    Scenario: When a fold leaves two players in the hand mid-round the cap is lifted
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | Ad     |
        | Bob    | [Qs Jd] 9h | 5s     |
        | Carol  | [7s 6d] Jc | 3h     |
      When everyone calls until fourth street
      And the players act: Ann bets 0.50, Bob raises to 1.00, Carol folds, Ann raises to 1.50
      And Bob raises to 2.00
      Then Ann may fold, call 0.50 or raise to 2.50

    @CAP-02
    Scenario: A player all in is still in the hand, so the two players betting are still capped
      Given Dan sits down with 0.35
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | Ad     |
        | Bob    | [Qs Jd] 9h | 5s     |
        | Carol  | [7s 6d] Jc |        |
        | Dan    | [8s 8d] Tc | 3h     |
      When the players act: Ann brings in, Bob completes to 0.50, Carol folds, Dan goes all in and Ann calls
      Then Dan is all in
      When the players act: Ann bets 0.50, Bob raises to 1.00, Ann raises to 1.50 and Bob raises to 2.00
      Then Ann may fold or call 0.50

    @CAP-02
    Scenario: Ann completes instead of bringing in and Dan is all in: the two still betting are capped on fourth street
      Given Dan sits down with 0.35
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | Ad     |
        | Bob    | [Qs Jd] 9h | 5s     |
        | Carol  | [7s 6d] Jc |        |
        | Dan    | [8s 8d] Tc | 3h     |
      When the players act: Ann completes to 0.50, Bob calls, Carol folds and Dan goes all in
      Then Dan is all in
      And it is Ann's turn on fourth street
      When the players act: Ann bets 0.50, Bob raises to 1.00, Ann raises to 1.50 and Bob raises to 2.00
      Then Ann may fold or call 0.50

    @CAP-02 @alternative
    Scenario: Counting players active when the round began, the cap still holds after a fold
      Given house rules:
        | betting.uncapped_heads_up | round-start |
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | Ad     |
        | Bob    | [Qs Jd] 9h | 5s     |
        | Carol  | [7s 6d] Jc | 3h     |
      When everyone calls until fourth street
      And the players act: Ann bets 0.50, Bob raises to 1.00, Carol folds, Ann raises to 1.50
      And Bob raises to 2.00
      Then Ann may fold or call 0.50

    @CAP-02 @alternative
    Scenario: Counting players active when the round began, a round that starts with two able to bet is not capped
      Given house rules:
        | betting.uncapped_heads_up | round-start |
      And Dan sits down with 0.35
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | Ad     |
        | Bob    | [Qs Jd] 9h | 5s     |
        | Carol  | [7s 6d] Jc |        |
        | Dan    | [8s 8d] Tc | 3h     |
      When the players act: Ann brings in, Bob completes to 0.50, Carol folds, Dan goes all in and Ann calls
      And the players act: Ann bets 0.50, Bob raises to 1.00, Ann raises to 1.50 and Bob raises to 2.00
      Then Ann may fold, call 0.50 or raise to 2.50

    @CAP-02 @alternative
    Scenario: A room that caps even heads-up
      Given house rules:
        | betting.uncapped_heads_up | never |
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | Ad     |
        | Bob    | [Qs Jd] 9h | 5s     |
        | Carol  | [7s 6d] Jc |        |
      When Ann brings in
      And Bob completes to 0.50
      And Carol folds
      And everyone calls until fourth street
      And the players act: Ann bets 0.50, Bob raises to 1.00, Ann raises to 1.50, Bob raises to 2.00
      Then Ann may fold or call 0.50
