"""The designer's workbench: design metrics of a rule set (`metrics`) and a
multi-objective search over rule knobs (`search`), for any game that ships a
``design`` module (its own metrics, default field and knobs)."""
