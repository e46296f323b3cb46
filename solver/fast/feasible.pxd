# Declarations Cython reads beside fast/feasible.py (see fast/core.pxd): a counted push's
# supply (issue 43) counts each union over C integers. Masks fit 63 bits (LIFE_BIT is 62).
import cython

ctypedef long long i64

cdef class Tapped:
    cdef public object board, tapped, pool
    cdef public i64 life
    cdef public dict _meeting
    cdef public bint _bounded
    cdef public list _delta

    @cython.locals(meeting=dict, sure=bint, t=i64, need=i64, have=tuple)
    cpdef object decide(self, object checks)

    @cython.locals(board=object, have=tuple, sure=i64, most=i64, delta=list, n=Py_ssize_t,
                   j=Py_ssize_t, m=i64)
    cdef tuple _count(self, i64 t)
