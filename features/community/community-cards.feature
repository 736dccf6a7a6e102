Feature: Community cards dealt during the hand
  Some stud games turn cards face up in the centre between the players' own cards.  Every
  player's hand may use them at the showdown, and they count in every board when the next
  round's opener is chosen.  The cards table names them in a row called community, under
  the street that deals them.

  Rule: A street may deal cards face up to the centre, and every hand may use them

    @COMM-01 @ruleset:oxford-stud
    Scenario: Oxford stud: two centre cards, a stud card, a last centre card; Bob's straight and Ann's low split the pot
      Given a game of "oxford-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Ann deals
      And the cards are dealt as follows:
        | player    | third      | flop  | sixth | river |
        | Ann       | [As 3d] 2c |       | 5s    |       |
        | Bob       | [Ts Jd] 9h |       | Qd    |       |
        | community |            | 7h 8d |       | Ac    |
      When everyone checks or calls until flop street
      Then the community cards are 7h 8d
      When everyone checks or calls until the showdown
      Then the community cards are 7h 8d Ac
      And Ann has As 3d down and 2c 5s up
      And Ann shows "seven-five low" for low
      And Bob shows "queen-high straight" for high
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 0.15   | high  |
        | Ann    | 0.15   | low   |

    @COMM-01 @ruleset:q
    Scenario: Q: four cards in the centre, one at a time; Bob makes a straight with them and Ann a low
      Given a game of "q" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Ann deals
      And the cards are dealt as follows:
        | player    | third      | fourth | fifth | sixth | seventh |
        | Ann       | [As Kd] 2c |        |       |       |         |
        | Bob       | [Qs Jd] 9h |        |       |       |         |
        | community |            | 4h     | 5d    | Tc    | Kh      |
      Then it is Bob's turn on third street
      When everyone checks or calls until the showdown
      Then the community cards are 4h 5d Tc Kh
      And Ann shows "ten-five low" for low
      And Bob shows "king-high straight" for high
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 0.15   | high  |
        | Ann    | 0.15   | low   |

    @COMM-01 @HOLE-01 @ruleset:razzaho
    Scenario: Razzaho: Ann's razz hand of her own cards takes one half, Bob's Omaha straight with two own cards the other
      Given a game of "razzaho" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Ann deals
      And the cards are dealt as follows:
        | player    | third      | fourth   | fifth | sixth | seventh |
        | Ann       | [As 2d] 3c | 4h       | 5s    | Kc    | [Tc]    |
        | Bob       | [Ks Kd] Qs | Qh       | 8c    | 7c    | [Jh]    |
        | community |            | 9s 9h Td | Jd    | 6h    |         |
      When everyone checks or calls until the showdown
      Then the community cards are 9s 9h Td Jd 6h
      And Ann shows "five-four low" for razz
      And Bob shows "king-high straight" for high with Ks Qs Jd Td 9s
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 0.15   | high  |
        | Ann    | 0.15   | razz  |

  Rule: Centre cards count in every board when the next opener is chosen

    @COMM-02 @ruleset:oxford-stud
    Scenario: The seven in the centre pairs Ann's door card, so she opens ahead of Bob's king
      Given a game of "oxford-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Ann deals
      And the cards are dealt as follows:
        | player    | third      | flop  |
        | Ann       | [As 3d] 7c |       |
        | Bob       | [Ts Jd] Kh |       |
        | community |            | 7h 2d |
      When everyone checks or calls until flop street
      Then Ann acts first on flop street
