@ruleset:stud-hi-lo
Feature: Ranking low hands (ace-to-five)
  Lows are compared from the highest card down; straights and flushes are ignored and
  aces are low.  These checks use the engine's optional "evaluate" capability.

  Background:
    Given a game of "stud-hi-lo"

  Rule: Lows compare from the highest card down, then the next, and so on to the fifth

    @HILO-04 @example
    Scenario: 7-6-5-3-2 beats 8-4-3-2-A
      Then under ace-to-five ranking 2c 3h 5d 6d 7d beats Ac 2s 3d 4c 8h

    @HILO-04
    Scenario: With the same top two cards the third decides
      Then under ace-to-five ranking 7c 6d 4h 3s 2c beats 7d 6c 5h 3d 2d

    @HILO-03
    Scenario: The wheel is the best low although it is a straight
      Then under ace-to-five ranking Ah 2h 3h 4h 5h beats 6c 4d 3s 2c Ad

  Rule: Eight or better: a low needs five different ranks, each eight or lower

    @HILO-02
    Scenario: The evaluator, told eight or better, finds the seven-six low and passes over the king
      Then under ace-to-five ranking eight or better the best hand from 9h 7c 6d 4s 3c 2h Kd is "seven-six low" with 7c 6d 4s 3c 2h

    @HILO-02
    Scenario: Eight or better: a nine low and a paired hand make no qualifying low
      Then under ace-to-five ranking eight or better 9h 7c 6d 4s 3c has no qualifying low
      And under ace-to-five ranking eight or better 8h 8c 6d 4s 3c Kd Qs has no qualifying low
      And under ace-to-five ranking eight or better Kc Qd Jh 9s 8c ties with 9d 4c 3s 2h Ad

    @HILO-12
    Scenario: The qualifier is the ruleset's: five or better leaves only the wheel
      Then under ace-to-five ranking five or better the best hand from Ac 2d 3h 4s 5c Kd Qs is "five-four low"
      And under ace-to-five ranking five or better Ac 2d 3h 4s 6c has no qualifying low
