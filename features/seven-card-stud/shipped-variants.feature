Feature: The shipped variants of the game, each as it is shipped
  Every ruleset we ship is played here under its own values, so a wrong value in one of
  them shows.  The Background sets up a casino game with other stakes; each scenario then
  names its own game, which replaces the Background's game together with its stakes.

  Background:
    Given a game of "seven-card-stud" with ante 0.10, bring-in 0.10, small bet 0.50 and big bet 1.00
    And Ann, Bob and Carol sit down with 50 each

  Rule: Some rooms settle equal boards by position: the first of them clockwise from the dealer leads

    @ROUND-06 @alternative @ruleset:roberts-rules-stud
    Scenario: Robert's rules: ace-king against ace-king on fourth street, the seat nearer the dealer's left leads
      Given a game of "roberts-rules-stud"
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Qd Jd] Ah | Ks     |
        | Bob    | [Qs Jh] 2c | 5d     |
        | Carol  | [7s 7d] As | Kc     |
      When everyone calls until fourth street
      Then Ann acts first on fourth street
      And the pot is 0.45

  Rule: A house may seat nine players, relying on the run-out rules

    @SETUP-01 @alternative @ruleset:seven-card-stud-9
    Scenario: Nine players are all dealt in, and the ninth may have to bring in
      Given a game of "seven-card-stud-9"
      And Dan, Eve, Fay, Gus, Hal and Ivy sit down with 50 each
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Ks] Qs |
        | Bob    | [Ah Kh] Qh |
        | Carol  | [Ad Kd] Qd |
        | Dan    | [Ac Kc] Qc |
        | Eve    | [Js Ts] 9s |
        | Fay    | [Jh Th] 9h |
        | Gus    | [Jd Td] 9d |
        | Hal    | [Jc Tc] 9c |
        | Ivy    | [8s 7s] 2c |
      Then Ivy has 8s 7s down and 2c up
      And Ivy may bring in 0.10 or complete to 0.50
      And the pot is 0.45

  Rule: The bring-in may lie between the ante and the small bet

    @BRING-05 @BRING-08 @example @ruleset:seven-card-stud-big-bring-in
    Scenario: The 5/10 game as shipped: antes of 0.50, a bring-in of 2, completion to 5, big bets of 10
      Given a game of "seven-card-stud-big-bring-in"
      And the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [As Kd] 2c | 3h     | 4h    |
        | Bob    | [Qs Qd] 9h | 8c     | Td    |
        | Carol  | [7s 7d] Jc | 5s     | 6s    |
      Then the pot is 1.50
      And Ann may bring in 2 or complete to 5
      When Ann brings in
      Then Bob may fold, call 2 or complete to 5
      When Bob completes to 5
      Then Carol may fold, call 5 or raise to 10
      When everyone checks or calls until fifth street
      Then Carol may check or bet 10
      And the pot is 16.50

  Rule: The number of raises a round allows is the room's choice

    @CAP-01 @alternative @ruleset:seven-card-stud-four-raises
    Scenario: Four raises: after the completion and three raises a fourth raise is still allowed
      Given a game of "seven-card-stud-four-raises"
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
      When the players act: Ann brings in, Bob completes to 0.50, Carol raises to 1.00
      And the players act: Ann raises to 1.50 and Bob raises to 2.00
      Then Carol may fold, call 1.00 or raise to 2.50
      When Carol raises to 2.50
      Then Ann may fold or call 1.00
      And the pot is 6.15

  Rule: Some rooms let a small raise follow a big bet on an open pair

    @LIMIT-05 @alternative @ruleset:seven-card-stud-small-raise
    Scenario: A big bet on fourth street may be raised by a small bet
      Given a game of "seven-card-stud-small-raise"
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | 8s     |
        | Bob    | [Qs Jd] 9h | 9d     |
        | Carol  | [7s 6d] Jc | 3d     |
      When everyone calls until fourth street
      And Bob bets 1.00
      Then Carol may fold, call 1.00, raise to 1.50 or raise to 2.00

  Rule: Some rooms lift the cap only for a round that began with two players

    @CAP-02 @alternative @ruleset:seven-card-stud-round-start-cap
    Scenario: A round that began three-handed stays capped after a fold
      Given a game of "seven-card-stud-round-start-cap"
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 2c | Ad     |
        | Bob    | [Qs Jd] 9h | 5s     |
        | Carol  | [7s 6d] Jc | 3h     |
      When everyone calls until fourth street
      And the players act: Ann bets 0.50, Bob raises to 1.00, Carol folds, Ann raises to 1.50
      And Bob raises to 2.00
      Then Ann may fold or call 0.50

  Rule: Home games may deal without burning a card before each street

    @DEAL-06 @alternative @ruleset:seven-card-stud-home-no-burn
    Scenario: The home game without burns deals fourth street straight after third street
      Given a game of "seven-card-stud-home-no-burn"
      And the cards come off the deck in this order: As Qs 7s Kd Qd 7h 9c 2h Jc 5d 3c 4c Kh
      Then Carol may check or bet 0.50
      And the pot is 0.75
      When everyone checks until fourth street
      Then Ann has As Kd down and 9c 5d up
      And Bob has Qs Qd down and 2h 3c up
      And Carol has 7s 7h down and Jc 4c up
