Feature: Blinds
  Some home games replace the antes and the bring-in with two blinds: before any card is
  dealt, the first player left of the dealer puts in a small blind and the next player a
  big blind.  The blinds are live bets of the first round, which the player left of the big
  blind opens; later rounds are opened as each street says (the first player still in on
  the dealer's left in the Dr. Pepper family, the best board in Mississippi stud).

  Rule: The two players left of the dealer post the blinds before the deal, and the next player opens

    @BLIND-01 @BLIND-03 @ruleset:dr-pepper
    Scenario: Ann posts the small blind, Bob the big one, and Cat opens the first round
      Given a game of "dr-pepper" with blinds 0.25 and 0.50, small bet 0.50 and big bet 1.00
      And Ann, Bob, Cat and Dan sit down with 20 each
      And Dan deals
      Then Ann posts the small blind of 0.25
      And Bob posts the big blind of 0.50
      And the pot is 0.75
      And it is Cat's turn on third street
      And Cat may fold, call 0.50 or raise to 1.00
      And Ann has 19.75 left

    @BLIND-01 @ruleset:dr-pepper
    Scenario: The blinds follow the button: with Ann dealing, Bob and Cat post them
      Given a game of "dr-pepper" with blinds 0.25 and 0.50, small bet 0.50 and big bet 1.00
      And Ann, Bob, Cat and Dan sit down with 20 each
      And Ann deals
      Then Bob posts the small blind of 0.25
      And Cat posts the big blind of 0.50
      And it is Dan's turn on third street

  Rule: The blinds are live: when everyone only calls, the big blind may still raise

    @BLIND-02 @ruleset:dr-pepper
    Scenario: Everyone calls the big blind, and Bob may check or raise
      Given a game of "dr-pepper" with blinds 0.25 and 0.50, small bet 0.50 and big bet 1.00
      And Ann, Bob, Cat and Dan sit down with 20 each
      When the players act: Cat calls, Dan calls and Ann calls
      Then Bob may check or raise to 1.00
      When Bob raises to 1.00
      Then Cat may fold, call 0.50 or raise to 1.50
      And the pot is 2.50

    @BLIND-02 @ruleset:dr-pepper
    Scenario: Everyone folds to the big blind, who takes the small blind
      Given a game of "dr-pepper" with blinds 0.25 and 0.50, small bet 0.50 and big bet 1.00
      And Ann, Bob, Cat and Dan sit down with 20 each
      When the players act: Cat folds, Dan folds and Ann folds
      Then the hand is over
      And Bob wins the pot of 0.50
      And Bob has 20.25 left
      And Ann has 19.75 left

  Rule: Later rounds follow each street's own opener

    @BLIND-03 @ROUND-03 @ruleset:mississippi-stud
    Scenario: In Mississippi stud the best board opens the second round, whoever posted the blinds
      Given a game of "mississippi-stud" with blinds 1 and 2, small bet 2 and big bet 2
      And Ann, Bob and Cat sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fifth |
        | Ann    | [As Kd] 9h | 4c 7d |
        | Bob    | [Qs Jd] 2h | 5h 2c |
        | Cat    | [7s 6d] Kc | 3d Td |
      Then Ann posts the small blind of 1
      And Bob posts the big blind of 2
      And Cat may fold, call 2 or raise to between 4 and 7
      When everyone checks or calls until fifth street
      Then Bob acts first on fifth street
      And Bob may check or bet between 2 and 6

    @BLIND-03 @ruleset:dr-pepper
    Scenario: In Dr. Pepper the first player still in on the dealer's left opens every later round
      Given a game of "dr-pepper" with blinds 0.25 and 0.50, small bet 0.50 and big bet 1.00
      And Ann, Bob, Cat and Dan sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 9h |        |
        | Bob    | [Qs Jd] 3h | 5h     |
        | Cat    | [7s 6d] Kc | Ac     |
        | Dan    | [8s 8d] Jc | 9c     |
      When the players act: Cat calls, Dan calls, Ann folds and Bob checks
      Then Bob acts first on fourth street
      And Bob may check or bet 0.50

  Rule: Heads-up the dealer posts the small blind and acts first on the blinds' round (a house may reverse it)

    @BLIND-04 @ruleset:dr-pepper
    Scenario: Heads-up, Bob deals and posts the small blind; he acts first, Ann after him on later rounds
      Given a game of "dr-pepper" with blinds 0.25 and 0.50, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      Then Bob posts the small blind of 0.25
      And Ann posts the big blind of 0.50
      And Bob may fold, call 0.25 or raise to 1.00
      When the players act: Bob calls and Ann checks
      Then Ann acts first on fourth street

    @BLIND-04 @alternative @ruleset:dr-pepper
    Scenario: With the other convention the player left of the dealer posts the small blind heads-up
      Given a game of "dr-pepper" with house rules:
        | blinds.heads_up | dealer-big |
      And Ann and Bob sit down with 20 each
      And Bob deals
      Then Ann posts the small blind of 0.25
      And Bob posts the big blind of 0.50
      And Ann may fold, call 0.25 or raise to 1.00

  Rule: A big blind short of the round's bet is called or completed; a blind a stack cannot cover goes in all in

    @BLIND-05 @ruleset:dr-pepper
    Scenario: A big blind of 0.25 in a 0.50 game may be called or completed to the bet
      Given a game of "dr-pepper" with blinds 0.10 and 0.25, small bet 0.50 and big bet 1.00
      And Ann, Bob and Cat sit down with 20 each
      Then Cat may fold, call 0.25 or complete to 0.50
      When Cat completes to 0.50
      Then Ann may fold, call 0.40 or raise to 1.00

    @BLIND-05 @all-in @ruleset:dr-pepper
    Scenario: Bob has only 0.30 and is all in on his big blind; Cat must still call the full big blind
      Given a game of "dr-pepper" with blinds 0.25 and 0.50, small bet 0.50 and big bet 1.00
      And the players are:
        | seat | name | stack |
        | 1    | Ann  | 20    |
        | 2    | Bob  | 0.30  |
        | 3    | Cat  | 20    |
      Then Bob posts the big blind of 0.30
      And Bob is all in
      And Cat may fold, call 0.50 or raise to 1.00
