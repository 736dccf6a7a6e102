@ruleset:seven-card-stud
Feature: Running out of cards
  Eight players and four burns need sixty cards, more than the pack holds.  When the
  stub cannot give every live player a river card, the burned cards are used again, and
  if that is still not enough a single community card goes face up in the centre as
  everyone's seventh card.  Folded cards are dead and never dealt again.  In these deals
  the four deuces are the only cards the table does not name, so the river must come
  from them.

  Rule: A full hand of eight players with burns cannot be dealt from 52 cards

    @DEAL-09 @DEAL-11 @SETUP-02
    Scenario: Eight players on the river share one community card from the last cards left
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob, Carol, Dan, Eve, Fay, Gus and Hal sit down with 20 each
      And Eve deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth |
        | Ann    | [Jc Jd] 3c | 4c     | 5c    | 6c    |
        | Bob    | [Jh Js] 4d | 5d     | 6d    | 7c    |
        | Carol  | [Qc Qd] 5h | 6h     | 7d    | 8c    |
        | Dan    | [Qh Qs] 6s | 7h     | 8d    | 9c    |
        | Eve    | [Kc Kd] 7s | 8h     | 9d    | Tc    |
        | Fay    | [Kh Ks] 8s | 9h     | Td    | 3d    |
        | Gus    | [Ac Ad] 9s | Th     | 3h    | 4h    |
        | Hal    | [Ah As] Ts | 3s     | 4s    | 5s    |
      When everyone calls until seventh street
      Then the seventh street cards come from 2c 2d 2h 2s
      And Ann has Jc Jd down and 3c 4c 5c 6c up

    @DEAL-10
    Scenario: With a community card, the best five-card board leads the river, straights not counted
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob, Carol, Dan, Eve, Fay, Gus and Hal sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth |
        | Ann    | [Jc Jd] 3c | 4c     | 5c    | 6c    |
        | Bob    | [Jh Js] 4d | 5d     | 6d    | 7c    |
        | Carol  | [Qc Qd] 5h | 6h     | 7d    | 8c    |
        | Dan    | [Qh Qs] 6s | 7h     | 8d    | 9c    |
        | Eve    | [Kc Kd] 7s | 8h     | 9d    | Tc    |
        | Fay    | [Kh Ks] 8s | 9h     | Td    | 3d    |
        | Gus    | [Ac Ad] 9s | Th     | 3h    | 4h    |
        | Hal    | [Ah As] Ts | 3s     | 4s    | 5s    |
      When everyone calls until sixth street
      Then Eve acts first on sixth street
      When everyone calls until seventh street
      Then Eve may check or bet 1.00

    @DEAL-10
    Scenario: The community card pairs Fay's deuce, so her board leads the river
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob, Carol, Dan, Eve, Fay, Gus and Hal sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth |
        | Ann    | [Jc Jd] 3c | 4c     | 5c    | 6c    |
        | Bob    | [Jh Js] 4d | 5d     | 6d    | 7c    |
        | Carol  | [Qc Qd] 5h | 6h     | 7d    | 8c    |
        | Dan    | [Qh Qs] 6s | 7h     | 8d    | 9c    |
        | Eve    | [Kc Kd] 7s | 8h     | 9d    | Tc    |
        | Fay    | [Kh Ks] 8s | 9h     | Td    | 2d    |
        | Gus    | [Ac Ad] 9s | Th     | 3h    | 4h    |
        | Hal    | [Ah As] Ts | 3s     | 4s    | 5s    |
      When everyone calls until seventh street
      Then the community card is 2c
      And Fay may check or bet 1.00

    @DEAL-06 @DEAL-09 @alternative
    Scenario: Without burns eight players still run short and share a community card
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And house rules:
        | dealing.burn | false |
      And Ann, Bob, Carol, Dan, Eve, Fay, Gus and Hal sit down with 20 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth |
        | Ann    | [Jc Jd] 3c | 4c     | 5c    | 6c    |
        | Bob    | [Jh Js] 4d | 5d     | 6d    | 7c    |
        | Carol  | [Qc Qd] 5h | 6h     | 7d    | 8c    |
        | Dan    | [Qh Qs] 6s | 7h     | 8d    | 9c    |
        | Eve    | [Kc Kd] 7s | 8h     | 9d    | Tc    |
        | Fay    | [Kh Ks] 8s | 9h     | Td    | 3d    |
        | Gus    | [Ac Ad] 9s | Th     | 3h    | 4h    |
        | Hal    | [Ah As] Ts | 3s     | 4s    | 5s    |
      When everyone calls until seventh street
      Then the seventh street cards come from 2c 2d 2h 2s
      And Eve may check or bet 1.00

    @DEAL-09 @DEAL-10 @alternative
    Scenario: The community card named in the deal pairs three boards, and the best of them leads the river
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And house rules:
        | dealing.burn | false |
      And Ann, Bob, Carol, Dan, Eve, Fay, Gus and Hal sit down with 20 each
      And the cards are dealt as follows:
        | player    | third      | fourth | fifth | sixth | seventh |
        | Ann       | [Jc Jd] 3c | 4c     | 5c    | 2d    |         |
        | Bob       | [Jh Js] 4d | 5d     | 6d    | 7c    |         |
        | Carol     | [Qc Qd] 5h | 6h     | 7d    | 8c    |         |
        | Dan       | [Qh Qs] 6s | 7h     | 8d    | 9c    |         |
        | Eve       | [Kc Kd] 7s | 8h     | 9d    | Tc    |         |
        | Fay       | [Kh Ks] 8s | 9h     | Td    | 3d    |         |
        | Gus       | [Ac Ad] 9s | Th     | 3h    | 4h    |         |
        | Hal       | [Ah As] Ts | 3s     | 4s    | 5s    |         |
        | community |            |        |       |       | 6c      |
      When everyone calls until seventh street
      Then the community card is 6c
      And Ann has Jc Jd down and 3c 4c 5c 2d up
      And Dan may check or bet 1.00

  Rule: When the stub runs short the burned cards are dealt again; folded cards never are

    @DEAL-08 @DEAL-11
    Scenario: Seven players with burns run short on the river and the burns are used again
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob, Carol, Dan, Eve, Fay and Gus sit down with 20 each
      And Dan deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth |
        | Ann    | [Jc Jd] 3c | 4c     | 5c    | 6c    |
        | Bob    | [Jh Js] 4d | 5d     | 6d    | 7c    |
        | Carol  | [Qc Qd] 5h | 6h     | 7d    | 8c    |
        | Dan    | [Qh Qs] 6s | 7h     | 8d    | 9c    |
        | Eve    | [Kc Kd] 7s | 8h     | 9d    | Tc    |
        | Fay    | [Kh Ks] 8s | 9h     | Td    | 3d    |
        | Gus    | [Ac Ad] 9s | Th     | 3h    | 4h    |
      When everyone calls until seventh street
      Then the seventh street cards come from 2c 2d 2h 2s Ah As Ts 3s 4s 5s
      And no community card is dealt

    @DEAL-07 @DEAL-08
    Scenario: The cards of a folded hand are not dealt again when the stub runs short
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob, Carol, Dan, Eve, Fay, Gus and Hal sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth |
        | Ann    | [Jc Jd] 3c | 4c     | 5c    | 6c    |
        | Bob    | [Jh Js] 4d | 5d     | 6d    | 7c    |
        | Carol  | [Qc Qd] 5h | 6h     | 7d    | 8c    |
        | Dan    | [Qh Qs] 6s | 7h     | 8d    | 9c    |
        | Eve    | [Kc Kd] 7s | 8h     | 9d    | Tc    |
        | Fay    | [Kh Ks] 8s | 9h     | Td    | 3d    |
        | Gus    | [Ac Ad] 9s | Th     | 3h    | 4h    |
        | Hal    | [Ah As] Ts |        |       |       |
      When the players act: Ann brings in, Bob calls, Carol calls, Dan calls, Eve calls, Fay calls
      And the players act: Gus calls and Hal folds
      And everyone calls until seventh street
      Then the seventh street cards come from 2c 2d 2h 2s 3s 4s 5s

    @DEAL-07 @DEAL-09
    Scenario: Hal folds on fourth street; his dead cards are not dealt again, so the river is a community card
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob, Carol, Dan, Eve, Fay, Gus and Hal sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth |
        | Ann    | [Jc Jd] 3c | 4c     | 5c    | 6c    |
        | Bob    | [Jh Js] 4d | 5d     | 6d    | 7c    |
        | Carol  | [Qc Qd] 5h | 6h     | 7d    | 8c    |
        | Dan    | [Qh Qs] 6s | 7h     | 8d    | 9c    |
        | Eve    | [Kc Kd] 7s | 8h     | 9d    | Tc    |
        | Fay    | [Kh Ks] 8s | 9h     | Td    | 3d    |
        | Gus    | [Ac Ad] 9s | Th     | 3h    | 4h    |
        | Hal    | [Ah As] Ts | 3s     |       |       |
      When everyone calls until fourth street
      And the players act: Gus bets 0.50 and Hal folds
      And everyone calls until seventh street
      # the deuces are the four burns; 4s and 5s are left, and with the burns that makes
      # six cards for seven players (Hal's four dead cards stay out), so 4s goes face up
      Then the community card is 4s

  Rule: The dealer keeps one card back for a shared river: a street that would leave none is dealt as a community card too (beyond the sources: our reading of DEAL-09)

    @DEAL-09 @beyond-sources
    Scenario: Nine players, one folds: sixth street and the river are both community cards
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And house rules:
        | seats.max | 9 |
      And Ann, Bob, Carol, Dan, Eve, Fay, Gus, Hal and Ivy sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [Jc Jd] 3c | 4c     | 5c    |
        | Bob    | [Jh Js] 4d | 5d     | 6d    |
        | Carol  | [Qc Qd] 5h | 6h     | 7d    |
        | Dan    | [Qh Qs] 6s | 7h     | 8d    |
        | Eve    | [Kc Kd] 7s | 8h     | 9d    |
        | Fay    | [Kh Ks] 8s | 9h     | Td    |
        | Gus    | [Ac Ad] 9s | Th     | 3h    |
        | Hal    | [Ah As] Ts | 3s     | 4s    |
        | Ivy    | [Tc 9c] 2c | 3d     |       |
      When Ivy brings in
      And everyone calls until fourth street
      And the players act: Gus bets 0.50, Hal calls and Ivy folds
      And everyone calls until sixth street
      # eight cards are left for eight players on sixth street, and none would be left for
      # the river: so sixth street is one card face up for everyone, and the river another
      Then the community card is 4h
      When everyone calls until seventh street
      Then the community card is 4h 6c
