# Declarations Cython reads beside fast/search.py (see fast/demand.pxd): the search's slots.
from tapwise.solver.fast.supply cimport FastSupply

cdef class FastSearch(FastSupply):
    cdef public object order, ordered, life_first, hopeless
