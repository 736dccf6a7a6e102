Feature: Follow the Queen and Follow the King
  A wild rank that moves as the cards fall: whenever a queen is dealt face up, the next
  card dealt face up names the wild rank, and a later queen moves it.  The sources
  disagree on the details, and each is a value of the event's row: in one game queens stay
  natural, a new queen clears the old wild rank at once and face-down cards are passed
  over; in the other queens are wild too, and a face-down card dealt right after a queen
  leaves the old wild rank in place.

  Rule: The next card dealt face up after a face-up queen names the wild rank, at once

    @EVENT-01 @EVENT-02 @ruleset:follow-the-queen
    Scenario: Bob's seven follows Ann's queen, so sevens are wild before the first bet
      Given a game of "follow-the-queen" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Cat sit down with 20 each
      And Bob deals
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] Qh |
        | Bob    | [Qs Jd] 7c |
        | Cat    | [7s 6d] 5d |
      Then sevens are wild
      And it is Cat's turn on third street

    @EVENT-02 @ruleset:follow-the-queen
    Scenario: A queen dealt last on a street is followed by the first card of the next street
      Given a game of "follow-the-queen" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Cat sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 9h | Jc     |
        | Bob    | [Qs Jd] 2c | 5h     |
        | Cat    | [7s 6d] Qd | Kc     |
      Then nothing is wild
      When everyone calls until fourth street
      Then jacks are wild

    @EVENT-02 @ruleset:follow-the-queen
    Scenario: The wild rank plays at the showdown: Ann's two wild jacks make four aces
      Given a game of "follow-the-queen" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [As Ad] 9h | Jc     | 5d    | 3c    | [Js]    |
        | Bob    | [Ks Kd] Qd | Kh     | 8d    | 4c    | [2s]    |
      When everyone checks or calls until the showdown
      Then jacks are wild
      And Ann shows "four of a kind, aces"
      And Bob shows "three of a kind, kings"
      And Ann wins the pot of 0.30

    @EVENT-02 @WILD-01 @ruleset:follow-the-queen
    Scenario: Two wild sevens make Ann five kings, which beat Bob's four aces
      Given a game of "follow-the-queen" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] Ks | 7c     | 7d    | 9c    | [3s]    |
        | Bob    | [Ac Ad] Qh | Ah     | As    | 8h    | [6c]    |
      When everyone checks or calls until the showdown
      Then sevens are wild
      And Ann shows "five of a kind, kings"
      And Bob shows "four of a kind, aces"
      And Ann wins the pot of 0.30

  Rule: In one game queens are natural, a new queen clears the wild rank at once and down cards are passed over

    @EVENT-03 @ruleset:follow-the-queen
    Scenario: A second queen clears the sevens as soon as it shows; the next up card names fours
      Given a game of "follow-the-queen" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Cat sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth |
        | Ann    | [As Kd] Qh | 9s     | 4h    |
        | Bob    | [Qs Jd] 7c | 2h     | 6c    |
        | Cat    | [7s 6d] 5d | Qc     | Tc    |
      Then sevens are wild
      When everyone calls until fourth street
      Then nothing is wild
      When everyone checks or calls until fifth street
      Then fours are wild

    @EVENT-03 @ruleset:follow-the-queen
    Scenario: A queen as the last card dealt face up leaves nothing wild, so the river card cannot name a rank
      Given a game of "follow-the-queen" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [As Ad] Qh | 7c     | 5d    | 3c    | [7s]    |
        | Bob    | [Ks Kd] 9d | Kh     | 8d    | Qc    | [2s]    |
      When everyone checks or calls until the showdown
      Then nothing is wild
      And Ann shows "two pair, aces and sevens"
      And Bob shows "three of a kind, kings"
      And Bob wins the pot of 0.30

    @EVENT-03 @ruleset:follow-the-queen
    Scenario: A down card after a queen is passed over: the next face-up card still names the wild rank
      Given a game of "follow-the-queen" with house rules:
        | streets.fourth.deal | [up, down] |
        | seats.max           | 5          |
      And Ann, Bob and Cat sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth  | fifth |
        | Ann    | [As Kd] 9h | 8c [2h] | 6s    |
        | Bob    | [Qs Jd] 2c | 5h [3c] | Td    |
        | Cat    | [7s 6d] 4d | Qc [Jh] | 9s    |
      When everyone calls until fourth street
      Then nothing is wild
      When everyone checks or calls until fifth street
      Then sixes are wild

  Rule: In the other game queens are wild too, and a down card dealt right after a queen keeps the old wild rank

    @EVENT-04 @alternative @ruleset:follow-the-queen
    Scenario: Queens and sevens are wild; a queen on sixth street is followed by a down card, so sevens stay wild
      Given a game of "follow-the-queen" with house rules:
        | stakes.ante                                    | 0.05    |
        | wild.ranks                                     | [Q]     |
        | events.follow-the-queen.wild_follows.previous  | kept    |
        | events.follow-the-queen.wild_follows.down_card | cancels |
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [As Ad] Qh | 9c     | 5d    | 3c    | [Ts]    |
        | Bob    | [Ks Kd] 7d | Kh     | 8d    | Qc    | [2s]    |
      When everyone checks or calls until the showdown
      Then queens and sevens are wild
      And Ann shows "three of a kind, aces"
      And Bob shows "five of a kind, kings"
      And Bob wins the pot of 0.30

    @EVENT-04 @alternative @ruleset:follow-the-queen
    Scenario: With queens wild, a new queen keeps the old wild rank until the next up card names another
      Given a game of "follow-the-queen" with house rules:
        | wild.ranks                                     | [Q]     |
        | events.follow-the-queen.wild_follows.previous  | kept    |
        | events.follow-the-queen.wild_follows.down_card | cancels |
      And Ann, Bob and Cat sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] Qh | 9s     |
        | Bob    | [Qs Jd] 7c | 2h     |
        | Cat    | [7s 6d] 5d | Qc     |
      Then queens and sevens are wild
      When everyone calls until fourth street
      Then queens and sevens are wild

  Rule: Follow the King moves the wild rank with kings

    @EVENT-09 @EVENT-02 @ruleset:follow-the-king
    Scenario: Bob's nine follows Ann's king; a queen names nothing
      Given a game of "follow-the-king" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
      And Ann, Bob and Cat sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] Kh | Qd     |
        | Bob    | [Qs Jd] 9c | 8h     |
        | Cat    | [7s 6d] 5d | 2c     |
      Then nines are wild
      When everyone calls until fourth street
      Then nines are wild
