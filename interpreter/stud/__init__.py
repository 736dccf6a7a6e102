"""stud: the executable rulebook of Seven Card Stud (rules, reference interpreter, verifier)."""

__version__ = "0.1.0"
