# Declarations Cython reads beside fast_search.py (see fast_demand.pxd): the search's slots.
from tapwise.solver.fast_supply cimport FastSupply

cdef class FastSearch(FastSupply):
    cdef public object order, ordered, life_first, hopeless
