"""``stud audit``: were these hands played by the rules?

:mod:`.houses` picks each hand's ruleset (its game's shipped ruleset or the house mapping,
with the hand's stakes), :mod:`.judge` replays one hand and gives its verdict,
:mod:`.sources` finds and reads the hands in files, folders and globs, and
:mod:`.report` writes the table, JSON Lines and Markdown.
"""
