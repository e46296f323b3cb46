# Declarations Cython reads beside fast.py when it compiles the module (``pip install .``); the
# .py runs unchanged without them. The search's state sits in C struct slots rather than an
# instance dict, the small helpers are called as C functions, and the flow's loop indices and
# type masks are C integers. Counts stay Python ints: a board may hold any number of copies.
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
import cython

cdef class _Fast:
    cdef public object c, objectives, restricted, kind_bit, x, x_max, option_masks, phyrexian
    cdef public object rows, twobrid, live_rows, reach, fixed_units, dmax
    cdef public object pool, pool_kinds, pool_total, pool_nodes, classes, profile_masks
    cdef public object multi_classes, has_cost, _single_cache, order, ordered, life_first, hopeless
    cdef public object unsacrificed, colors, unconverted

cdef class _Hall:
    cdef public _Fast fast
    cdef public object dims, sets, n, inside, flags, pool, singles, per_dim, cost, free, free_loss
    cdef public object min_pay, _t, _y

cpdef _add(dict d, k, n)
cpdef _gain(dict store, kind, n)
cpdef _draw(list store, want, dict got)

@cython.locals(i=cython.Py_ssize_t, ri=cython.Py_ssize_t, n_rows=cython.Py_ssize_t, mask=cython.long)
cpdef _staged_flow(left, rows)

@cython.locals(start=cython.Py_ssize_t, mask=cython.long, n_rows=cython.Py_ssize_t, li=cython.Py_ssize_t,
               lj=cython.Py_ssize_t, ri=cython.Py_ssize_t, lm=cython.long)
cpdef _augmenting_path(start, mask, left, row_masks, need, into, n_rows)
