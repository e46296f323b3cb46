# Declarations Cython reads beside pool.py when it compiles the module (``pip install .``); the
# .py runs unchanged without them: the pool's fields in C struct slots, and its loops with their
# containers typed, so their reads are C calls (issue 22). build's replay and the plain lane's
# pool (a subclass, lane_answer.pxd) reach take and take_each through the C vtable.
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
import cython

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

@cython.locals(mana=dict, queue=list)
cpdef _add_runs(dict queues, tuple units, dict kind_of_type, source, times)
