# Declarations Cython reads beside fast/feasible.py (see fast/core.pxd): a board's supply and a
# counted push's change (issue 43) as C attributes, the change in C arrays, so each union's count
# is a loop over C integers. Masks fit 63 bits (LIFE_BIT is 62); MAX_DELTA is feasible.py's.
import cython

ctypedef long long i64

cdef i64 _LIFE

cdef class Supply:
    cdef readonly object sure, most, per_copy, pool
    cdef readonly i64 life
    cdef readonly dict _meeting

    @cython.locals(sure=bint, t=i64, need=i64, have=tuple)
    cpdef object decide(self, object checks)

    @cython.locals(meeting=dict, have=tuple)
    cdef tuple _have(self, i64 t)

    @cython.locals(life=i64, sure=i64, most=i64, m=i64, n=i64)
    cdef tuple _count(self, i64 t)

    @cython.locals(per_copy=dict, out=Tapped, m=i64, n=i64, i=object, k=i64, one=tuple)
    cpdef Tapped after(self, dict tapped, object pool, i64 life)

cdef extern from *:
    # id() as CPython's builtin makes it (bltinmodule.c), as a C integer: no object made
    i64 id "(long long)(Py_ssize_t)" (object)

cdef class Tapped:
    # on: id() of the Supply it was counted on (decide checks it)
    cdef readonly i64 on
    cdef readonly i64 life
    cdef readonly bint _bounded
    cdef int _n
    cdef i64 _mask[32]
    cdef i64 _sure[32]
    cdef i64 _most[32]

    cdef void _start(self, Supply board, i64 life)

    @cython.locals(j=int)
    cdef bint _add(self, i64 m, i64 sure, i64 most)

    @cython.locals(meeting=dict, lives=i64, sure_all=bint, check=tuple, key=object,
                   t=i64, need=i64, have=tuple, sure=i64, most=i64, j=int)
    cpdef object decide(self, Supply board, object checks)
