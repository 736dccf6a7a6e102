Feature: Events of the Monday-night home games
  Three home games add rules that act the moment a card is dealt face up: in Baseball a
  four brings its holder an extra card at once; in Coupons and Clippings a rank showing for
  the second time becomes wild and a ten gives its holder the ante back; in Chiggs the four
  of clubs makes both neighbours fold unless they throw away a four of their own.

  Rule: Baseball: a four dealt face up brings its holder an extra card face down at once

    @EVENT-01 @EVENT-05 @ruleset:baseball
    Scenario: Ann's door card is a four, so she gets a fourth card before Bob's door card
      Given a game of "baseball"
      And Ann, Bob and Cat sit down with 20 each
      And the cards are dealt as follows:
        | player | third           |
        | Ann    | [As Kd] 4h [9c] |
        | Bob    | [Qs Jd] 7c      |
        | Cat    | [7s 6d] 5d      |
      Then Ann has As Kd 9c down and 4h up
      And Bob has Qs Jd down and 7c up
      And threes and nines are wild

    @EVENT-05 @CARDS-01 @ruleset:baseball
    Scenario: Ann's two extra cards make nine cards at the showdown, a wild nine among them
      Given a game of "baseball"
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third           | fourth     | fifth | sixth | seventh |
        | Ann    | [As Kd] 4h [Ac] | 4s [9c]    | 2d    | 7h    | [Kc]    |
        | Bob    | [Qs Jd] 7c      | Qh         | Qd    | 8s    | [2s]    |
      When everyone checks or calls until the showdown
      Then Ann has As Kd Ac 9c Kc down and 4h 4s 2d 7h up
      And Ann shows "full house, aces over kings"
      And Bob shows "three of a kind, queens"
      And Ann wins the pot of 0.50

    @EVENT-05 @CARDS-02 @ruleset:baseball
    Scenario: At seven players only three extra cards are dealt in a hand, so the pack always covers the deal
      Given a game of "baseball"
      And Ann, Bob, Cat, Dan, Eve, Fay and Gus sit down with 20 each
      And the cards are dealt as follows:
        | player | third           |
        | Ann    | [As Kd] 4c [9c] |
        | Bob    | [Qs Jd] 4d [9d] |
        | Cat    | [7s 6d] 4h [9h] |
        | Dan    | [8s 8d] 4s      |
        | Eve    | [5s 5d] Jc      |
        | Fay    | [Ts Td] Kc      |
        | Gus    | [6s 6c] Qc      |
      Then Dan has 8s 8d down and 4s up
      And Cat has 7s 6d 9h down and 4h up

  Rule: Coupons: a rank showing face up for the second time becomes the one wild rank

    @EVENT-06 @ruleset:coupons-and-clippings
    Scenario: Bob's seven matches Ann's, so sevens are wild; Cat's second five makes fives wild instead
      Given a game of "coupons-and-clippings"
      And Ann, Bob and Cat sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 7c | 5h     |
        | Bob    | [Qs Jd] 7d | 2c     |
        | Cat    | [7s 6d] 5d | 9c     |
      Then sevens are wild
      When everyone checks or calls until fourth street
      Then fives are wild

    @EVENT-06 @ruleset:coupons-and-clippings
    Scenario: Nothing is wild until a rank shows twice; a third card of the rank changes nothing
      Given a game of "coupons-and-clippings"
      And Ann, Bob and Cat sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [As Kd] 7c | 2h     | 7h    |
        | Bob    | [Qs Jd] 3d | 2c     | 2s    |
        | Cat    | [7s 6d] 5d | 9c     | Kc    |
      Then nothing is wild
      When everyone checks or calls until fourth street
      Then deuces are wild
      When everyone checks or calls until fifth street
      Then sevens are wild

  Rule: Coupons: a ten dealt face up gives its holder the ante back out of the pot

    @EVENT-07 @ruleset:coupons-and-clippings
    Scenario: Cat's door card is a ten: her ante comes back and the pot keeps the other two
      Given a game of "coupons-and-clippings"
      And Ann, Bob and Cat sit down with 20 each
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Qs Jd] 3d |
        | Cat    | [7s 6d] Td |
      Then Cat has 20 left
      And Ann has 19.75 left
      And the pot is 0.50

    @EVENT-07 @ruleset:coupons-and-clippings
    Scenario: Bob's ten is dealt face down: only a ten face up gives the ante back
      Given a game of "coupons-and-clippings"
      And Ann, Bob and Cat sit down with 20 each
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Ts Jd] 3d |
        | Cat    | [7s 6d] 5c |
      Then Bob has 19.75 left
      And Cat has 19.75 left
      And the pot is 0.75

  Rule: Chiggs: the four of clubs face up folds each neighbour who cannot throw away another four

    @EVENT-08 @ruleset:chiggs
    Scenario: Ann shows the four of clubs: Bob throws away his four of hearts, Dan has no four and is out
      Given a game of "chiggs"
      And Ann, Bob, Cat and Dan sit down with 20 each
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 4c |
        | Bob    | [4h Jd] 9c |
        | Cat    | [7s 6d] 5d |
        | Dan    | [8s 8d]    |
      Then Bob has Jd down and 9c up
      And Cat has 7s 6d down and 5d up
      And the pots are:
        | pot  | amount | eligible       |
        | main | 1.00   | Ann, Bob, Cat  |

    @EVENT-08 @ruleset:chiggs
    Scenario: Bob throws away the only four he has, face up; Cat throws hers from the hole
      Given a game of "chiggs"
      And Ann, Bob and Cat sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 9h | 4c     |
        | Bob    | [2s Jd] 4d | 9c     |
        | Cat    | [4s 6d] 5d | 8c     |
      When everyone checks or calls until fourth street
      Then Bob has 2s Jd down and 9c up
      And Cat has 6d down and 5d 8c up
      And Ann has As Kd down and 9h 4c up
      And fours are wild
