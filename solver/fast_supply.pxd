# Declarations Cython reads beside fast_supply.py (see fast_demand.pxd): the supply's slots.
from tapwise.solver.fast_demand cimport FastDemand

cdef class FastSupply(FastDemand):
    cdef public object pool, pool_kinds, pool_total, pool_nodes, classes, profile_masks
    cdef public object multi_classes, has_cost, _single_cache, unsacrificed, unconverted
