@ruleset:five-card-stud
Feature: Five-card stud
  The older form of stud: one hidden card and four exposed ones, with a betting round after
  each exposed card.  Bring-in, completion and the order of play work as in seven-card stud.

  Background:
    Given a game of "five-card-stud" with ante 1, bring-in 2, small bet 5 and big bet 10
    And Ann, Bob and Cat sit down with 100 each
    And Ann deals

  Rule: One card down and one up, then the lowest upcard brings in

    @BRING-01 @DEAL-05
    Scenario: Five-card stud: the lowest door card brings in and the best board opens the next round
      Given the cards are dealt as follows:
        | player | second  | third |
        | Ann    | [Kd] 9c | 9h    |
        | Bob    | [Ac] 3d | 4s    |
        | Cat    | [Qh] Js | 2c    |
      Then Bob may bring in 2 or complete to 5
      When everyone calls until third street
      Then Ann acts first on third street

  Rule: Four betting rounds, small bets on the first two and big bets on the last two

    @LIMIT-01 @SHOW-01
    Scenario: Five-card stud: big bets from the fourth card, and the best five cards win
      Given the cards are dealt as follows:
        | player | second  | third | fourth | fifth |
        | Ann    | [Kd] 9c | 9h    | 5d     | 5s    |
        | Bob    | [Ac] 3d | 4s    | Ah     | 7c    |
        | Cat    | [Qh] Js | 2c    | 8d     | Jd    |
      When everyone calls until fourth street
      Then Ann may check or bet 10
      When Ann bets 10
      And everyone checks or calls until the showdown
      Then Ann shows "two pair, nines and fives"
      And Ann wins the pot of 39
