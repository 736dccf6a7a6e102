@ruleset:seven-card-stud
Feature: Who shows first at the showdown
  The sources say the players left show their hands after the last round, but not in what
  order. Card rooms settle it the same way (Robert's Rules of Poker, the TDA rules): the
  last player to bet or raise on the final round shows first; when nobody bet on it, the
  player who would have acted first shows first. The others follow clockwise. The
  protocol's result lists the hands shown in that order.

  Background:
    Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
    And Ann, Bob and Carol sit down with 10 each
    And the cards are dealt as follows:
      | player | third      | fourth | fifth | sixth | seventh |
      | Ann    | [2h Jc] 5c | 9d     | 3s    | 7h    | [4d]    |
      | Bob    | [Kc Kd] Ah | As     | 8h    | 2s    | [Qd]    |
      | Carol  | [7s 7d] 6c | Ts     | Jh    | Qs    | [8c]    |

  Rule: The last player to bet or raise on the river shows first, then the others clockwise

    @SHOW-01
    Scenario: Carol bets the river, so Carol shows first, then Ann, then Bob
      When everyone calls until seventh street
      Then Bob acts first on seventh street
      When the players act: Bob checks, Carol bets 1.00, Ann calls and Bob calls
      Then the hands are shown in the order Carol, Ann and Bob
      And Bob shows "two pair, aces and kings"

  Rule: When nobody bets the river, the player who acted first on it shows first

    @SHOW-01
    Scenario: Checked around on the river: Bob, who leads with the pair of aces, shows first
      When everyone checks or calls until the showdown
      Then the hands are shown in the order Bob, Carol and Ann
