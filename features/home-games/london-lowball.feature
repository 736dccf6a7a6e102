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

    @LONDON-01
    Scenario: Jack-nine low beats queen-ten low; the pair of sevens plays no part
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Jh 9h] Qh | 7s     | Ac    | 5h    | [7c]    |
        | Bob    | [Tc 3d] 3c | 8h     | 6c    | Ks    | [Qd]    |
      When everyone checks or calls until the showdown
      Then Ann shows "jack-nine low"
      And Bob shows "queen-ten low"
      And Ann wins the pot of 4

    @LONDON-01
    Scenario: A flush is worse than any unsuited low, and a straight flush worse than a flush
      Then under ace-to-six ranking 8c 7d 5h 3s 2c beats 7h 6h 4h 3h 2h
      And under ace-to-six ranking 8h 7h 6h 5h 3h beats 7c 6c 5c 4c 3c
      And under ace-to-six ranking 8c 6d 5h 4s 3c beats 7d 6h 5c 4h 3s

  Rule: With wild cards, an ace-to-six low takes the wild card as the lowest rank that makes no straight

    @LONDON-01 @WILD-02
    Scenario: A wild deuce with ace-three-four-five is a six, not the deuce that would make the wheel
      Then under ace-to-six ranking with deuces wild the best hand from Ac 3d 4h 5s 2c is "six-five low"
      And under ace-to-six ranking with deuces wild 2c 3d 4h 6s 7c ties with Ac 3s 4d 6c 7h
      And under ace-to-six ranking with deuces wild 2c 2d 4h 6s 7c beats Ac 3s 4d 6c 7h
      And under ace-to-six ranking with deuces wild the best hand from 2c 2d 2h 7s 9c is "nine-seven low"

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
