# Declarations Cython reads beside fast/search.py (see fast/demand.pxd): the search's slots, its
# parts typed so that reading them is a C field access.
from tapwise.solver.fast.demand cimport Demand
from tapwise.solver.fast.supply cimport Supply

cdef class Search:
    cdef public Demand demand
    cdef public Supply supply
    cdef public object order, ordered, life_first, hopeless
