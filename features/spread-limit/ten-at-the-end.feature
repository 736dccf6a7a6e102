@ruleset:spread-limit-stud-ten-end
Feature: Spread limit with a higher top on later streets
  "$1 to $5 with $10 at the end": the spread is $1-$5 early and $1-$10 on the later
  betting rounds.

  Rule: The top of the spread rises on the later streets

    @SPREAD-02
    Scenario: Fourth street is bet $1-$5 and fifth street $1-$10
      Given a game of "spread-limit-stud-ten-end" with ante 0.25, bring-in 0.25, small bet 1 and big bet 1
      And Ann, Bob and Carol sit down with 100 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [As Kd] 2c | 3h     | 5s    |
        | Bob    | [Qs Jd] 9h | Kh     | 8c    |
        | Carol  | [7s 6d] Jc | 4d     | 6h    |
      When everyone calls until fourth street
      Then Bob may check or bet between 1 and 5
      When everyone calls until fifth street
      Then Bob may check or bet between 1 and 10
