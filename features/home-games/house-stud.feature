Feature: Home stud games with other street tables
  Home games deal stud with more or fewer cards, with cards face up where casino stud hides
  them, or two at a time.  Each is a street table of its own: which cards each street
  deals, face down or up, and which bets follow.

  Rule: Six-card stud deals a last card down after four up cards; the best five of six play

    @SHOW-01 @ruleset:six-card-stud
    Scenario: Six-card stud: a flush made with the hidden sixth card wins
      Given a game of "six-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth | sixth |
        | Ann    | [Kh] 9h | 6h    | 2h     | Qd    | [3h]  |
        | Bob    | [Ac] Ad | 7s    | 5c     | 3d    | [4s]  |
      When everyone checks or calls until the showdown
      Then Ann has Kh 3h down and 9h 6h 2h Qd up
      And Ann shows "flush, king high" with Kh 9h 6h 3h 2h
      And Ann wins the pot of 0.30

  Rule: Blind stud, as the generic engine deals it: four cards up and the last one down

    @BRING-01 @ruleset:blind-stud
    Scenario: Blind stud: the first card is dealt face up and the lowest brings in
      Given a game of "blind-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | first | second |
        | Ann    | 9c    | 9d     |
        | Bob    | 3d    | Kc     |
        | Carol  | Qh    | 4s     |
      Then Bob may bring in 0.10 or complete to 0.50
      When everyone calls until second street
      Then Ann acts first on second street

  Rule: Alligator stud deals two up cards at once on its second round

    @ROUND-03 @ruleset:alligator-stud
    Scenario: Alligator stud: each player gets two up cards at once, and a pair showing opens
      Given a game of "alligator-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | second  | third |
        | Ann    | [Kh] 9h | 6h 2c |
        | Bob    | [Ac] 3d | 7s 7c |
      When everyone calls until third street
      Then Bob has Ac down and 3d 7s 7c up
      And Bob acts first on third street

  Rule: Zanetti Sound stops before the river: six cards, four betting rounds

    @SHOW-01 @ruleset:zanetti-sound
    Scenario: Zanetti Sound: the showdown comes after sixth street, with no seventh card
      Given a game of "zanetti-sound" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth |
        | Ann    | [Kh Kd] 9h | 6h     | 2c    | Qd    |
        | Bob    | [Ac 5d] 3d | 7s     | 5c    | 3s    |
      When everyone checks or calls until the showdown
      Then Bob shows "two pair, fives and threes"
      And Bob wins the pot of 0.30

  Rule: One Three One: one down and two up, then one down and one up, declared high-low

    @BRING-01 @ruleset:one-three-one
    Scenario: One Three One: one card down and two up, and the lowest upcard brings in
      Given a game of "one-three-one" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | second     |
        | Ann    | [Kh] Kd 9c |
        | Bob    | [Ac] 2d 5h |
      Then Ann has Kh down and Kd 9c up
      And Bob may bring in 0.10 or complete to 0.50

    @DECL-01 @ruleset:one-three-one
    Scenario: One Three One: a card down, a card up, then everyone declares at once
      Given a game of "one-three-one" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | second      | third | fourth |
        | Ann    | [Kh] Kd 9c  | [Qs]  | Qc     |
        | Bob    | [Ac] 2d 5h  | [3d]  | 4s     |
      When everyone checks or calls until the declaration
      And the players act: Ann declares high and Bob declares low
      Then the pot is awarded:
        | player | amount | share |
        | Ann    | 0.15   | high  |
        | Bob    | 0.15   | low   |

  Rule: Henway: two cards and one betting round, then a high-low declaration of two-card hands

    @RANK-09 @SHARE-06 @ruleset:henway
    Scenario: Henway: a pair of kings takes high, an ace-deuce takes low
      Given a game of "henway" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | second  |
        | Ann    | [Kh] Kd |
        | Bob    | [Ac] 2d |
        | Carol  | [9c] 7s |
      Then Bob may bring in 0.10 or complete to 0.50
      When everyone calls until the declaration
      And the players act: Ann declares high, Bob declares low and Carol declares both
      Then Ann shows "pair of kings" for high with Kh Kd
      And Bob shows "two-ace low" for low with Ac 2d
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 0.23   | high  |
        | Bob    | 0.22   | low   |

    @RANK-09 @ruleset:henway
    Scenario: Two-card hands: a pair beats any two unpaired cards, and a low pair loses to any unpaired low
      Given a game of "henway"
      Then under two-card-high ranking 2c 2d beats As Kh
      And under two-card-low ranking Kc Qd beats 2c 2d
      And under two-card-low ranking Ac 2d beats 3c 2h

  Rule: Deuces and Jacks: every deuce and jack is wild

    @WILD-01 @ruleset:deuces-and-jacks
    Scenario: Deuces and Jacks: a wild deuce and a wild jack make five of a kind with the aces
      Given a game of "deuces-and-jacks" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [2c Jd] As | Ad     | Ah    | 7c    | [8d]    |
        | Bob    | [Kc Kd] Ks | Kh     | 9s    | 9c    | [3d]    |
      When everyone checks or calls until the showdown
      Then Ann shows "five of a kind, aces"
      And Ann wins the pot of 0.30
