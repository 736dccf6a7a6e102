@ruleset:london-lowball
Feature: London lowball
  Seven-card stud for the lowest hand ranked ace-to-six: aces are low, but straights and
  flushes count against a hand.  It is normally played pot limit.

  Background:
    Given a game of "london-lowball" with ante 1, bring-in 1, small bet 1 and big bet 1
    And Ann and Bob sit down with 200 each
    And Ann deals

  Rule: Hands rank ace-to-six: a straight or a flush spoils a low

    @LONDON-01
    Scenario: The wheel is a straight, so six-four low beats it
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ac 2d] 3h | 4s     | 5c    | Kd    | [Kh]    |
        | Bob    | [6c 4d] 3c | 2s     | Ah    | Qd    | [Qh]    |
      When everyone checks or calls until the showdown
      Then Bob shows "six-four low"
      And Ann shows "king-four low"
      And Bob wins the pot of 4

  Rule: The betting is pot limit

    @LONDON-02 @POT-02
    Scenario: On fourth street the lowest board may bet anything from one unit up to the pot
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Ac 2d] 3h | 4s     |
        | Bob    | [6c 4d] 3c | 2s     |
      When everyone calls until fourth street
      Then Bob may check or bet between 1 and 4
      When Bob bets 4
      Then Ann may fold, call 4 or raise to between 8 and 16
