@ruleset:seven-card-stud-home
Feature: The home game with antes only
  Without a forced bring-in everyone antes more, the highest door card opens the first
  round and may check, and ties go to the first tied player from the dealer's left; on
  later streets equal boards are settled by suit, as in the casino game.
  From fourth street on, big bets are allowed only while some board shows a pair.

  Background:
    Given a game of "seven-card-stud-home" with house rules:
      | stakes.ante      | 0.25 |
      | stakes.small_bet | 0.50 |
      | stakes.big_bet   | 1.00 |
    And Ann, Bob and Carol sit down with 20 each
    And Bob deals

  Rule: With no bring-in the highest door card opens third street and may check; only small bets then

    @BRING-12
    Scenario: The king opens the first round and may check or bet the small bet
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Qd] 9h |
        | Bob    | [Qs Jd] Kc |
        | Carol  | [7s 6d] 5d |
      Then Bob may check or bet 0.50
      And the pot is 0.75

  Rule: Equal highest door cards go to the first of them clockwise from the dealer, suits aside

    @BRING-12 @ROUND-11
    Scenario: Two kings showing: the one nearer the dealer's left opens, whatever its suit
      Given Ann deals
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Qd] Ks |
        | Bob    | [Qs Jd] 9h |
        | Carol  | [7s 6d] Kc |
      Then Carol may check or bet 0.50

  Rule: Position settles equal door cards on the first round only; from fourth street equal boards go by suit

    @BRING-12 @ROUND-11 @ROUND-06
    Scenario: Kings tie on third street and king-queen boards tie on fourth: position first, then suit
      Given Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Js] Ks | Qh     |
        | Bob    | [Jh Jd] 9h | 2c     |
        | Carol  | [7s 6d] Kc | Qd     |
      Then Carol may check or bet 0.50
      When everyone checks until fourth street
      Then Ann acts first on fourth street
      And Ann may check or bet 0.50

  Rule: From fourth street on, big bets are allowed only while a board shows a pair

    @LIMIT-07
    Scenario: With no pair showing, fifth street is bet with small bets
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [As Qd] Kc | 9d     | 5h    |
        | Bob    | [Qs Jd] 9h | Qh     | 7c    |
        | Carol  | [7s 6d] 5d | 3c     | Jh    |
      When everyone checks or calls until fifth street
      Then Ann may check or bet 0.50

    @LIMIT-07
    Scenario: With a pair showing on fifth street anyone may bet big
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [As Qd] Kc | 9d     | 5h    |
        | Bob    | [Qs Jd] 9h | Qh     | 7c    |
        | Carol  | [7s 6d] 5d | 3c     | 3d    |
      When everyone checks or calls until fifth street
      Then Carol may check, bet 0.50 or bet 1.00
      When Carol checks
      Then Ann may check, bet 0.50 or bet 1.00
