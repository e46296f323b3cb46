# Declarations Cython reads beside fast/supply.py (see fast/demand.pxd): the supply's slots.
from tapwise.solver.fast.demand cimport FastDemand

cdef class FastSupply(FastDemand):
    cdef public object pool, pool_kinds, pool_total, pool_nodes, classes, profile_masks
    cdef public object multi_classes, has_cost, _single_cache, unsacrificed, unconverted
