"""The rule catalogue: clauses, editions and the rulings register."""
