"""The independent verifier (DESIGN principle 4): it knows only tapwise.models."""
