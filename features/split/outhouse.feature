@ruleset:outhouse
Feature: Split hands with blinds: Outhouse
  Outhouse is Cowpie with blinds instead of antes and a bring-in: the blinds' round is
  opened left of the big blind, every later one by the first player still in on the
  dealer's left, and after the river each hand is split into a five-card and a two-card
  hand that share the pot.

  Rule: Blinds, stud betting from the dealer's left, then a split into five and two

    @BLIND-01 @BLIND-03 @SPLIT-01 @SPLIT-03 @DECIDE-03
    Scenario: Outhouse: Carol opens after the blinds; Bob's kings take the five-card half and Ann's ace the two-card half
      Given a game of "outhouse" with blinds 0.25 and 0.50, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [As Ah] 2c | 7d     | 9s    | Jc    | [4h]    |
        | Bob    | [Kd Kc] 3s | 8h     | Ks    | 5c    | [6d]    |
        | Carol  | [Qd Qs] Th | Tc     | 2d    | 3d    | [8c]    |
      Then Ann posts the small blind of 0.25
      And Bob posts the big blind of 0.50
      And it is Carol's turn on third street
      When everyone calls until fourth street
      Then the pot is 1.50
      And Ann acts first on fourth street
      And Ann may check or bet 0.50
      When everyone checks or calls until split street
      Then Ann may split off 2 cards
      When the players act: Ann splits off As 2c, Bob splits off 6d 5c and Carol splits off 8c Th
      Then Ann has split off As 2c
      And Ann acts first on split street
      When everyone checks until the showdown
      Then Bob shows "three of a kind, kings" for five-card
      And Ann shows "ace-two high" for two-card
      And the pot is awarded:
        | player | amount | share     |
        | Bob    | 0.75   | five-card |
        | Ann    | 0.75   | two-card  |
