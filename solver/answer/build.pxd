# Declarations Cython reads beside answer.py when it compiles the module (``pip install .``);
# the .py runs unchanged without them: the replayed pool's fields in C struct slots, and the
# loops that replay and pay with their containers typed, so their reads are C calls (issue 22).
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
import cython
from tapwise.solver.answer.order cimport in_order

cdef class ManaPool:
    cdef public object c
    cdef public dict queues, taken
    cdef public list start

    cpdef add(self, tuple made, dict kind_of_type, source, times)

    @cython.locals(out=list, left=cython.Py_ssize_t, units=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   offset=cython.Py_ssize_t, size=cython.Py_ssize_t, taken=dict, queues=dict, queue=list, run=dict)
    cpdef list take(self, dict flows, n, spent=*)

    @cython.locals(mana=list)
    cpdef list take_each(self, dict flows, units, n, spent=*)

@cython.locals(out=dict)
cpdef dict _run(dict run, count)

@cython.locals(parts=list, part=list, i=cython.Py_ssize_t, offset=cython.Py_ssize_t, size=cython.Py_ssize_t,
               avail=cython.Py_ssize_t, use=cython.Py_ssize_t, p=cython.Py_ssize_t, run=dict, last=cython.bint)
cpdef list split_runs(list mana, sizes)

@cython.locals(payments=list, hybrid_halves=list, twobrid=list, rows=tuple, cost_pay=dict, generic_pay=dict,
               entry=dict, spent_types=set)
cpdef pay_total(c, sol, ManaPool pool)

@cython.locals(activations=list, splits=dict, ordered=list, at_key=cython.Py_ssize_t, end=cython.Py_ssize_t,
               n_keys=cython.Py_ssize_t, groups=dict, entry=dict, sources=tuple, producers=list)
cpdef tuple replay_activations(c, sol, ManaPool pool, made_by=*)

@cython.locals(mana=dict, queue=list)
cpdef _add_runs(dict queues, tuple units, dict kind_of_type, source, times)

@cython.locals(infos=dict, acts=dict, keys=list, queues=dict, activations=list, at=cython.Py_ssize_t,
               end=cython.Py_ssize_t, n_keys=cython.Py_ssize_t, key=tuple, info=object, fixed=tuple, groups=tuple,
               entry=dict, units=tuple)
cpdef _replay_plain(c, sol, ManaPool pool)

@cython.locals(phyrexian=cython.Py_ssize_t, n=cython.Py_ssize_t, flows=dict, key=tuple, entry=dict,
               mana=list)
cpdef pay_demands(tuple rows, dict cost_pay, ManaPool pool, list payments, list halves, set spent,
                  list twobrid)

cdef str _COLORS

cpdef list colors_of(set spent_types)
