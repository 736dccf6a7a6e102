Feature: English stud
  Dealt and bet like seven-card stud until everyone has five cards.  Then each player in
  turn may exchange one card (a down card for a new down card, an up card for a new up
  card) or stand pat; a sixth card comes face down, there is a betting round, a second
  exchange and a final betting round.

  Rule: Until everyone has five cards, two down and three up, the game is seven-card stud

    @ENGLISH-01 @ENGLISH-02 @ruleset:english-stud
    Scenario: After fifth street each player in turn may swap one card for a new one of the same face
      Given a game of "english-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth exchange | sixth |
        | Ann    | [As Kd] 2c | 9s     | 4h    | Qh             | [Jh]  |
        | Bob    | [Qs Jd] 9h | Kh     | 5c    | 8d             | [Js]  |
        | Carol  | [7s 6d] Jc | 3d     | Td    |                | [2s]  |
      When everyone checks or calls until the exchange
      Then Ann has As Kd down and 2c 9s 4h up
      And Ann may exchange or stand pat
      When Ann exchanges Kd
      Then Bob may exchange or stand pat
      When Bob exchanges 9h
      And Carol stands pat
      Then Ann has As Qh Jh down and 2c 9s 4h up
      And Bob has Qs Jd Js down and 8d Kh 5c up
      And Bob acts first on sixth street

    @ENGLISH-02 @ROUND-03 @ruleset:english-stud
    Scenario: Carol swaps her 3d for the Jh and pairs her board, so she opens sixth street
      Given a game of "english-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth exchange | sixth |
        | Ann    | [As Kd] 2c | 9s     | 4h    |                | [Qd]  |
        | Bob    | [Qs Jd] 9h | Kh     | 5c    |                | [Js]  |
        | Carol  | [7s 6d] Jc | 3d     | Td    | Jh             | [2s]  |
      When everyone checks or calls until the exchange
      And the players act: Ann stands pat, Bob stands pat and Carol exchanges 3d
      Then Carol has 7s 6d 2s down and Jc Jh Td up
      And Carol acts first on sixth street

    @ENGLISH-02 @ROUND-06 @ruleset:english-stud
    Scenario: Ann's and Bob's boards tie until Bob swaps his 2h for the 9h: his pair opens sixth street
      Given a game of "english-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth exchange | sixth |
        | Ann    | [As Qd] Kh | 9s     | 2c    |                | [Jh]  |
        | Bob    | [Qs Jd] Kd | 9d     | 2h    | 9h             | [Js]  |
        | Carol  | [7s 6d] 3c | 4h     | 8s    |                | [2s]  |
      When everyone checks or calls until fifth street
      Then Ann acts first on fifth street
      When everyone checks or calls until the exchange
      And the players act: Ann stands pat, Bob exchanges 2h and Carol stands pat
      Then Bob has Qs Jd Js down and Kd 9d 9h up
      And Bob acts first on sixth street

  Rule: A sixth card face down, a betting round, a second exchange and a last betting round follow

    @ENGLISH-03 @ruleset:english-stud
    Scenario: With six players there is no seventh card: two exchanges, then the showdown on six cards
      Given a game of "english-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob, Carol, Dan, Eve and Fay sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth |
        | Ann    | [As Kd] 2c | 9s     | 4h    | [Jh]  |
        | Bob    | [Qs Jd] 9h | Kh     | 5c    | [Js]  |
        | Carol  | [7s 6d] Jc | 3d     | Td    | [2s]  |
        | Dan    | [5s 4d] 8h | 6c     | 3s    | [Tc]  |
        | Eve    | [Ts 8s] Kc | Ac     | 7c    | [4s]  |
        | Fay    | [6h 5h] Qc | 3h     | 2d    | [Ah]  |
      When everyone checks or calls until the exchange
      And the players act: Ann stands pat, Bob stands pat, Carol stands pat, Dan stands pat
      And the players act: Eve stands pat and Fay stands pat
      And everyone checks or calls until the exchange
      Then it is Ann's turn on final street
      And Ann may exchange or stand pat
      When everyone checks or calls until the showdown
      Then the hand is over
      And Ann has As Kd Jh down and 2c 9s 4h up
      And no card is dealt on seventh street

  Rule: With five players or fewer a seventh card may be dealt face down; an exchange may cost a price paid into the pot

    @ENGLISH-04 @ruleset:english-stud
    Scenario: Three players receive a seventh card face down after the second exchange
      Given a game of "english-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [As Kd] 2c | 9s     | 4h    | [Jh]  | [3c]    |
        | Bob    | [Qs Jd] 9h | Kh     | 5c    | [Js]  | [3h]    |
        | Carol  | [7s 6d] Jc | 3d     | Td    | [2s]  | [8c]    |
      When everyone checks or calls until the showdown
      Then Ann has As Kd Jh 3c down and 2c 9s 4h up

    @ENGLISH-04 @ruleset:english-stud-paid-exchange @alternative
    Scenario: A paid exchange goes into the pot and is not a bet the others must match
      Given a game of "english-stud-paid-exchange" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth exchange | sixth |
        | Ann    | [As Kd] 2c | 9s     | 4h    | Qh             | [Jh]  |
        | Bob    | [Qs Jd] 9h | Kh     | 5c    |                | [Js]  |
        | Carol  | [7s 6d] Jc | 3d     | Td    |                | [2s]  |
      When everyone checks or calls until the exchange
      Then the pot is 0.45
      When Ann exchanges Kd
      Then the pot is 1.45
      And Ann has 18.85 left
      When the players act: Bob stands pat and Carol stands pat
      Then Bob may check or bet 1.00
      When the players act: Bob bets 1.00 and Carol calls
      Then Ann may fold, call 1.00 or raise to 2.00

    @ENGLISH-04 @ruleset:english-stud-paid-exchange @alternative
    Scenario: Ann pays for an exchange and then folds: her price stays in the pot Bob wins
      Given a game of "english-stud-paid-exchange" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth exchange | sixth |
        | Ann    | [As Kd] 2c | 9s     | 4h    | Qh             | [Jh]  |
        | Bob    | [Qs Jd] 9h | Kh     | 5c    |                | [Js]  |
        | Carol  | [7s 6d] Jc | 3d     | Td    |                | [2s]  |
      When everyone checks or calls until the exchange
      And the players act: Ann exchanges Kd, Bob stands pat and Carol stands pat
      And the players act: Bob bets 1.00, Carol folds and Ann folds
      Then Bob wins the pot of 1.45
      And Bob has 21.30 left

    @ENGLISH-04 @ruleset:english-stud-paid-exchange @alternative @beyond-sources
    Scenario: Ann pays for an exchange and then folds: her price stays in the side pot she reached, which Bob wins
      # beyond the sources: a folded player's chips stay in the pots they reached, and what
      # they put in above everyone still in goes to the last of them (Robert's Rules of Poker)
      Given a game of "english-stud-paid-exchange" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And the players:
        | seat | name  | stack |
        | 1    | Ann   | 20    |
        | 2    | Bob   | 20    |
        | 3    | Carol | 0.15  |
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth exchange | sixth | seventh |
        | Ann    | [As Kd] 2c | 9s     | 4h    | Qh             | [Jh]  |         |
        | Bob    | [Qs Jd] 9h | Kh     | 5c    |                | [Js]  | [7c]    |
        | Carol  | [Ac Ad] Jc | 3d     | Td    |                | [2s]  | [8c]    |
      When the players act: Ann brings in, Bob calls and Carol goes all in
      And the players act: Bob bets 0.50, Ann calls, Bob checks and Ann checks
      And the players act: Ann exchanges Kd, Bob stands pat and Carol stands pat
      And the players act: Bob bets 1.00 and Ann folds
      And everyone checks or calls until the showdown
      Then the pot is awarded:
        | player | amount |
        | Carol  | 0.45   |
        | Bob    | 2.00   |
