"""Land unter: rules, engines, trace."""
