# Declarations Cython reads beside queries/lane_answer.py: the lane's pool a subclass of build's
# (its take and take_each reached through the C vtable from build's demand loop, pay_demands), its
# runs in typed lists and its places in C arrays, and the writer's containers typed, so its loops
# make no attribute lookups; build's and size's functions it calls are called from C (cimported).
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
import cython
from tapwise.solver.answer.build cimport pay_demands, colors_of
from tapwise.solver.answer.pool cimport ManaPool
from tapwise.solver.answer.order cimport in_order
from tapwise.solver.answer.size cimport left_over_fields

ctypedef long long i64

cdef class LanePool(ManaPool):
    cdef list runs, types, order
    cdef i64 at[6]
    cdef i64 off[6]
    cdef i64 left_of[6]

    cdef _start(self)

    @cython.locals(unit=tuple)
    cpdef add_units(self, tuple units, dict kind_of_type, source, i64 times)

    @cython.locals(runs=list)
    cdef _add(self, Py_ssize_t k, t, source, i64 times)

    @cython.locals(k=cython.Py_ssize_t, queue=list, run=dict)
    cpdef read_queues(self)

    cpdef list take(self, dict flows, n, spent=*)

    cpdef list take_each(self, dict flows, units, n, spent=*)

    @cython.locals(part=list, parts=list, room=i64, left=i64, last=dict, last_k=cython.Py_ssize_t,
                   last_n=i64, found=cython.Py_ssize_t, n_flows=cython.Py_ssize_t,
                   k=cython.Py_ssize_t, want=i64, runs=list, i=cython.Py_ssize_t, off=i64, got=i64,
                   m=i64)
    cdef list _take(self, dict flows, i64 units, i64 n, set spent)

    @cython.locals(out=dict, k=cython.Py_ssize_t)
    cpdef dict left_counts(self)

@cython.locals(pool=LanePool, payments=list, halves=list, spent=set, generic_pay=dict,
               numbered=list, m=dict, units=i64, objective=dict)
cpdef dict write(c, sol, taps, rows, total)

@cython.locals(acts=dict, activations=list, key=tuple, shown=tuple, last=cython.Py_ssize_t,
               first=cython.Py_ssize_t, j=cython.Py_ssize_t, pi=cython.Py_ssize_t)
cpdef _replay(list taps, sol, LanePool pool)
