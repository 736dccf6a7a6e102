@ruleset:seven-card-stud
Feature: One hand after another at the same table
  When a hand is over the winner keeps the chips, anyone left with nothing stands up, and
  the same table deals again: everyone antes from what they now have, and in a card room
  the button passes to the next player on the left.  A home game may keep one dealer all
  evening instead; either way, everything in the new hand is counted from the dealer.

  Background:
    Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00

  Rule: The button moves one seat clockwise after every hand, unless the house keeps one dealer

    @SETUP-04
    Scenario: After Carol's hand the button passes to Ann, so Bob gets the first card
      Given Ann, Bob and Carol sit down with 10 each
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
      When the players act: Ann brings in, Bob folds and Carol folds
      Then Ann wins the pot of 0.15
      When the next hand is dealt as follows:
        | player | third      |
        | Bob    | [Ah Kh] 3d |
        | Carol  | [8s 8c] Td |
        | Ann    | [6h 5s] Qc |
      Then Ann is the dealer
      And Bob has Ah Kh down and 3d up
      And Carol has 8s 8c down and Td up
      And Ann has 6h 5s down and Qc up
      And Bob may bring in 0.10 or complete to 0.50
      And the pot is 0.15

    @SETUP-04 @alternative
    Scenario: With a fixed dealer the next hand is dealt from the same seat again
      Given house rules:
        | dealer.rotates | false |
      And Ann, Bob and Carol sit down with 10 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
      When the players act: Ann brings in, Bob folds and Carol folds
      And the next hand is dealt as follows:
        | player | third      |
        | Ann    | [Ah Kh] 3d |
        | Bob    | [8s 8c] Td |
        | Carol  | [6h 5s] Qc |
      Then Bob is the dealer
      And Ann has Ah Kh down and 3d up
      And Bob has 8s 8c down and Td up
      And Ann may bring in 0.10 or complete to 0.50

  Rule: The winner is paid first; the next hand's antes come out of the stacks as they now stand

    @SHOW-07
    Scenario: Ann's winnings carry over, Carol has nothing left and is not dealt in
      Given the players:
        | seat | name  | stack |
        | 2    | Ann   | 10    |
        | 5    | Bob   | 10    |
        | 6    | Carol | 0.15  |
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [As Ad] Kc | 9d     | 7h    | 4s    | [2c]    |
        | Bob    | [Qs Jd] 8c | 3d     | 5h    | 6s    | [Tc]    |
        | Carol  | [9s 4d] 2h | 7d     | Jh    | Ks    | [3c]    |
      When the players act: Carol brings in, Ann calls and Bob calls
      And everyone checks or calls until the showdown
      Then Ann wins the pot of 0.45
      And Ann has 10.30 left
      And Carol has 0 left
      When the next hand is dealt
      Then Ann is the dealer
      And the pot is 0.10
      And Ann has 10.25 left
      And Bob has 9.80 left
      And the pots are:
        | pot  | amount | eligible |
        | main | 0.10   | Ann, Bob |
