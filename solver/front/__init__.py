"""The front end: merge identical sources, expand costs, apply effects, compile to the problem both
back ends read."""
