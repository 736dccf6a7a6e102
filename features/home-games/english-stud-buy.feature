Feature: English stud with one bought card
  As one generic engine plays English stud: seven-card stud to the end of the seventh
  card, then each player still in, in turn from the dealer's left, may throw away any one
  card and buy a new one for a big bet paid into the pot.  The bought card always comes
  face down, even for an up card thrown away.  A last round of big bets follows.

  Rule: After the seventh card a player may throw away any card and buy one that comes face down

    @BUY-01 @BUY-02 @ruleset:english-stud-one-bought-card
    Scenario: Ann throws away her exposed nine and buys the queen of diamonds face down for a big bet
      Given a game of "english-stud-one-bought-card" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh | buy exchange |
        | Ann    | [As Kd] 2c | 9s     | 4h    | 7d    | [3c]    | Qd           |
        | Bob    | [Qs Jd] 9h | Kh     | 5c    | 8d    | [Js]    |              |
      When everyone checks or calls until the exchange
      Then Ann may exchange or stand pat
      When Ann exchanges 9s
      Then Ann has As Kd 3c Qd down and 2c 4h 7d up
      And Ann has 18.85 left
      And the pot is 1.30
      And Bob may exchange or stand pat
      When Bob stands pat
      Then Bob acts first on buy street
      And Bob may check or bet 1.00

    @BUY-01 @ruleset:english-stud-one-bought-card
    Scenario: A hidden card thrown away is replaced face down too, and the board does not change
      Given a game of "english-stud-one-bought-card" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh | buy exchange |
        | Ann    | [As Kd] 2c | 9s     | 4h    | 7d    | [3c]    |              |
        | Bob    | [Qs Jd] 9h | Kh     | 5c    | 8d    | [Js]    | Kc           |
      When everyone checks or calls until the exchange
      And the players act: Ann stands pat and Bob exchanges Jd
      Then Bob has Qs Kc Js down and 9h Kh 5c 8d up
      And Bob acts first on buy street

    @BUY-01 @BUY-02 @HILO-07 @ruleset:english-stud-one-bought-card-8
    Scenario: Hi-lo: Ann buys a six for her low and splits the pot with Bob's kings
      Given a game of "english-stud-one-bought-card-8" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh | buy exchange |
        | Ann    | [As Kd] 2c | 9s     | 4h    | 7d    | [3c]    | 6s           |
        | Bob    | [Qs Jd] 9h | Kh     | 5c    | Kc    | [Js]    |              |
      When everyone checks or calls until the exchange
      And the players act: Ann exchanges 9s and Bob stands pat
      And everyone checks or calls until the showdown
      Then Ann shows "six-four low" for low
      And Bob shows "two pair, kings and jacks" for high
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 0.65   | high  |
        | Ann    | 0.65   | low   |
