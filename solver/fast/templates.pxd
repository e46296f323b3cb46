# Declarations Cython reads beside fast/templates.py: its functions called from C within the
# module (each a Python-level call otherwise, about a thousand instructions a producer), and the
# template's C fields, which fast/core.pxd and fast/core_answer.pxd cimport.
import cython

ctypedef long long i64

cdef class Template:
    cdef public tuple picks, units, counts
    cdef public object multi
    cdef public int mask, multi_ci
    cdef public i64 size
    cdef int ci[6]

@cython.locals(tpl=Template, ci=Py_ssize_t, picks=list, counts=list, mask=int, t=object, ci_of=list)
cpdef template(choices)

@cython.locals(picks=list, t=Py_ssize_t)
cpdef bint instance(pi, Template tpl, kind_of_type, list s) except -1

@cython.locals(per_source=dict, pi=Py_ssize_t, tpl=object, s=list)
cpdef sources(producers, bint plain)

cdef dict _TEMPLATES

@cython.locals(m=cython.longlong, n=Py_ssize_t, bit=cython.longlong)
cpdef cython.longlong by_type(accept, tuple kind_bit) except? -2

@cython.locals(opts=list)
cpdef demand_row(d, tuple kind_bit)

@cython.locals(opts=list, m=cython.longlong)
cpdef group_row(tuple options, count)

@cython.locals(out=list, union=cython.longlong, keep=cython.longlong, m=cython.longlong,
               out_row=tuple)
cpdef tuple row_on(tuple row, long long made)

@cython.locals(masks=list, union=cython.longlong, life_at=Py_ssize_t, oi=Py_ssize_t,
               m=cython.longlong)
cdef _row(count, list opts)
