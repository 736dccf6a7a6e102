Feature: Low Hole (Late Show)
  Each player's lowest face-down card is wild for that player, together with every other
  card of the same rank in that player's hand.  The river, dealt face down, can change
  which rank is wild.

  Rule: A player's lowest hole card, and every card of its rank they hold, is wild for them alone

    @LOWHOLE-01 @ruleset:low-hole @example
    Scenario: 9h 4s down and 3c up: fours are wild, so two fours and two nines make four nines
      Given a game of "low-hole" with ante 1, bring-in 1, small bet 2 and big bet 4
      And Ann and Bob sit down with 100 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [9h 4s] 3c | 4d     | 9d    | Ks    | [Qh]    |
        | Bob    | [Qc Jc] 7d | 8s     | 6h    | Td    | [5s]    |
      When everyone checks or calls until the showdown
      Then Ann shows "four of a kind, nines"
      And Ann wins the pot of 4

    @LOWHOLE-01 @ruleset:low-hole @example
    Scenario: A deuce on the river becomes the lowest hole card, so deuces are wild instead of fours
      Given a game of "low-hole" with ante 1, bring-in 1, small bet 2 and big bet 4
      And Ann and Bob sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [9h 4s] 3c | 4d     | 9d    | Ks    | [2c]    |
        | Bob    | [Qc Jc] 7d | 8s     | 6h    | Td    | [5s]    |
      When everyone checks or calls until the showdown
      Then Ann shows "full house, nines over fours"
      And Ann wins the pot of 4

  Rule: Played high-low with an ace-to-five low, an ace in the hole is wild for the low hand only

    @LOWHOLE-02 @ruleset:low-hole-hi-lo
    Scenario: Two aces in the hole are wild for the low but play as aces for the high
      Given a game of "low-hole-hi-lo" with ante 1, bring-in 1, small bet 2 and big bet 4
      And Ann and Bob sit down with 100 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ah Ad] 2c | 3d     | 7h    | Qs    | [Jd]    |
        | Bob    | [9c 8d] 5s | 6c     | Kd    | Qc    | [Td]    |
      When everyone checks or calls until the showdown
      Then Ann shows "seven-four low" for low
      And Ann shows "three of a kind, aces" for high
      And Bob shows "king-high straight" for high
      And the pot is awarded:
        | player | amount | share |
        | Bob    | 2      | high  |
        | Ann    | 2      | low   |

    @LOWHOLE-02 @ruleset:low-hole-hi-lo
    Scenario: For the high hand an ace in the hole counts high, so Ann's fives are wild there and her kings make four of a kind
      Given a game of "low-hole-hi-lo" with ante 1, bring-in 1, small bet 2 and big bet 4
      And Ann and Bob sit down with 100 each
      And Ann deals
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Ah 5d] 5s | Kd     | Ks    | 8c    | [Jd]    |
        | Bob    | [Qh Qc] 7s | 7d     | 7c    | 3s    | [Th]    |
      When everyone checks or calls until the showdown
      Then Ann shows "four of a kind, kings" for high
      And Bob shows "four of a kind, sevens" for high
      And Ann wins the pot of 4
