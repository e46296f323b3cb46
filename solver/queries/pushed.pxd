# Declarations Cython reads beside queries/pushed.py (see fast/feasible.pxd): a counted push
# (issue 43) reads the answer's activations and its pool through typed dicts and C integers, so
# its loops make no attribute lookups, and calls the board's Supply (cimported) in C. The
# arguments stay objects (a caller's answer may be any value: the checks inside say why it is
# not pushed), the containers the module makes are typed.
import cython
from tapwise.solver.fast.feasible cimport Supply, Tapped

ctypedef long long i64

@cython.locals(ans=dict, taps=dict, acts=object, act=dict, a=object, entry=tuple, sid=object, n=object,
               times=object, i=object)
cpdef object _taps(object answer, dict entries, dict at=*)

@cython.locals(left=object, tapped=dict, units=dict, m=object, run=tuple, k=i64, life=i64,
               paid=object, player=object, ans=dict)
cpdef Tapped supply_after(object problem, object answer, Supply supply, dict entries,
                          dict kinds)

@cython.locals(ans=dict, wanted=dict, kind_of=dict, act=dict, entry=tuple, t=object, last=object,
               k=i64, units=dict, n=object)
cdef dict _left_units(object answer, dict entries, dict kinds)

@cython.locals(k=object)
cdef i64 _kind(dict kinds, object t, object snow, object only) except? -2

@cython.locals(left=object, kept=list, runs=list, entry=object, m=object, t=object, snow=object,
               only=object, n=object)
cpdef tuple _pool_left(object problem, object answer)

@cython.locals(ans=dict, spent_from_pool=dict, paid_from=dict, kept=list, got=dict, wanted=object,
               runs=list, key=tuple, made=tuple, n=object, act=dict, paid=object, m=object,
               t=object)
cpdef object _left_runs(object problem, object answer)

@cython.locals(payment=dict, item=dict, n=object, key=tuple)
cdef void _spent(object payments, dict from_pool, dict paid_from) except *

@cython.locals(by_id=dict, made=dict, act=dict, sid=object, src=object, only=object,
               times=object, t=object, n=object, snow=object, was=object)
cpdef dict _made(object problem, object answer)

@cython.locals(out=object, parts=list, part=object)
cpdef object _types(object adds)
