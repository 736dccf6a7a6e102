@ruleset:five-card-stud
Feature: Draw rounds
  A draw round lets each player throw cards and get as many new ones from the stub, as in
  draw poker; Pig poker draws up to three cards after its last upcard.  Here five-card stud
  gets a draw before its last card as a house rule, to show the round on its own.

  Rule: Each player in turn throws up to the count and gets as many new cards

    @DRAW-01 @DECIDE-01 @DECIDE-02 @alternative
    Scenario: Ann throws her hole king and an up five; the new cards come face as the ones thrown
      Given a game of "five-card-stud" with house rules:
        | streets.fifth.decide | [{kind: draw, count: 2, at_least: 0, among: any}] |
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth draw | fifth |
        | Ann    | [Kd] 9c | 9h    | 5d     | Ks 2c      | 3h    |
        | Bob    | [Ac] 3d | 4s    | Ah     |            | 7c    |
      Then Bob may bring in 0.10 or complete to 0.50
      When everyone calls until fifth street
      Then Ann may replace up to 2 cards
      When Ann replaces Kd 5d
      Then Ann has Ks down and 9c 9h 2c up
      When Bob tries to replace Kd
      Then the action is refused
      When Bob replaces no card
      Then Bob has Ac down and 3d 4s Ah 7c up
      And Ann has Ks down and 9c 9h 2c 3h up

    @DRAW-02 @alternative
    Scenario: Where drawn cards always come face down, Ann's new card for an up five is hidden
      Given a game of "five-card-stud" with house rules:
        | streets.fifth.decide | [{kind: draw, count: 2, at_least: 0, among: any, drawn_face: down}] |
      And the players:
        | seat | name | stack |
        | 3    | Ann  | 20    |
        | 6    | Bob  | 20    |
      And Ann deals
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth draw | fifth |
        | Ann    | [Kd] 9c | 9h    | 5d     | Ks         | 3h    |
        | Bob    | [Ac] 3d | 4s    | Ah     |            | 7c    |
      When everyone calls until fifth street
      And the players act: Bob replaces no card and Ann replaces 5d
      Then Ann has Kd Ks down and 9c 9h 3h up
      When everyone checks or calls until the showdown
      Then Ann shows "two pair, kings and nines"
