# Declarations Cython reads beside fast/demand.py when it compiles the module (``pip install .``);
# the .py runs unchanged without them. The search's state sits in C struct slots rather than an
# instance dict, one part per module (supply, search and objectives are handed this one).
# Counts stay Python ints: a board may hold any number of copies.
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
cdef class Demand:
    cdef public object c, objectives, restricted, kind_bit, x, x_max, colors, option_masks, phyrexian
    cdef public object rows, twobrid, live_rows, reach, fixed_units, dmax
