@ruleset:mexican-stud
Feature: Roll your own: Mexican stud
  Five-card stud in which each player decides which card stays hidden: before each later
  card a player may turn the hole card face up, and the next card then comes face down to
  whoever shows every card, face up to everyone else.  The decision is a round of the
  street table (turn up one hole card or none, in turn) and the face of the next card a
  value of the deal (`down-if-all-up`).

  Background:
    Given a game of "mexican-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
    And Ann, Bob and Carol sit down with 20 each

  Rule: Before each later card a player may turn the hole card up, or keep it hidden

    @ROLL-01 @ROLL-02 @DECIDE-02 @EXPOSE-01
    Scenario: Ann turns her king up, so her next card comes face down; the others' come face up
      Given the cards are dealt as follows:
        | player | second  | third | fourth |
        | Ann    | [Kd] 9c | [7h]  | 2c     |
        | Bob    | [As] 4d | 5c    | [8s]   |
        | Carol  | [Qh] Js | Td    | 3h     |
      Then Carol may bring in 0.10 or complete to 0.50
      When everyone calls until third street
      Then Ann may expose up to 1 card
      When Ann exposes Kd
      Then Ann has no card down and 9c Kd up
      And Bob may expose up to 1 card
      When the players act: Bob exposes no card and Carol exposes no card
      Then Ann has 7h down and 9c Kd up
      And Bob has As down and 4d 5c up
      And Carol has Qh down and Js Td up
      And Ann acts first on third street
      When everyone checks until fourth street
      And the players act: Ann exposes no card, Bob exposes As and Carol exposes no card
      Then Ann has 7h down and 9c Kd 2c up
      And Bob has 8s down and 4d 5c As up
      And Bob acts first on fourth street

    @ROLL-01 @DECIDE-04
    Scenario: Only the hole card can be turned up, and only one
      Given the cards are dealt as follows:
        | player | second  |
        | Ann    | [Kd] 9c |
        | Bob    | [As] 4d |
        | Carol  | [Qh] Js |
      When everyone calls until third street
      And Ann tries to expose 9c
      Then the action is refused
      When Ann tries to expose Kd 9c
      Then the action is refused
      And Ann may expose up to 1 card

    @ROLL-02 @SHOW-01
    Scenario: Keeping every hole card hidden, everyone gets face-up cards to the end
      Given Ann deals
      And the cards are dealt as follows:
        | player | second  | third | fourth | fifth |
        | Ann    | [Kd] 9c | Kh    | 2c     | 9s    |
        | Bob    | [As] 4d | 5c    | 8s     | 6h    |
        | Carol  | [Qh] Js | Td    | 3h     | 7c    |
      When everyone checks or calls until the showdown
      Then Ann has Kd down and 9c Kh 2c 9s up
      And Ann shows "two pair, kings and nines"
      And Ann wins the pot of 0.45
