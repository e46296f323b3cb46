# Declarations Cython reads beside fast.py when it compiles the module (``pip install .``); the
# .py runs unchanged without them. The search's state sits in C struct slots rather than an
# instance dict. Counts stay Python ints: a board may hold any number of copies.
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
import cython

cdef class _Fast:
    cdef public object c, objectives, restricted, kind_bit, x, x_max, option_masks, phyrexian
    cdef public object rows, twobrid, live_rows, reach, fixed_units, dmax
    cdef public object pool, pool_kinds, pool_total, pool_nodes, classes, profile_masks
    cdef public object multi_classes, has_cost, _single_cache, order, ordered, life_first, hopeless
    cdef public object unsacrificed, colors, unconverted
