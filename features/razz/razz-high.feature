@ruleset:razz-high
Feature: Razz high
  A razz deal played for an upside-down high hand: hands are classed as in ace-to-five low
  (no pair is best, then one pair, two pair and so on, straights and flushes ignored, aces
  low), but inside a class the higher cards win.  King-queen-jack-ten-nine is the best
  hand, and a pair of kings beats a pair of aces.  The lowest door card brings in, aces
  low, and the best board by the same order acts first.

  Background:
    Given a game of "razz-high" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00

  Rule: Unpaired hands beat paired ones, and inside a class the higher cards win, aces low

    @RANK-05
    Scenario: An unpaired king-queen beats two pair; an ace door card brings in
      Given Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Qd Jh] Kc | 9s     | 8d    | 2c    | [2d]    |
        | Bob    | [Ah Ad] As | Kh     | Ks    | Qc    | [Qs]    |
      Then Bob may bring in 0.10 or complete to 0.50
      When everyone checks or calls until the showdown
      Then Ann shows "king-queen high" with Kc Qd Jh 9s 8d
      And Bob shows "two pair, kings and queens"
      And Ann wins the pot of 0.30

    @RANK-05
    Scenario: A pair of kings beats a pair of aces, and any unpaired hand beats both
      Then under razz-high ranking Kc Kd Qh Js 9c beats Ac Ad Kh Qs Jc
      And under razz-high ranking 5c 4d 3h 2s Ac beats Kc Kd Qh Js 9c
      And under razz-high ranking the best hand from Kc Qd Jh 9s 8d 2c 2d is "king-queen high"

    @RANK-05
    Scenario: The highest unpaired board acts first on fourth street
      Given Ann, Bob and Carol sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [2d 3d] Kc | Qh     |
        | Bob    | [4d 5d] As | 2c     |
        | Carol  | [6d 7d] 9d | 9c     |
      When everyone calls until fourth street
      Then Ann acts first on fourth street
