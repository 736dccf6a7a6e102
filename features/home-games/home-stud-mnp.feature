@ruleset:home-stud-mnp
Feature: Home stud, Monday-night style
  A weekly home game plays seven-card stud with antes only, no burns, and its own pot
  limit counted in antes: a bet is at least one ante and at most the pot; a raise goes to at
  least twice the bet and at most the pot (this round's bets in) plus the bet, the call not
  counted.  The best board opens every round, equal boards by position.

  Background:
    Given a game of "home-stud-mnp"
    And Ann, Bob and Cat sit down with 20 each

  Rule: A bet is from one ante up to the pot; a raise to at least double, at most the pot plus the bet

    @MNP-01 @MNP-02
    Scenario: Bob's king opens; Cat may raise Bob's bet of 0.50 to between 1.00 and 1.75
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9h |
        | Bob    | [Qs Jd] Kc |
        | Cat    | [7s 6d] 5d |
      Then the pot is 0.75
      And Bob may check or bet between 0.25 and 0.75
      When Bob bets 0.50
      Then Cat may fold, call 0.50 or raise to between 1.00 and 1.75
      When Cat raises to 1.75
      Then Ann may fold, call 1.75 or raise to between 3.50 and 4.75

    @MNP-01 @POT-02 @alternative
    Scenario: With the usual pot limit the call counts: Cat may raise to 2.25
      Given a game of "home-stud-mnp" with house rules:
        | betting.pot_ceiling | pot-after-call |
        | betting.min_raise   | last-increment |
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9h |
        | Bob    | [Qs Jd] Kc |
        | Cat    | [7s 6d] 5d |
      When Bob bets 0.50
      Then Cat may fold, call 0.50 or raise to between 1.00 and 2.25

    @MNP-02
    Scenario: A raise must at least double the bet, and amounts come in whole antes
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9h |
        | Bob    | [Qs Jd] Kc |
        | Cat    | [7s 6d] 5d |
      When Bob bets 0.75
      And Cat tries to raise to 1.25
      Then the action is refused
      When Cat tries to raise to 1.60
      Then the action is refused
      And Cat may fold, call 0.75 or raise to between 1.50 and 2.25

  Rule: No bring-in and no burns: the best board opens every round, equal boards by position

    @MNP-03 @BRING-12
    Scenario: Equal kings showing: the first of them from the dealer's left opens and may check
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Qd] Kh |
        | Bob    | [Qs Jd] 9c |
        | Cat    | [7s 6d] Ks |
      Then Ann may check or bet between 0.25 and 0.75

    @MNP-03
    Scenario: No card is burned: fourth street comes straight off the stub
      Given the cards come off the deck in this order: As Ks Qs Ad Kd Qd Ac Kc Qc 2c 2d 2h
      Then Ann has As Ad down and Ac up
      When everyone checks or calls until fourth street
      Then Ann has As Ad down and Ac 2c up
      And Cat has Qs Qd down and Qc 2h up
