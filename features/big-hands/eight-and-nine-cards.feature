Feature: Eight and nine cards a player
  Several stud games deal more than seven cards.  Each player plays the best five of
  everything dealt to them.  A table only seats as many players as the pack can deal to
  the end, burns and run-out rules included.

  Rule: A player may be dealt eight or nine cards and plays the best five of them

    @CARDS-01 @ruleset:eight-card-stud
    Scenario: Eight-card stud: two cards face down at the end; the last one completes Ann's wheel
      Given a game of "eight-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [As Kd] 2c | 9s     | 4h    | 7d    | [3c 5c] |
        | Bob    | [Qs Qd] 9h | Kh     | Kc    | 8d    | [2s 3h] |
      When everyone checks or calls until the showdown
      Then Ann has As Kd 3c 5c down and 2c 9s 4h 7d up
      And Ann shows "five-high straight"
      And Bob shows "two pair, kings and queens"
      And Ann wins the pot of 0.30

    @CARDS-01 @ruleset:nine-card-stud
    Scenario: Nine-card stud: five up and four down; the ninth card completes Ann's wheel
      Given a game of "nine-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh | eighth | ninth |
        | Ann    | [As Kd] 2c | 9s     | 4h    | 5h    | Jh      | [8c]   | [3c]  |
        | Bob    | [Qs Qd] 9h | Kh     | Kc    | 8d    | 6s      | [2s]   | [3h]  |
      When everyone checks or calls until the showdown
      Then Ann has As Kd 8c 3c down and 2c 9s 4h 5h Jh up
      And Ann shows "five-high straight"
      And Bob shows "two pair, kings and queens"
      And Ann wins the pot of 0.30

  Rule: The blind games with eight or nine cards and a wild rank

    @CARDS-01 @BLIND-03 @ruleset:eighty-eight
    Scenario: Eighty Eight: a round on two hole cards, four up, two down; an eight makes three kings
      Given a game of "eighty-eight"
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth | sixth | seventh | eighth |
        | Ann    | [8s Kd] | Kh    | 2c     | 9s    | 3d    | [7h]    | [Jc]   |
        | Bob    | [As Ad] | Qs    | Qh     | 4d    | 7c    | [5s]    | [Ts]   |
      When everyone checks or calls until the showdown
      Then Ann shows "three of a kind, kings"
      And Bob shows "two pair, aces and queens"
      And Ann wins the pot of 1.00

    @CARDS-01 @ruleset:ninety-nine
    Scenario: Ninety Nine: nine cards, the last three down; a nine dealt last makes a full house
      Given a game of "ninety-nine"
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth | sixth | seventh | eighth | ninth |
        | Ann    | [2s Kd] | Kh    | 2c     | 8s    | 3d    | [7h]    | [Jc]   | [9c]  |
        | Bob    | [As Ad] | Qs    | Qh     | 4d    | 7c    | [5s]    | [Ts]   | [6h]  |
      When everyone checks or calls until the showdown
      Then Ann shows "full house, kings over twos"
      And Bob shows "two pair, aces and queens"
      And Ann wins the pot of 1.00

    @CARDS-01 @ruleset:four-forty-four
    Scenario: Four Forty Four: four hole cards, three up, one down; a four makes three kings
      Given a game of "four-forty-four"
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | fourth           | fifth | sixth | seventh | eighth |
        | Ann    | [4s Kd Kh 2c]    | 9s    | 3d    | 7h      | [Jc]   |
        | Bob    | [As Ad Qs Qh]    | 8d    | 7c    | 5s      | [Ts]   |
      When everyone checks or calls until the showdown
      Then Ann shows "three of a kind, kings"
      And Bob shows "two pair, aces and queens"
      And Ann wins the pot of 1.00

    @CARDS-01 @ruleset:four-forty-two
    Scenario: Four Forty Two: the deuces are wild and the fours are not
      Given a game of "four-forty-two"
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | fourth           | fifth | sixth | seventh | eighth |
        | Ann    | [2s Kd Kh 4c]    | 9s    | 3d    | 7h      | [Jc]   |
        | Bob    | [As Ad Qs Qh]    | 8d    | 7c    | 4s      | [Ts]   |
      When everyone checks or calls until the showdown
      Then Ann shows "three of a kind, kings"
      And Bob shows "two pair, aces and queens"
      And Ann wins the pot of 1.00

    @CARDS-01 @ruleset:three-forty-five
    Scenario: Three Forty Five: three hole cards, four up, one down; a five makes three kings
      Given a game of "three-forty-five"
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third         | fourth | fifth | sixth | seventh | eighth |
        | Ann    | [5s Kd Kh]    | 2c     | 9s    | 3d    | 7h      | [Jc]   |
        | Bob    | [As Ad Qs]    | Qh     | 8d    | 7c    | 4s      | [Ts]   |
      When everyone checks or calls until the showdown
      Then Ann shows "three of a kind, kings"
      And Bob shows "two pair, aces and queens"
      And Ann wins the pot of 1.00
