Feature: Five-card stud variants
  Five-card stud played high-low, for low only, with a declaration, with the last card face
  down, or with Canadian (soko) hands.  Each is five-card stud with one value changed: the
  pot shares, the bring-in and board order, the showdown, the last card's face or the
  ranking.

  Rule: High-low: the best high hand and the best eight-or-better low split the pot

    @HILO-01 @ruleset:five-card-stud-hi-lo
    Scenario: Five-card stud hi-lo: a pair of kings takes high, a seven-five low takes low
      Given a game of "five-card-stud-hi-lo" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth |
        | Ann    | [Kc] Kd | Qh    | Js     | 9c    |
        | Bob    | [Ac] 2d | 4h    | 5s     | 7c    |
      Then Bob may bring in 0.10 or complete to 0.50
      When everyone checks or calls until the showdown
      Then Bob shows "seven-five low" for low with 7c 5s 4h 2d Ac
      And Ann shows "pair of kings" for high
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 0.15   | high  |
        | Bob    | 0.15   | low   |

  Rule: Lowball: ace-to-five low only, the highest door card brings in and the lowest board acts first

    @RAZZ-01 @BRING-13 @ruleset:five-card-stud-lowball
    Scenario: Five-card lowball: the king brings in and the seven-five low wins
      Given a game of "five-card-stud-lowball" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth |
        | Ann    | [Kc] Kd | Qh    | Js     | 9c    |
        | Bob    | [Ac] 2d | 4h    | 5s     | 7c    |
      Then Ann may bring in 0.10 or complete to 0.50
      When everyone checks or calls until third street
      Then Bob acts first on third street
      When everyone checks or calls until the showdown
      Then Bob shows "seven-five low"
      And Bob wins the pot of 0.30

  Rule: Beelzebub and Satan: five-card stud with a simultaneous high-low declaration

    @DECL-01 @DECL-02 @ruleset:five-card-stud-hi-lo-declare
    Scenario: Five-card stud hi-lo declare: the high declarer and the low declarer share the pot
      Given a game of "five-card-stud-hi-lo-declare" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth |
        | Ann    | [Kc] Kd | Qh    | Js     | 9c    |
        | Bob    | [Ac] 2d | 4h    | 5s     | 9d    |
      When everyone checks or calls until the declaration
      And the players act: Ann declares high and Bob declares low
      Then the pot is awarded:
        | player | amount | share |
        | Ann    | 0.15   | high  |
        | Bob    | 0.15   | low   |

  Rule: Last Card Down: the fifth card comes face down, so the fourth round's opener leads again

    @ROUND-09 @ruleset:last-card-down
    Scenario: Last Card Down: the last card is hidden and the same board opens the last round
      Given a game of "last-card-down" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth |
        | Ann    | [Kc] 9d | 9h    | 5d     | [5s]  |
        | Bob    | [Ac] 2d | 4h    | 7s     | [7c]  |
      When everyone checks or calls until fourth street
      Then Ann acts first on fourth street
      When everyone checks or calls until fifth street
      Then Ann has Kc 5s down and 9d 9h 5d up
      And Ann acts first on fifth street

  Rule: Canadian stud: four-card flushes and straights rank between one pair and two pair

    @RANK-07 @ruleset:canadian-stud
    Scenario: Canadian stud: a four-card flush beats a pair of aces
      Given a game of "canadian-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth |
        | Ann    | [Kh] 9h | 6h    | 2h    | Qc    |
        | Bob    | [Ac] Ad | 7s    | 5c    | 3d    |
      Then Ann may bring in 0.10 or complete to 0.50
      When everyone checks or calls until the showdown
      Then Ann shows "four-card flush, king high" with Kh Qc 9h 6h 2h
      And Bob shows "pair of aces"
      And Ann wins the pot of 0.30

    @RANK-07 @ruleset:canadian-stud
    Scenario: Canadian stud: two pair beat a four-flush, which beats a four-straight, which beats a pair
      Given a game of "canadian-stud"
      Then under soko ranking 3c 3d 2h 2s 4c beats Kh 9h 6h 2h Qc
      And under soko ranking Kh 9h 6h 2h Qc beats 9c 8d 7h 6s 2c
      And under soko ranking 9c 8d 7h 6s 2c beats Ac Ad Kh Qs 9d
