@ruleset:seven-card-stud @all-in
Feature: All-in players and side pots
  A player who cannot match a bet may put in everything they have.  They can win only as
  much from each other player as they put in themselves; the rest forms a side pot among
  the others.  An all-in raise of less than half a bet does not reopen the betting for
  players who have already acted.  In the same way, a forced player who completes all in
  for less than half the small bet has not completed: the next player may call that much
  or make the full completion; with half the small bet or more it counts as the completion,
  and the next raise goes a full bet above it.

  Background:
    Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00

  Rule: An all-in player contests only the main pot; the extra bets of the others make a side pot

    @SHOW-07
    Scenario: A short stack all in on third street wins the main pot, the side pot goes to the best of the rest
      Given the players:
        | seat | name  | stack |
        | 2    | Ann   | 20    |
        | 4    | Bob   | 20    |
        | 9    | Carol | 0.35  |
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [9c 8d] 2c | 3d     | 6h    | Jd    | [Qs]    |
        | Bob    | [Ks Kh] 4c | 5d     | 7h    | Td    | [2s]    |
        | Carol  | [Ac Ad] Kc | 4s     | 7d    | 9s    | [Jh]    |
      When the players act: Ann brings in, Bob completes to 0.50 and Carol goes all in
      Then Carol is all in
      And Ann may fold, call 0.40 or raise to 1.00
      And the pots are:
        | pot  | amount | eligible        |
        | main | 0.85   | Ann, Bob, Carol |
        | side | 0.20   | Ann, Bob        |
      When Ann calls
      Then the pots are:
        | pot  | amount | eligible        |
        | main | 1.05   | Ann, Bob, Carol |
        | side | 0.40   | Ann, Bob        |
      When everyone checks or calls until the showdown
      Then Carol shows "pair of aces"
      And the pot is awarded:
        | player | amount |
        | Carol  | 1.05   |
        | Bob    | 0.40   |
      And Carol has 1.05 left

    @SHOW-07
    Scenario: Ann completes instead of bringing in and Carol calls all in for less: she wins the main pot, Bob the side pot
      Given the players:
        | seat | name  | stack |
        | 2    | Ann   | 20    |
        | 4    | Bob   | 20    |
        | 9    | Carol | 0.35  |
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [9c 8d] 2c | 3d     | 6h    | Jd    | [Qs]    |
        | Bob    | [Ks Kh] 4c | 5d     | 7h    | Td    | [2s]    |
        | Carol  | [Ac Ad] Kc | 4s     | 7d    | 9s    | [Jh]    |
      When the players act: Ann completes to 0.50, Bob calls and Carol goes all in
      Then Carol is all in
      And the pots are:
        | pot  | amount | eligible        |
        | main | 1.05   | Ann, Bob, Carol |
        | side | 0.40   | Ann, Bob        |
      When everyone checks until the showdown
      Then the pot is awarded:
        | player | amount |
        | Carol  | 1.05   |
        | Bob    | 0.40   |

  Rule: An all-in raise of less than half a bet does not reopen the betting; half a bet or more does

    Scenario: A short all-in raise lets the earlier players only call or fold
      Given the players:
        | seat | name  | stack |
        | 3    | Ann   | 20    |
        | 6    | Bob   | 20    |
        | 8    | Carol | 1.55  |
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [Qc Jd] 9c | 9d     | 5h    |
        | Bob    | [Ks Kh] 2c | 4d     | 7h    |
        | Carol  | [Ac Ad] 8c | 3s     | Ts    |
      When everyone checks or calls until fifth street
      Then Ann may check or bet 1.00
      When the players act: Ann bets 1.00, Bob calls and Carol goes all in
      Then Carol is all in
      And Ann may fold or call 0.40

    Scenario: An all-in raise of at least half a bet reopens the betting
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 20    |
        | 2    | Bob   | 20    |
        | 3    | Carol | 1.75  |
      And the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [Qc Jd] 9c | 9d     | 5h    |
        | Bob    | [Ks Kh] 2c | 4d     | 7h    |
        | Carol  | [Ac Ad] 8c | 3s     | Ts    |
      When everyone checks or calls until fifth street
      And the players act: Ann bets 1.00, Bob calls and Carol goes all in
      Then Ann may fold, call 0.60 or raise to 2.60

    @CAP-01
    Scenario: An all-in raise of at least half a bet counts toward the cap
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 20    |
        | 2    | Bob   | 0.97  |
        | 3    | Carol | 20    |
        | 4    | Dan   | 20    |
      And Ann deals
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [8d 6s] Kc |
        | Bob    | [Kh 8c] 7c |
        | Carol  | [4h 5h] 7h |
        | Dan    | [Qc 2h] 6h |
      When the players act: Dan brings in, Ann completes to 0.50 and Bob raises to 0.92
      Then Bob is all in
      When the players act: Carol raises to 1.42, Dan folds and Ann raises to 1.92
      Then Carol may fold or call 0.50

  Rule: A bring-in completed all in for less than half the small bet is not a completion; half or more is

    @BRING-04 @BRING-08
    Scenario: Ann completes all in to 0.20: Bob may still complete the bet to 0.50
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 0.25  |
        | 4    | Bob   | 20    |
        | 5    | Carol | 20    |
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
      Then Ann may bring in 0.10 or complete to 0.20
      When Ann completes to 0.20
      Then Ann is all in
      And Bob may fold, call 0.20 or complete to 0.50
      When Bob completes to 0.50
      Then Carol may fold, call 0.50 or raise to 1.00

    @BRING-04 @BRING-09
    Scenario: Bob completes all in to 0.20 and Carol calls: the bring-in may still complete to 0.50
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 20    |
        | 2    | Bob   | 0.25  |
        | 3    | Carol | 20    |
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
      When the players act: Ann brings in, Bob completes to 0.20 and Carol calls
      Then Ann may fold, call 0.10 or complete to 0.50
      When Ann completes to 0.50
      Then Carol may fold, call 0.30 or raise to 1.00

    @BRING-04 @BRING-09
    Scenario: Carol completes all in to 0.20 after Bob called the bring-in: Bob may still complete to 0.50
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 20    |
        | 2    | Bob   | 20    |
        | 3    | Carol | 0.25  |
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
      When the players act: Ann brings in, Bob calls, Carol completes to 0.20 and Ann calls
      Then Bob may fold, call 0.10 or complete to 0.50
      When Bob completes to 0.50
      Then Ann may fold, call 0.30 or raise to 1.00

    @BRING-04 @BRING-08
    Scenario: Ann completes all in to 0.35: that counts as the completion, so Bob may call or raise a full bet on top
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 0.40  |
        | 2    | Bob   | 20    |
        | 3    | Carol | 20    |
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
      When Ann goes all in
      Then Bob may fold, call 0.35 or raise to 0.85

    @BRING-06 @BRING-08
    Scenario: A bring-in of a full small bet posted all in for less is completed like any short bring-in
      Given a game of "seven-card-stud" with ante 0.10, bring-in 0.50, small bet 0.50 and big bet 1.00
      And the players:
        | seat | name  | stack |
        | 1    | Ann   | 0.40  |
        | 3    | Bob   | 20    |
        | 6    | Carol | 20    |
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
      Then Ann may bring in 0.30
      When Ann brings in
      Then Ann is all in
      And Bob may fold, call 0.30 or complete to 0.50
      When Bob completes to 0.50
      Then Carol may fold, call 0.50 or raise to 1.00

  Rule: A player all in is not asked to act again; the others go on betting around them (beyond the sources: Robert's Rules of Poker)

    @beyond-sources
    Scenario: Carol is all in on third street, so fourth street is played by Ann and Bob alone
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 20    |
        | 2    | Bob   | 20    |
        | 3    | Carol | 0.35  |
      And the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [9c 8d] 2c | 3d     | 6h    |
        | Bob    | [Ks Kh] 4c | 5d     | 7h    |
        | Carol  | [Ac Ad] Kc | 4s     | 7d    |
      When the players act: Ann brings in, Bob completes to 0.50, Carol goes all in and Ann calls
      Then it is Ann's turn on fourth street
      When the players act: Ann bets 0.50 and Bob calls
      Then it is Ann's turn on fifth street

  Rule: When the best board belongs to a player who is all in, the first player on that player's left who can still bet opens the round (beyond the sources: Robert's Rules of Poker)

    @beyond-sources @ROUND-03
    Scenario: Carol is all in with the best board, so Dan on her left opens fourth street, not Ann with the next best board
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 20    |
        | 2    | Bob   | 20    |
        | 3    | Carol | 0.15  |
        | 4    | Dan   | 20    |
      And Dan deals
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [4s 5s] Kc | Qd     |
        | Bob    | [Js Jh] 2c | 3d     |
        | Carol  | [Tc Th] 9d | As     |
        | Dan    | [6c 6d] 7h | 8h     |
      When the players act: Bob brings in, Carol goes all in, Dan calls and Ann calls
      Then Carol is all in
      And it is Dan's turn on fourth street
      And Dan may bet 0.50 or check
      When the players act: Dan checks and Ann bets 0.50
      Then it is Bob's turn

  Rule: A player who folds leaves their chips in every pot they reached (beyond the sources: Robert's Rules of Poker)

    @beyond-sources
    Scenario: Bob folds on fourth street: his chips stay in the main pot and the side pot
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 20    |
        | 2    | Bob   | 20    |
        | 3    | Carol | 0.35  |
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [9c 8d] 2c | 3d     | 6h    | Jd    | [Qs]    |
        | Bob    | [Ks Kh] 4c | 5d     |       |       |         |
        | Carol  | [Ac Ad] Kc | 4s     | 7d    | 9s    | [Jh]    |
      When the players act: Ann brings in, Bob completes to 0.50, Carol goes all in and Ann calls
      And the players act: Ann bets 0.50 and Bob folds
      Then the pots are:
        | pot  | amount | eligible   |
        | main | 1.05   | Ann, Carol |
        | side | 0.40   | Ann        |
      And the pot is awarded:
        | player | amount |
        | Carol  | 1.05   |
        | Ann    | 0.40   |

    @beyond-sources
    Scenario: Bob folds a called bet: the side pot he paid into is the others' alone
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 20    |
        | 2    | Bob   | 20    |
        | 3    | Carol | 0.35  |
        | 4    | Dan   | 20    |
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [9c 8d] 2c | 3d     |
        | Bob    | [Ks Kh] 4c | 5d     |
        | Carol  | [Ac Ad] Kc | 4s     |
        | Dan    | [Qc Qd] Js | 6s     |
      When the players act: Ann brings in, Bob completes to 0.50, Carol goes all in, Dan calls and Ann calls
      And the players act: Dan bets 0.50, Ann calls and Bob folds
      Then the pots are:
        | pot  | amount | eligible           |
        | main | 1.40   | Ann, Carol and Dan |
        | side | 1.60   | Ann and Dan        |

    @beyond-sources
    Scenario: Ann folds: what Bob put in above Carol's all-in comes back to him at once
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 20    |
        | 2    | Bob   | 20    |
        | 3    | Carol | 0.35  |
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [9c 8d] 2c |
        | Bob    | [Ks Kh] 4c |
        | Carol  | [Ac Ad] Kc |
      When the players act: Ann brings in, Bob completes to 0.50, Carol goes all in and Ann folds
      Then the pots are:
        | pot  | amount | eligible       |
        | main | 0.85   | Bob and Carol  |
      And Bob has 19.65 left

  Rule: Every all-in amount closes a pot: two short stacks all in for different amounts make two side pots (beyond the sources: Robert's Rules of Poker)

    @beyond-sources
    Scenario: Carol all in for 0.30 and Dan for 0.50 on third street: a main pot and two side pots
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 20    |
        | 2    | Bob   | 20    |
        | 3    | Carol | 0.35  |
        | 4    | Dan   | 0.55  |
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [9c 8d] 2c | 3d     |
        | Bob    | [Ks Kh] 4c | 5d     |
        | Carol  | [Ac Ad] Kc | 4s     |
        | Dan    | [Qc Qd] Js | 6s     |
      When the players act: Ann brings in, Bob completes to 0.50, Carol goes all in, Dan goes all in and Ann calls
      And the players act: Ann bets 0.50 and Bob calls
      Then the pots are:
        | pot  | amount | eligible             |
        | main | 1.40   | Ann, Bob, Carol, Dan |
        | side | 0.60   | Ann, Bob, Dan        |
        | side | 1.00   | Ann, Bob             |

  Rule: Nobody may raise when no opponent could put in another chip to answer it, but one chip left to answer is enough (beyond the sources: Robert's Rules of Poker)

    @beyond-sources
    Scenario: Bob completes all in and Ann cannot even match the completion, so Carol may only call or fold
      Given the players:
        | seat | name  | stack |
        | 1    | Ann   | 0.35  |
        | 2    | Bob   | 0.55  |
        | 3    | Carol | 10    |
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qh Ks] 9c |
        | Carol  | [Kh Jh] 8c |
      When the players act: Ann brings in and Bob completes to 0.50
      Then Bob is all in
      And Carol may fold or call 0.50
      When Carol tries to raise to 1.00
      Then the action is refused

    @beyond-sources
    Scenario: Ann brings in with one more bring-in behind, so Bob may still complete: Ann can answer
      Given the players:
        | seat | name | stack |
        | 1    | Ann  | 0.25  |
        | 2    | Bob  | 10    |
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qh Ks] 9c |
      When Ann brings in
      Then Bob may fold, call 0.10 or complete to 0.50
      When Bob completes to 0.50
      Then Ann may fold or call 0.10
