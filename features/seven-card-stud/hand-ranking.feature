@ruleset:seven-card-stud
Feature: Ranking high hands
  The engine's evaluator ranks hands of five to seven cards in the standard poker order.
  These checks use the engine's optional "evaluate" capability.

  Background:
    Given a game of "seven-card-stud"

  Rule: The standard order has no exceptions: a flush beats a straight, trips beat two pair

    @SHOW-02
    Scenario: A flush beats a straight and three of a kind beats two pair
      Then under high ranking 2h 6h 9h Jh Kh beats 9c Td Jh Qs Kc
      And under high ranking 4c 4d 4h Ks 2c beats Ac Ad Kc Kd Qs

    @SHOW-02
    Scenario: A straight flush beats four of a kind, and the ace-high straight flush is the royal flush
      Then under high ranking 9h 8h 7h 6h 5h beats Kc Kd Kh Ks Ac
      And under high ranking the best hand from Ah Kh Qh Jh Th 9c 9d is "royal flush" with Ah Kh Qh Jh Th
      And under high ranking the best hand from Kh Qh Jh Th 9h 9c 9d is "king-high straight flush" with Kh Qh Jh Th 9h

  Rule: A player's hand is the best five of their cards

    @SHOW-03 @example
    Scenario: The best five of 2h Jc Qc Ks Ad Ts 9c is the ace-high straight
      Then under high ranking the best hand from 2h Jc Qc Ks Ad Ts 9c is "ace-high straight" with Ts Jc Qc Ks Ad

  Rule: With no pair, the highest card decides, then the next highest, and so on

    @SHOW-04 @example
    Scenario: Ace high beats king high however good the rest
      Then under high ranking Ac 3h 4d 6s 7s beats Ks Qs Jc 9c 8d

    @SHOW-04 @example
    Scenario: With the same top four cards the fifth card decides
      Then under high ranking Ac Jh 9s 8d 6h beats Ah Jc 9d 8c 2s

    @SHOW-04
    Scenario: At the showdown ace-jack-nine-eight-six beats ace-jack-nine-eight-five
      Given Ann and Bob sit down with 10 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ac Jh] 9s | 8d     | 6h    | 4c    | [3d]    |
        | Bob    | [Ah Jc] 9d | 8c     | 5s    | 4d    | [3h]    |
      When everyone checks or calls until the showdown
      Then Ann shows "high card, ace" with Ac Jh 9s 8d 6h
      And Ann wins the pot of 0.30

  Rule: Suits do not rank hands

    @SHOW-05
    Scenario: The same flush in two suits is a tie
      Then under high ranking Ah Kh 9h 7h 4h ties with As Ks 9s 7s 4s
