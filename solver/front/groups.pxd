# Declarations Cython reads beside front/groups.py (issue 43): the shared accept and symbol
# group as C structs, so a group's demand on a board layout met first (a never-met layout asks
# one per group of its cost) reads their memos as typed dicts (a `.get` on an untyped object is
# a method call, about 500 instructions) and their fields from C.
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
import cython

cdef class _Accept:
    cdef public object spendable
    cdef public dict _sets

cdef class _Group:
    cdef public object symbol, count, text, options
    cdef public tuple _keys
    cdef public dict _demands, _by_accept

@cython.locals(found=list, i=object, t=object, s=object, g=object, got=frozenset, kept=object)
cpdef frozenset _kinds_at(_Accept accept, tuple key)

@cython.locals(known=dict, sets=list, sets_t=tuple, key=tuple, demands=dict, d=object, s=object)
cpdef _demand_on(_Group g, _Accept accept)

@cython.locals(got=object)
cpdef tuple _one(tuple value)
