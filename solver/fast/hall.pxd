# Declarations Cython reads beside fast/hall.py (see fast/solve.pxd): Hall's counts in C struct slots.
cdef class _Hall:
    cdef public object demand
    cdef public object dims, sets, n, inside, flags, pool, singles, per_dim, cost, free, free_loss
    cdef public object min_pay, _t, _y
