# Declarations Cython reads beside fast/objectives.py (see fast/demand.pxd): no slots of its own.
from tapwise.solver.fast.search cimport FastSearch

cdef class FastObjectives(FastSearch):
    pass
