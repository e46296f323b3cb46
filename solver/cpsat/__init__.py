"""The CP-SAT back end: integer counts per class, never a boolean per copy and symbol."""
