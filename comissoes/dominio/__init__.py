"""Domain of the committees: every state transition is one function here."""
