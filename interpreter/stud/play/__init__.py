"""Playing stud at the terminal: simple bots, simulations and an interactive table."""
