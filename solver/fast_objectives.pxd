# Declarations Cython reads beside fast_objectives.py (see fast_demand.pxd): no slots of its own.
from tapwise.solver.fast_search cimport FastSearch

cdef class FastObjectives(FastSearch):
    pass
