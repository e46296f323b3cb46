# Declarations Cython reads beside fast/solve.py (see fast/demand.pxd): the top layer, no slots of its own.
from tapwise.solver.fast.objectives cimport FastObjectives

cdef class _Fast(FastObjectives):
    pass
