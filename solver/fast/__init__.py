"""The exact fast path (DESIGN principle 3): transportation problems solved without a CP-SAT model."""
