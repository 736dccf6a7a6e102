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
