# Declarations Cython reads beside fast/solve.py (see fast/demand.pxd): the parts it owns.
from tapwise.solver.fast.demand cimport Demand
from tapwise.solver.fast.objectives cimport ObjectiveSearch
from tapwise.solver.fast.search cimport Search
from tapwise.solver.fast.supply cimport Supply

cdef class _Fast:
    cdef public Demand demand
    cdef public Supply supply
    cdef public Search search
    cdef public ObjectiveSearch objective_search
