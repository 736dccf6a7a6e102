Feature: Pots split between other shares than high and low
  A pot may go in shares of any number and name: to the spade in the hole (Chicago), in
  thirds between high, low and football points (Oakland Raiders), each share judged by its
  own ranking from the cards it reads.  A share nobody wins goes to its fallback share if
  it names one, else the pot is cut among the shares that have a winner.

  Rule: Chicago: half the pot to the highest spade among a player's hole cards

    @SHARE-05 @RANK-11 @HOLE-02 @ruleset:chicago
    Scenario: Chicago: the king of spades in the hole takes the spade half from a lower hole spade
      Given a game of "chicago" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ks 2d] 3c | 7d     | 8h    | 9c    | [Jd]    |
        | Bob    | [Ac 4s] Ad | 5h     | 6h    | Th    | [Qd]    |
      When everyone checks or calls until the showdown
      Then Ann shows "king of spades" for spade with Ks
      And Bob shows "pair of aces" for high
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 0.15   | spade |
        | Bob    | 0.15   | high  |

    @SHARE-05 @SHARE-04 @ruleset:chicago
    Scenario: Chicago: an exposed spade does not count, and with no spade in the hole the high hand takes everything
      Given a game of "chicago" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kd 2d] Ks | 7d     | 8h    | 9c    | [Jd]    |
        | Bob    | [Ac Ah] Ad | 5h     | 6h    | Th    | [Qd]    |
      When everyone checks or calls until the showdown
      Then Ann shows no spade hand
      And Bob shows no spade hand
      And Bob wins the pot of 0.30

    @SHARE-05 @RANK-11 @ruleset:low-chicago
    Scenario: Low Chicago: the deuce of spades in the hole beats the ace of spades, which counts high
      Given a game of "low-chicago" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [2s Kd] 3c | 7d     | 8h    | 9c    | [Jd]    |
        | Bob    | [As Ah] Ad | 5h     | 6h    | Th    | [Qd]    |
      When everyone checks or calls until the showdown
      Then Ann shows "two of spades" for spade
      And the pot is awarded:
        | player | amount | share |
        | Ann    | 0.15   | spade |
        | Bob    | 0.15   | high  |

  Rule: Oakland Raiders: thirds to high, to an eight-or-better low and to the most football points

    @SHARE-01 @RANK-10 @ruleset:oakland-raiders
    Scenario: Oakland Raiders: four kings, a seven-five low and 28 points take a third each
      Given a game of "oakland-raiders" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] Ks | Kh     | Qd    | Jd    | [9c]    |
        | Bob    | [Ac 2d] 4h | 5s     | 7c    | Qs    | [Jc]    |
        | Carol  | [6c 6d] 6h | 3c     | 3d    | 2c    | [2h]    |
      When everyone checks or calls until the showdown
      Then Ann shows "four of a kind, kings" for high
      And Bob shows "seven-five low" for low
      And Carol shows "28 points" for points
      And the pot is awarded:
        | player | amount | share  |
        | Ann    | 0.15   | high   |
        | Bob    | 0.15   | low    |
        | Carol  | 0.15   | points |

    @SHARE-01 @SHARE-02 @ruleset:oakland-raiders
    Scenario: Oakland Raiders: 35 cents in thirds, the two odd cents to high and then to low
      Given a game of "oakland-raiders" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Carol sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [6c 6d] 6h | 6s     | 3c    | Kd    | [Kh]    |
        | Bob    | [Ac 2d] 4h | 5s     | 7c    | Qs    | [Jc]    |
        | Carol  | [Td 9d] 8s |        |       |       |         |
      When the players act: Bob brings in, Carol folds and Ann calls
      And everyone checks or calls until the showdown
      Then the pot is awarded:
        | player | amount | share  |
        | Ann    | 0.12   | high   |
        | Bob    | 0.12   | low    |
        | Ann    | 0.11   | points |

    @SHARE-01 @ruleset:oakland-raiders
    Scenario: Oakland Raiders: with no eight-or-better low the pot is halved between high and points
      Given a game of "oakland-raiders" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] Ks | Kh     | Qd    | Jd    | [9c]    |
        | Bob    | [6c 6d] 9h | 3c     | 3d    | Tc    | [2h]    |
      When everyone checks or calls until the showdown
      Then Bob shows no low hand
      And the pot is awarded:
        | player | amount | share  |
        | Ann    | 0.15   | high   |
        | Bob    | 0.15   | points |

  Rule: With three shares or more a player declares one share or all of them, and must then win every one

    @SHARE-06 @ruleset:stud-hi-lo-declare
    Scenario: Declaring all of three shares and winning each of them outright takes the whole pot
      Given a game of "stud-hi-lo-declare" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And house rules:
        | pot.shares      | [{name: high}, {name: low, ranking: ace-to-five}, {name: points, ranking: football}] |
        | pot.unqualified | best-high                                                                      |
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ac 2d] 3h | 4s     | 5c    | 6h    | [6d]    |
        | Bob    | [Kc Kd] Qs | Qh     | Jd    | 9c    | [8h]    |
      When everyone checks or calls until the declaration
      And the players act: Ann declares all and Bob declares high
      Then Ann wins the pot of 0.30

    @SHARE-06 @ruleset:stud-hi-lo-declare
    Scenario: A player who declares all and loses one share wins nothing
      Given a game of "stud-hi-lo-declare" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And house rules:
        | pot.shares      | [{name: high}, {name: low, ranking: ace-to-five}, {name: points, ranking: football}] |
        | pot.unqualified | best-high                                                                      |
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ac 2d] 3h | 4s     | 5c    | Kh    | [Qd]    |
        | Bob    | [6c 6d] 6h | 6s     | 3c    | 3d    | [Jc]    |
      When everyone checks or calls until the declaration
      And the players act: Ann declares all and Bob declares points
      Then Bob wins the pot of 0.30

  Rule: A share may take its hand from some of the cards only

    @HOLE-02 @ruleset:aces-straights-flushes
    Scenario: A share of the player's own cards leaves the centre joker out
      Given a game of "aces-straights-flushes" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And house rules:
        | pot.shares | [{name: high, ranking: high, cards: own}] |
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | last |
        | Ann    | [Ac Ad] Ah | Kc     | Kd    | [2s] |
        | Bob    | [3c 3d] 8h | Ts     | Jd    | [6h] |
      When everyone checks or calls until the showdown
      Then Ann shows "full house, aces over kings" with Ac Ad Ah Kc Kd
      And Bob shows "pair of threes"
      And Ann wins the pot of 0.30

    @HOLE-01 @ruleset:aces-straights-flushes
    Scenario: A hand of exactly four own cards and the centre joker cannot keep a full house of the player's own
      Given a game of "aces-straights-flushes" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And house rules:
        | pot.shares | [{name: high, ranking: high, own: 4, common: 1}] |
      And Ann and Bob sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | last |
        | Ann    | [Kc Kd] Kh | Qc     | Qd    | [2s] |
        | Bob    | [3c 3d] 8h | Ts     | Jd    | [6h] |
      When everyone checks or calls until the showdown
      Then Ann shows "three of a kind, kings"
      And Ann wins the pot of 0.30

  Rule: A pack stripped of ranks ranks a flush above a full house

    @RANK-08 @ruleset:seven-card-stud
    Scenario: Under the stripped-pack ranking a flush beats a full house
      Given a game of "seven-card-stud"
      Then under stripped-high ranking Kh 9h 6h 2h 3h beats Ac Ad Ah Kc Kd
      And under stripped-high ranking Ac Ad Ah Kc Kd beats Jc Jd Jh 2c 3d
