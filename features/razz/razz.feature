@ruleset:razz
Feature: Razz
  Razz is seven-card stud for the lowest hand, ranked ace-to-five: aces are low,
  straights and flushes do not count and pairs are bad.  The highest door card brings
  in, the lowest board acts first from fourth street, and the limit doubles on fifth
  street whatever the boards show.

  Background:
    Given a game of "razz" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
    And the players are:
      | seat | name  | stack |
      | 3    | Ann   | 20    |
      | 5    | Bob   | 20    |
      | 8    | Carol | 20    |
    And Bob deals

  Rule: The highest door card brings in; aces are low, and the higher suit brings in on a tie

    @BRING-13
    Scenario: A king is the highest door card, above an ace
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [2s 3d] As |
        | Bob    | [4c 5s] Kc |
        | Carol  | [6s 7d] Qh |
      Then Bob may bring in 0.10 or complete to 0.50

    @BRING-13
    Scenario: Between two kings the king of spades brings in
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [2s 3d] Kc |
        | Bob    | [4c 5s] Ks |
        | Carol  | [6s 7d] Qh |
      Then Bob may bring in 0.10 or complete to 0.50

  Rule: From fourth street the lowest board acts first: ace-to-five order, pairs bad, ties by the suit of the highest card

    @ROUND-12
    Scenario: The lowest board acts first and a pair showing is bad
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Kc Qd] 5c | Ad     |
        | Bob    | [Jc Td] 2h | 2s     |
        | Carol  | [Js Th] 9d | 3c     |
      When everyone calls until fourth street
      Then Ann acts first on fourth street

    @ROUND-12 @example
    Scenario: Between 6d 2c and 6c 2s the board led by the six of clubs is lower and acts first
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Kc Qd] 6d | 2c     |
        | Bob    | [Jc Td] 6c | 2s     |
        | Carol  | [Js Th] 9d | 8c     |
      When everyone calls until fourth street
      Then Bob acts first on fourth street

    @ROUND-12
    Scenario: An ace showing is the lowest card, so five-ace acts before five-deuce
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Kc Qd] 5d | Ad     |
        | Bob    | [Jc Td] 5c | 2h     |
        | Carol  | [Js Th] 9d | 8c     |
      When everyone calls until fourth street
      Then Ann acts first on fourth street

    @ROUND-12
    Scenario: With the same top card showing the next one decides: 6-2 acts before 6-3
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Kc Qd] 6d | 2h     |
        | Bob    | [Jc Td] 6c | 3h     |
        | Carol  | [Js Th] 9d | 8c     |
      When everyone calls until fourth street
      Then Ann acts first on fourth street

  Rule: Bets are small on third and fourth street and big from fifth, and a pair showing changes nothing

    @RAZZ-02 @LIMIT-06 @LIMIT-01
    Scenario: A pair on fourth street gives no big-bet option; fifth street is bet big
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [Kc Qd] 2c | 3d     | 4h    |
        | Bob    | [Jc Td] 9h | 9s     | 8c    |
        | Carol  | [Js Th] 8d | 6s     | 7s    |
      When everyone calls until fourth street
      Then Ann may check or bet 0.50
      When everyone calls until fifth street
      Then Ann may check or bet 1.00

  Rule: The lowest five-card hand wins; straights and flushes are ignored and aces are low

    @RAZZ-01
    Scenario: The wheel is the best razz hand even though it is a straight
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ac 2d] 3h | 4s     | 5c    | Kd    | [Kh]    |
        | Bob    | [6c 4d] 3c | 2s     | Ah    | Qd    | [Qh]    |
        | Carol  | [7c 7d] Jh | Js     | Ts    | Td    | [9h]    |
      When everyone checks or calls until the showdown
      Then Ann shows "five-four low" with Ac 2d 3h 4s 5c
      And Bob shows "six-four low"
      And Ann wins the pot of 0.45

    @RAZZ-01
    Scenario: Pairs are bad: a pair of queens loses to a king-jack low
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Qc Qd] 3h | Qh     | 4s    | Qs    | [5c]    |
        | Bob    | [Kc Jd] 9h | Kd     | Th    | Jh    | [8d]    |
        | Carol  | [7c 7d] Jc | Js     | Ts    | Td    | [9s]    |
      When everyone checks or calls until the showdown
      Then Ann shows "pair of queens"
      And Bob shows "king-jack low"
      And Carol shows "pair of sevens"
      And Bob wins the pot of 0.45
