@ruleset:seven-card-stud
Feature: Who acts first, and in what order
  Third street starts with the bring-in; from fourth street on the best exposed board
  starts each round.  Boards count only pairs, two pairs, trips and quads, then high
  cards; equal boards are told apart by the suit of their highest card.

  Background:
    Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
    And Ann, Bob, Carol and Dan sit down with 20 each
    And Carol deals

  Rule: Action moves clockwise, one player at a time, and a round ends when all have acted and the bets are level

    @ROUND-01 @ROUND-02
    Scenario: Each player acts in turn to the left of the one before
      Given the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Qs Qd] 2h |
        | Carol  | [7s 7d] Jc |
        | Dan    | [5s 4d] 8h |
      When Bob brings in
      Then Carol acts next
      When Carol completes to 0.50
      Then Dan acts next
      When Dan calls
      Then Ann acts next
      When Ann calls
      Then it is Bob's turn on third street

    @ROUND-02
    Scenario: Once everyone has acted and put in the same amount the next street starts
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 9c | 3c     |
        | Bob    | [Qs Qd] 2h | 4c     |
        | Carol  | [7s 7d] Jc | Kh     |
        | Dan    | [5s 4d] 8h | 6c     |
      When the players act: Bob brings in, Carol completes to 0.50, Dan calls, Ann calls and Bob calls
      Then Carol acts first on fourth street
      And the pot is 2.20

  Rule: From fourth street on, the best board acts first, counting only pairs, trips and quads and then high cards

    @ROUND-03 @ROUND-05 @ROUND-10
    Scenario: Any pair beats any unpaired board: 2c 2d acts before As Ks
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Qd Jd] As | Ks     |
        | Bob    | [Qs Jh] 2c | 2d     |
        | Carol  | [7s 7d] 5c | 8h     |
        | Dan    | [5s 4d] 6h | 9c     |
      When everyone calls until fourth street
      Then Bob may check or bet 0.50 or bet 1.00
      When Bob checks
      Then Carol may check, bet 0.50 or bet 1.00
      When the players act: Carol checks, Dan bets 0.50
      Then Ann may fold, call 0.50, raise to 1.00 or raise to 1.50

    @ROUND-03
    Scenario: A folded player's ace counts for nothing: the best board still in the hand opens
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Qd Jd] 4c | 5d     |
        | Bob    | [Qs Jh] Kh | Qc     |
        | Carol  | [7s 7d] Ac |        |
        | Dan    | [6s 4d] 9s | 8c     |
      When the players act: Ann brings in, Bob calls, Carol folds and Dan calls
      Then Bob acts first on fourth street

    @ROUND-05
    Scenario: A pair of aces is the best fourth-street board
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Qd Jd] Kc | Kd     |
        | Bob    | [Qs Jh] 2c | 3c     |
        | Carol  | [7s 7d] As | Ah     |
        | Dan    | [5s 4d] 6h | 6c     |
      When everyone calls until fourth street
      Then Carol acts first on fourth street

    @ROUND-05 @ROUND-06
    Scenario: The worst possible board, 2c 3c, loses even to 2d 3d
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Qd Jd] 2c | 3c     |
        | Bob    | [Qs Jh] 2d | 3d     |
        | Carol  | [7s 7d] 2h |        |
        | Dan    | [5s 4d] 2s |        |
      When the players act: Ann brings in, Bob calls, Carol folds and Dan folds
      Then Bob acts first on fourth street

    @ROUND-04 @ROUND-08
    Scenario: Four suited cards in a row showing count for nothing on sixth street
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth |
        | Ann    | [Qd Jd] 5h | 6h     | 7h    | 8h    |
        | Bob    | [Qs Jh] Ac | Kd     | 9c    | 3s    |
        | Carol  | [7s 7d] 2c | 4s     | Ts    | Js    |
        | Dan    | [5s 4d] 2h | 3d     | 9d    | Td    |
      When everyone calls until sixth street
      Then Bob acts first on sixth street

    @ROUND-08
    Scenario: On fifth street trips beat a pair, which beats high cards
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [Qd Jd] 5h | 5c     | 5d    |
        | Bob    | [Qs Jh] Ac | Ad     | Kd    |
        | Carol  | [7s 7d] 2c | 4s     | Ts    |
        | Dan    | [5s 4d] Ah | Kc     | Qh    |
      When everyone calls until fifth street
      Then Ann acts first on fifth street

    @ROUND-08
    Scenario: On sixth street four of a kind is the best board
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth |
        | Ann    | [Qd Jd] 5h | 5c     | 5d    | 5s    |
        | Bob    | [Qs Jh] Ac | Ad     | Ah    | Kd    |
        | Carol  | [7s 7d] 2c | 4s     | Ts    | 8c    |
        | Dan    | [6s 4d] 3h | Kc     | Qh    | 9s    |
      When everyone calls until sixth street
      Then Ann acts first on sixth street

    @ROUND-07 @example
    Scenario: With three cards showing, 3-3-3 beats 7-7-8
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [Qd Jd] 7c | 7d     | 8h    |
        | Bob    | [Qs Jh] 3c | 3d     | 3h    |
        | Carol  | [9s 9d] Ac | Kd     | Qc    |
        | Dan    | [6s 4d] 2h | 5c     | Ts    |
      When everyone calls until fifth street
      Then Bob acts first on fifth street

    @ROUND-07 @example
    Scenario: With three cards showing, 7-7-8 beats A-K-Q
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [Qd Jd] 7c | 7d     | 8h    |
        | Bob    | [Qs Jh] 3c | 4d     | 9h    |
        | Carol  | [9s 9d] Ac | Kd     | Qc    |
        | Dan    | [6s 4c] 2h | 5c     | Ts    |
      When everyone calls until fifth street
      Then Ann acts first on fifth street

  Rule: The river is dealt face down, so whoever led on sixth street leads on seventh

    @ROUND-09
    Scenario: The player who led on sixth street leads on seventh
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Qd Jd] 5h | 9c     | 7h    | 8h    | [Ac]    |
        | Bob    | [Qs Jh] Ad | Kd     | 4c    | 3s    | [8d]    |
        | Carol  | [7s 7d] 2c | 4s     | Ts    | Js    | [Jc]    |
        | Dan    | [6s 4d] 3h | 6c     | 2s    | 9d    | [Th]    |
      When everyone calls until sixth street
      Then Bob acts first on sixth street
      When everyone calls until seventh street
      Then Bob may check or bet 1.00

  Rule: Equal boards are told apart by the suit of their highest card (or, in some rooms, by position)

    @ROUND-06 @example
    Scenario: As Kc beats Ah Ks because the ace of spades outranks the ace of hearts
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Qd Jd] Ah | Ks     |
        | Bob    | [Qs Jh] 2c | 5d     |
        | Carol  | [7s 7d] As | Kc     |
        | Dan    | [6s 4d] 3h | 8c     |
      When everyone calls until fourth street
      Then Carol acts first on fourth street

    @ROUND-06 @example
    Scenario: 3s 3c beats 3h 3d because it holds the three of spades
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Qd Jd] 3h | 3d     |
        | Bob    | [Qs Jh] 2c | 5d     |
        | Carol  | [7s 7d] 3s | 3c     |
        | Dan    | [6s 4d] 2h | 8c     |
      When everyone calls until fourth street
      Then Carol acts first on fourth street

    @ROUND-06 @alternative
    Scenario: Breaking board ties by position, the first tied player from the dealer's left leads
      Given house rules:
        | board.ties | position |
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Qd Jd] Ah | Ks     |
        | Bob    | [Qs Jh] 2c | 5d     |
        | Carol  | [7s 7d] As | Kc     |
        | Dan    | [6s 4d] 3h | 8c     |
      When everyone calls until fourth street
      Then Ann acts first on fourth street

    @ROUND-06
    Scenario: Equal pairs showing go by the suit of the pair, not of the side card: 5s 5c Kh beats 5h 5d Ks
      Given the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [Qd Jd] 5h | 5d     | Ks    |
        | Bob    | [Qs Jh] 2c | 7c     | 8h    |
        | Carol  | [7s 7d] 5s | 5c     | Kh    |
        | Dan    | [6s 4d] 3h | 8c     | 9c    |
      When everyone calls until fifth street
      Then Carol acts first on fifth street

    @ROUND-06 @alternative
    Scenario: A house that breaks ties by position on sixth street only: Ann leads sixth, Bob's king of spades leads the river
      Given house rules:
        | streets.sixth.ties | position |
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Qd Jd] Kh | 9h     | 6c    | 3d    | [2d]    |
        | Bob    | [Qs Jh] Ks | 9c     | 6d    | 3h    | [4c]    |
        | Carol  | [Tc Ts] 2c | 4d     | 7s    | 8h    | [5s]    |
        | Dan    | [6s 4s] 3c |        |       |       |         |
      When the players act: Carol brings in, Dan folds, Ann calls and Bob calls
      And everyone checks or calls until sixth street
      Then Ann acts first on sixth street
      When everyone checks or calls until seventh street
      Then Bob acts first on seventh street

  Rule: A joker dealt face up as the bug reads as an ace whose suit is below clubs (beyond the sources: the bug of ASF-02 on a board)

    @ASF-02 @ROUND-06 @beyond-sources
    Scenario: A house that deals the joker as the bug: Jk 9d ties Ac 9c as ace-nine and loses the tie on suit
      Given house rules:
        | deck.jokers | 1   |
        | wild.joker  | bug |
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Qd Jd] Jk | 9d     |
        | Bob    | [Qs Jh] 2c | 5d     |
        | Carol  | [7s 7d] Ac | 9c     |
        | Dan    | [6s 4d] 3h | 8c     |
      Then Bob may bring in 0.10 or complete to 0.50
      When everyone calls until fourth street
      Then Carol acts first on fourth street

  Rule: A player who could check is offered no fold, unless the house lets players fold then

    @ROUND-10
    Scenario: Checking costs nothing, so folding is not among the choices
      Given the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Qd Jd] As | Ks     |
        | Bob    | [Qs Jh] 2c | 2d     |
        | Carol  | [7s 7d] 5c | 8h     |
        | Dan    | [5s 4d] 6h | 9c     |
      When everyone calls until fourth street
      Then Bob may check, bet 0.50 or bet 1.00
      When Bob tries to fold
      Then the action is refused

    @ROUND-10 @alternative
    Scenario: A room that lets a player fold although checking is free
      Given house rules:
        | betting.fold_when_check | allowed |
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Qd Jd] As | Ks     |
        | Bob    | [Qs Jh] 2c | 2d     |
        | Carol  | [7s 7d] 5c | 8h     |
        | Dan    | [5s 4d] 6h | 9c     |
      When everyone calls until fourth street
      Then Bob may check, fold, bet 0.50 or bet 1.00
      When Bob folds
      Then Carol may check, fold or bet 0.50
