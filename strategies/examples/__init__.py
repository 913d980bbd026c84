"""Example bots written the way a user would write their own."""
