# Declarations Cython reads beside fast/answer.py (see fast/solve.pxd): the small helpers as C calls.
cpdef _add(dict d, k, n)
cpdef _gain(dict store, kind, n)
cpdef _draw(list store, want, dict got)
