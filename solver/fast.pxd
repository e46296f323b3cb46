# Declarations Cython reads beside fast.py (see fast_demand.pxd): the top layer, no slots of its own.
from tapwise.solver.fast_objectives cimport FastObjectives

cdef class _Fast(FastObjectives):
    pass
