# Declarations Cython reads beside fast/supply.py (see fast/demand.pxd): the supply's slots.
cdef class Supply:
    cdef public object c, pool, pool_kinds, pool_total, pool_nodes, classes, profile_masks
    cdef public object multi_classes, has_cost, _single_cache, unsacrificed, unconverted
