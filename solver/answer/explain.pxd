# Declarations Cython reads beside answer/explain.py (issue 43): the count that explains an
# infeasible cost runs on the plain lane's path for every such cost, so its memos and lists are
# typed (a `.get` on an untyped object is a method call), the board's supply is read through C
# calls, and the masks, sets of masks and sums are C integers.
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
import cython

ctypedef long long i64
ctypedef unsigned long long u64

cdef extern from *:
    # id() as CPython's builtin makes it (bltinmodule.c), without calling the builtin
    object id "PyLong_FromVoidPtr" (object)

# the module's constants and memos typed (the .py assigns them)
cdef i64 _ALL
cdef dict _NEEDS, _BEST
cdef tuple _BIT, _EVERY
cdef Py_ssize_t _ORDER[64]

cdef class _Supply:
    cdef public i64 have[64]
    cdef public bint double, empty

    @cython.locals(have=i64[64], tap_best=i64[64], asked=Py_ssize_t[64], n_asked=Py_ssize_t,
                   i=Py_ssize_t, mask=Py_ssize_t, m=i64, n=i64, last=Py_ssize_t, si=Py_ssize_t,
                   untapped=i64, spends=i64, best=tuple, made=i64, tap=cython.bint,
                   activations=i64, pool=object)
    cpdef bint _read(self, c, producers, tuple masks) except -1

@cython.locals(got=tuple)
cpdef tuple _need_row(sym)

@cython.locals(got=tuple)
cpdef tuple _best_of(choices)

@cython.locals(masks=list, per_mask=list, most=i64, k=i64, mask=i64, um=i64, ch=list)
cpdef tuple _best_table(choices)

@cython.locals(shared=dict, supply=_Supply)
cpdef _Supply _board_supply(c, tuple masks)

@cython.locals(made=u64, bit=u64, m=Py_ssize_t, u=Py_ssize_t, mask=Py_ssize_t)
cpdef tuple _unions(u64 present)

@cython.locals(needs=list, rows=dict, row=tuple, need=tuple, bit=u64, present=u64,
               supply=_Supply, m=i64, total=i64, have=i64, mask=Py_ssize_t, amount=i64,
               conflict=list, found=dict, achroma=cython.bint, sets=tuple)
cpdef explain_by_count(c)
