@ruleset:deuce-to-seven-razz
Feature: Deuce-to-seven razz
  Razz played for the deuce-to-seven ("Kansas City") low: aces are always high, straights
  and flushes count against a hand, and the best hand is seven-five-four-three-two of mixed
  suits.  Aces being high, an ace is the highest door card and brings in, and the lowest
  board, read with aces high, acts first from fourth street.

  Background:
    Given a game of "deuce-to-seven-razz" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
    And Ann, Bob and Carol sit down with 20 each
    And Carol deals

  Rule: The highest door card brings in, aces high; the lowest board, aces high, acts first

    @RANK-02
    Scenario: An ace is the highest door card and brings in
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [2s 3d] As |
        | Bob    | [4c 5s] Kd |
        | Carol  | [6s 8d] 7c |
      Then Ann may bring in 0.10 or complete to 0.50

    @RANK-02 @alternative
    Scenario: Played with aces low for the bring-in (as the generic engine deals it), the king brings in
      Given house rules:
        | bring_in.aces | low |
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [2s 3d] As |
        | Bob    | [4c 5s] Kd |
        | Carol  | [6s 8d] 7c |
      Then Bob may bring in 0.10 or complete to 0.50

    @RANK-02
    Scenario: Seven-deuce showing is lower than ace-deuce and acts first on fourth street
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Kc Qd] 7c | 2d     |
        | Bob    | [Jc Td] Ac | 2h     |
        | Carol  | [Js Th] Kd | Kh     |
      When everyone calls until fourth street
      Then Ann acts first on fourth street

  Rule: The best hand is seven-five-four-three-two; the ace is high and straights and flushes are bad

    @RANK-01
    Scenario: A seven-five low beats a jack-five low, as the five lowest cards of the loser make a straight
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [7c 5d] 4h | 3s     | Kd    | Qc    | [2c]    |
        | Bob    | [6h 5h] 4d | 3h     | 2h    | Ac    | [Jd]    |
        | Carol  | [9s 9d] Ks |        |       |       |         |
      When the players act: Carol brings in, Ann completes to 0.50, Bob calls and Carol folds
      And everyone checks or calls until the showdown
      Then Ann shows "seven-five low" with 7c 5d 4h 3s 2c
      And Bob shows "jack-five low" with Jd 5h 4d 3h 2h
      And Ann wins the pot of 1.25

    @RANK-01
    Scenario: Ace-five-four-three-two is an ace-high hand, better than a six-high straight
      Then under deuce-to-seven ranking Ac 5d 4h 3s 2c beats 6c 5d 4h 3s 2c
      And under deuce-to-seven ranking 8h 6h 5h 4h 2h loses to 9c 8d 7h 5s 3c
      And under deuce-to-seven ranking 7c 5d 4h 3s 2c ties with 7d 5c 4s 3h 2d
      And under deuce-to-seven ranking the best hand from Ah Kd 7c 5d 4h 3s 2c is "seven-five low" with 7c 5d 4h 3s 2c
