"""Strong play: trainable policy bots' weight files, training (CMA-ES) and exploitability."""
