# Declarations Cython reads beside queries/plain_lane.py (issue 43): the lane's per-call objects
# as C structs (an entry's producer, the board, the compiled problem's stand-in: made by
# tp_new and their slots written from C, where a Python class's __init__ cost about 2,300
# instructions an entry), the request and the answer read through typed dicts (a `.get` on an
# untyped object is a method call, about 500 instructions), and the lane's own calls made from C.
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
import cython

cdef class _BoardFields:
    cdef public object sources, cost

cdef class _Compiled:
    cdef public object problem, kinds, producers, spendable, variants

cdef class _Tap:
    cdef public object source, id, count, choices, kind_of_type, max_activations, shown, core
    cdef public dict outputs, unspent
    cdef public object tally

@cython.locals(key=object, got=object, adds=dict, u=object)
cpdef _add(add)

@cython.locals(n=Py_ssize_t, adds=dict, taps=list, order=str, made=cython.longlong,
               mask=cython.longlong, seen=set, by_id=dict, i=Py_ssize_t, entry=dict,
               ability=dict, tap=_Tap)
cpdef _read(dict request)

@cython.locals(layouts=dict, got=tuple)
cpdef tuple _kinds(str order)

@cython.locals(read=tuple, taps=list, p=_Tap, board=_BoardFields, c=_Compiled, out=dict)
cpdef answer(dict request)

@cython.locals(act=dict, p=_Tap, of=dict, paid=dict, pay=dict,
               m=dict, left_over=dict)
cpdef bint _counted(dict answer, dict by_id, dict symbols, generic) except -1
