# Declarations Cython reads beside fast/core_answer.py (see fast/core.pxd): the members a board's
# answer names, and the answer written from the core's C arrays (passed as pointers).
import cython
from tapwise.solver.fast.templates cimport Template

ctypedef long long i64

cdef int ROWS, MULTI, POOL, SINGLE, PAID_LIFE, GEN

cdef class Members:
    cdef public bint plain
    cdef public tuple kind_bit, pool_kinds
    cdef public list singles, multis
    cdef int kind_of[6]

    @cython.locals(i=int, j=int, r=int, t=int, stage=int, ref=int, common=int, sent=i64, oi=int,
                   what=int, bit=int, want=i64, take=i64, paid_life=i64, acts=dict, splits=dict,
                   taken=dict, made=list, pool_left=dict, cost_pay=dict, generic_pay=dict,
                   got=dict, state=dict, n=int, life_at=int, keys=tuple)
    cdef object solution(self, tuple rows, dict objective, i64 x, int n_multi, int* mfeed, i64* m,
                         int n_nodes, int* nstage, int* nref, int* nmask, int n_rows, int* rmask,
                         i64* f, int* cur, i64* used)

    @cython.locals(kind=int, t=int, bit=int)
    cdef void of_kinds(self, tuple kind_bit) except *
    cdef void clear(self) except *
    @cython.locals(state=dict)
    cdef object infeasible(self)

cdef dict _PAID
cdef tuple _LETTERS, _KEYS

cdef object _made(dict state)

@cython.locals(oi=int, paid=tuple)
cdef void _by_option(dict cost_pay, tuple keys, tuple masks, int bit, object kind, object u) except *

cdef tuple _pick(object si, Template tpl, int t, int kind)

@cython.locals(tpl=Template, counts=tuple, t=int)
cdef tuple _multi(object p, int* kind_of)

@cython.locals(left=object, take=object, kn=list)
cdef _draw(list store, want, dict got)

@cython.locals(at=int, left=i64, take=i64, copies=i64, plain=bint, tpl=Template)
cdef _copies(Members names, dict acts, dict splits, list members, int t, i64 want, int* cur,
             i64* used, int s, dict taken, dict got)
