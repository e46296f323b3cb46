# Declarations Cython reads beside fast/objectives.py (see fast/demand.pxd): the parts it asks.
from tapwise.solver.fast.demand cimport Demand
from tapwise.solver.fast.search cimport Search
from tapwise.solver.fast.supply cimport Supply

cdef class ObjectiveSearch:
    cdef public Demand demand
    cdef public Supply supply
    cdef public Search search
