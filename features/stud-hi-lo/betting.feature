@ruleset:stud-hi-lo
Feature: Betting in stud hi-lo
  Stud hi-lo is dealt and bet like seven-card stud, except that a pair showing on fourth
  street gives no option to bet big.

  Rule: The completion is the bet, so a third-street round goes up to four small bets at most

    @BRING-11 @CAP-01 @CAP-03 @example
    Scenario: 10/20 hi-lo: after a completion to 10 the next raise is exactly to 20 and the cap is 40
      Given a game of "stud-hi-lo" with ante 2, bring-in 2, small bet 10 and big bet 20
      And Ann, Bob, Carol, Dan and Eve sit down with 500 each
      And Dan deals
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Jd] 9h |
        | Carol  | [7s 6d] Jc |
        | Dan    | [5s 4d] 8h |
        | Eve    | [Ts Td] Kh |
      When the players act: Ann brings in, Bob calls and Carol completes to 10
      Then Dan may fold, call 10 or raise to 20
      When Dan tries to raise to 30
      Then the action is refused
      When the players act: Dan raises to 20, Eve raises to 30 and Ann raises to 40
      Then Bob may fold or call 38
      And the pot is 112

  Rule: A pair showing on fourth street does not allow a big bet

    @LIMIT-06 @LIMIT-01
    Scenario: The open pair on fourth street is bet with small bets only
      Given a game of "stud-hi-lo" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [As Kd] 2c | 8s     | 3h    |
        | Bob    | [Qs Jd] 9h | 9d     | 4c    |
        | Carol  | [7s 6d] Jc | 3d     | 5h    |
      When everyone calls until fourth street
      Then Bob may check or bet 0.50
      When Bob bets 0.50
      Then Carol may fold, call 0.50 or raise to 1.00
      When everyone calls until fifth street
      Then Bob may check or bet 1.00
