@ruleset:seven-card-stud
Feature: Table, pack and stakes
  Two to eight players use one 52-card pack; the stakes name a small and a big bet, with
  the big bet normally twice the small and the ante about a tenth of the big bet.

  Rule: Two to eight players may sit in; a ruleset may allow a ninth

    @SETUP-01
    Scenario: Two players are enough for a hand
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 10 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Qs Qd] 2h |
      Then Bob may bring in 0.10 or complete to 0.50
      And the pot is 0.10

    @SETUP-01 @alternative
    Scenario: A house allowing nine players deals them all in
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And house rules:
        | seats.max | 9 |
      And Ann, Bob, Carol, Dan, Eve, Fay, Gus, Hal and Ivy sit down with 10 each
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Qs Qd] 8h |
        | Carol  | [Js Jd] 7h |
        | Dan    | [Ts Td] 6h |
        | Eve    | [9s 9d] 5h |
        | Fay    | [8s 8d] 4h |
        | Gus    | [7s 7d] 3h |
        | Hal    | [6s 6d] 2h |
        | Ivy    | [5s 5d] Kh |
      Then Hal may bring in 0.10 or complete to 0.50
      And Ivy has 5s 5d down and Kh up
      And the pot is 0.45

  Rule: Stakes are a small bet, a big bet of about twice that, and an ante near a tenth of the big bet

    @SETUP-03 @BRING-05 @example
    Scenario Outline: The guide's example stakes: big <big>, small <small>, ante <ante>
      Given a game of "seven-card-stud" with ante <ante>, bring-in <ante>, small bet <small> and big bet <big>
      And Ann, Bob and Carol sit down with 100 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [As Kd] 2c | 7d     | 5c    |
        | Bob    | [Qs Qd] 9h | Kh     | 8c    |
        | Carol  | [7s 6d] Jc | 3h     | 4d    |
      Then Ann may bring in <ante> or complete to <small>
      And the pot is <antes>
      When everyone calls until fifth street
      Then Bob may check or bet <big>

      Examples:
        | big  | small | ante | antes |
        | 4    | 2     | 0.50 | 1.50  |
        | 1    | 0.50  | 0.10 | 0.30  |
        | 0.50 | 0.25  | 0.05 | 0.15  |
