# Declarations Cython reads beside build.py when it compiles the module (``pip install .``);
# the .py runs unchanged without them: the loops that replay and pay with their containers typed,
# so their reads are C calls (issue 22); the pool they fill is pool.pxd's.
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
import cython
from tapwise.solver.answer.order cimport in_order
from tapwise.solver.answer.pool cimport ManaPool, _add_runs, split_runs

@cython.locals(payments=list, hybrid_halves=list, twobrid=list, rows=tuple, cost_pay=dict, generic_pay=dict,
               entry=dict, spent_types=set)
cpdef pay_total(c, sol, ManaPool pool)

@cython.locals(activations=list, splits=dict, ordered=list, at_key=cython.Py_ssize_t, end=cython.Py_ssize_t,
               n_keys=cython.Py_ssize_t, groups=dict, entry=dict, sources=tuple, producers=list)
cpdef tuple replay_activations(c, sol, ManaPool pool, made_by=*)

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
