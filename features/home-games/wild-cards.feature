Feature: Wild cards
  Home stud may make every card of one rank wild: a wild card stands for any card its
  holder wants.  The game may also be played high-low or low only.

  Rule: Every card of the wild rank stands for any card

    @WILD-01 @ruleset:wild-card-stud
    Scenario: Deuces wild: a deuce with two kings makes three kings
      Given a game of "wild-card-stud" with ante 1, bring-in 1, small bet 2 and big bet 4
      And Ann and Bob sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc 2d] Kd | 9s     | 5h    | 7c    | [3s]    |
        | Bob    | [Ac Ad] 8h | Js     | 6c    | 4d    | [Tc]    |
      When everyone checks or calls until the showdown
      Then Ann shows "three of a kind, kings"
      And Bob shows "pair of aces"
      And Ann wins the pot of 4

    @WILD-01 @ruleset:wild-card-stud
    Scenario: The evaluator, told deuces are wild, reads a deuce as the third king
      Given a game of "wild-card-stud"
      Then under high ranking with deuces wild the best hand from Kc 2d Kd 9s 5h 7c 3s is "three of a kind, kings"
      And under high ranking with deuces wild 2c 2h Kd 9s 5h beats Ac Ad Qh Js 4c

    @WILD-01 @ruleset:wild-card-stud
    Scenario: A deuce completes a flush, a straight or a straight flush as the best card it can be
      Given a game of "wild-card-stud"
      Then under high ranking with deuces wild the best hand from 2c Kh Qh 9h 5h is "flush, ace high"
      And under high ranking with deuces wild the best hand from 2c Ah 3d 4s 5c is "five-high straight"
      And under high ranking with deuces wild the best hand from 2c 9h Th Jh Kh is "king-high straight flush"
      And under high ranking with deuces wild the best hand from 2c 2d Kh Ks Kd is "five of a kind, kings"
      And under high ranking with deuces wild 2c 2d Kh Ks Kd beats Ah Kh Qh Jh Th

    @WILD-01 @ASF-02 @ruleset:aces-straights-flushes @beyond-sources
    Scenario: A house that adds deuces wild to Aces, Straights and Flushes: a deuce and the bug fill both gaps of K-Q-9
      Given a game of "aces-straights-flushes" with ante 1, bring-in 1, small bet 2 and big bet 4
      And house rules:
        | wild.ranks | [2] |
      And Ann and Bob sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | last |
        | Ann    | [9h 8h] 6d | Kc     | Qs    | [2c] |
        | Bob    | [Tc Td] 4s | 4c     | 3h    | [7d] |
      When everyone checks or calls until the showdown
      Then Ann shows "king-high straight"
      And Bob shows "two pair, tens and fours"
      And Ann wins the pot of 4

  Rule: A wild card showing counts at face value for who opens a street, unless the house reads it as wild (beyond the sources)

    @WILD-01 @ruleset:wild-card-stud @beyond-sources
    Scenario: At face value K-2 showing is king-deuce, so K-9 leads on fourth street
      Given a game of "wild-card-stud" with ante 1, bring-in 1, small bet 2 and big bet 4
      And Ann, Bob and Carol sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Ac 7d] 2c | Kd     |
        | Bob    | [Ah 8h] Ks | 9d     |
        | Carol  | [Qc 3s] 6h | 4c     |
      Then Ann may bring in 1 or complete to 2
      When everyone calls until fourth street
      Then Bob acts first on fourth street

    @WILD-01 @ruleset:wild-card-stud @alternative @beyond-sources
    Scenario: A house that reads wild cards on boards: the deuce pairs the king, so K-2 leads
      Given a game of "wild-card-stud" with ante 1, bring-in 1, small bet 2 and big bet 4
      And house rules:
        | board.wild | wild |
      And Ann, Bob and Carol sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Ac 7d] 2c | Kd     |
        | Bob    | [Ah 8h] Ks | 9d     |
        | Carol  | [Qc 3s] 6h | 4c     |
      When everyone calls until fourth street
      Then Ann acts first on fourth street

  Rule: Wild-card stud may be played high-low

    @WILD-02 @ruleset:wild-card-stud-hi-lo
    Scenario: Deuces wild high-low: a deuce fills a low as an ace
      Given a game of "wild-card-stud-hi-lo" with ante 1, bring-in 1, small bet 2 and big bet 4
      And Ann and Bob sit down with 100 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kh Kd] Ks | 9h     | Js    | Tc    | [6d]    |
        | Bob    | [2c 3d] 5h | 7s     | 8c    | Qd    | [Jh]    |
      When everyone checks or calls until the showdown
      Then Bob shows "eight-seven low" for low
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 2      | high  |
        | Bob    | 2      | low   |

    @WILD-02 @HILO-02 @ruleset:wild-card-stud-hi-lo
    Scenario: Deuces wild high-low: a nine-high low does not qualify, with or without a deuce, so the full house takes it all
      Given a game of "wild-card-stud-hi-lo" with ante 1, bring-in 1, small bet 2 and big bet 4
      And Ann, Bob and Carol sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [2c Kd] Ks | 9h     | Th    | Jc    | [7d]    |
        | Bob    | [Ah 3h] 5s | 7c     | 9d    | Kh    | [Kc]    |
        | Carol  | [Qs Qd] Qc | Jh     | Jd    | 8s    | [6c]    |
      When everyone checks or calls until the showdown
      Then Carol wins the pot of 6

  Rule: Wild-card stud may be played for low only

    @WILD-02 @WILD-01 @ruleset:wild-card-stud @alternative
    Scenario: Deuces wild for low only: a deuce plays as an ace and ties the natural eight-seven low
      Given a game of "wild-card-stud" with ante 1, bring-in 1, small bet 2 and big bet 4
      And house rules:
        | pot.shares | [{name: low, ranking: ace-to-five}] |
      And Ann and Bob sit down with 100 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [2c 3d] 4h | 7s     | 8c    | 4d    | [Jh]    |
        | Bob    | [Ac 3c] 4s | 7d     | 8h    | Kc    | [Ks]    |
      When everyone checks or calls until the showdown
      Then Ann shows "eight-seven low"
      And Bob shows "eight-seven low"
      And the pot is awarded:
        | player | amount |
        | Ann    | 2      |
        | Bob    | 2      |

    @WILD-02 @WILD-01 @ruleset:wild-card-stud @alternative
    Scenario: Deuces wild for low only, on boards that never tie: Ann's deuce plays as an ace
      Given a game of "wild-card-stud" with ante 1, bring-in 1, small bet 2 and big bet 4
      And house rules:
        | pot.shares | [{name: low, ranking: ace-to-five}] |
      And Ann and Bob sit down with 100 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [2c 3d] 7h | 4s     | 8c    | 4d    | [Jh]    |
        | Bob    | [Ac 3c] 8h | Kc     | 4c    | 7d    | [Ks]    |
      When everyone checks or calls until the showdown
      Then Ann shows "eight-seven low"
      And Bob shows "eight-seven low"
      And the pot is awarded:
        | player | amount |
        | Ann    | 2      |
        | Bob    | 2      |
