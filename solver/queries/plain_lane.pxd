# Declarations Cython reads beside queries/plain_lane.py (issue 43): the lane's per-call objects
# as C structs (an entry's producer, the board, the compiled problem's stand-in: made by
# tp_new and their slots written from C, where a Python class's __init__ cost about 2,300
# instructions an entry), the request and the answer read through typed dicts (a `.get` on an
# untyped object is a method call, about 500 instructions), and the lane's own calls made from C:
# the cost's reader, the core and the count's explanation are cimported (a call through the
# module's attribute was a look-up and a Python call, ~400 instructions); the writer stays a
# Python call, which tests/test_plain_lane.py replaces to see the count refuse
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
import cython
from tapwise.solver.answer.explain cimport explain_by_count
from tapwise.solver.fast.core cimport solve_plain
from tapwise.solver.queries.lane_cost cimport demands_on, read_on, variant
from tapwise.solver.queries.lane_cost cimport read as read_cost

cdef class _BoardFields:
    cdef public object sources, lane

cdef class _Compiled:
    cdef public object problem, kinds, producers, spendable, variants

cdef class _Tap:
    cdef public object source, id, count, choices, kind_of_type, max_activations, shown, core
    cdef public dict outputs
    cdef long long tally  # (the count's tallies: _counted's, C integers)
    cdef long long unspent[6]

@cython.locals(key=object, got=object, adds=dict, u=object)
cpdef _add(add)

@cython.locals(n=Py_ssize_t, adds=dict, taps=list, order=str, made=cython.longlong,
               mask=cython.longlong, seen=set, by_id=dict, i=Py_ssize_t, entry=dict,
               ability=dict, tap=_Tap)
cpdef _read(dict request)

@cython.locals(layouts=dict, got=tuple, kinds=list, made=dict, spendable=list,
               kind_bit=list, i=Py_ssize_t, n=Py_ssize_t, t=str)
cpdef tuple _kinds(str order)

@cython.locals(choices=tuple)
cpdef _read_add(add)

@cython.locals(seen=dict, choice=tuple)
cpdef _letters(add)

@cython.locals(n=Py_ssize_t, i=Py_ssize_t, units=list, t=str)
cdef _letter_units(str text)

@cython.locals(outputs=dict, shown=list, types=str, mask=cython.longlong, made=cython.longlong,
               i=Py_ssize_t, got=object, items=tuple)
cdef _tail(tuple choices, signature)

@cython.locals(made=cython.longlong, i=int)
cdef _choice(tuple choice)

@cython.locals(read=tuple, taps=list, p=_Tap, board=_BoardFields, c=_Compiled, out=dict)
cpdef answer(dict request)

# (the count's tallies in C: per entry on _Tap, per symbol of the cost `paid`, _MAX_SYMBOLS)
@cython.locals(act=dict, p=_Tap, pay=dict, m=dict, times=cython.longlong, units=str,
               c=cython.Py_UCS4, i=int, used=cython.longlong, paid=cython.longlong[64],
               life=cython.longlong, paid_generic=cython.longlong, sym=str, j=int, info=list,
               n=cython.longlong, accept=int, half=str, total=cython.longlong,
               k=cython.longlong, t=str, keys=Py_ssize_t, left_over=cython.longlong[6], shown=dict)
cpdef bint _counted(dict answer, dict by_id, dict symbols, long long generic) except -1

cdef int _type_at(Py_UCS4 c) noexcept

@cython.locals(mask=int, c=cython.Py_UCS4, i=int)
cdef int _mask(str types) except -1

cdef long long _count(object v) except -1

@cython.locals(n=Py_ssize_t, i=Py_ssize_t)
cdef bint _generic(str sym) except -1
