"""The built-in classic games' rules, by family, written from the rules
text without the engine's code (see tests/catalogue.py)."""
