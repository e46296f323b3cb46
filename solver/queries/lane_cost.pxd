# Declarations Cython reads beside queries/lane_cost.py: the reader's objects as C structs (a
# read finds each symbol among those met by comparing C fields), its memos and groupings
# as typed dicts and lists (a `.get` on an untyped object is a method call, about 500
# instructions, and a never-met text makes a dozen), and its own calls within the module made
# from C (each a Python-level call otherwise, about a thousand instructions).
import cython
from tapwise.solver.fast.core cimport _Cost

cdef class LaneCost:
    cdef public object groups, rows, symbols, generic, printed
    cdef public object _bodies, _cost, _total, _first, _variants

cdef class _Sym:
    cdef public object symbol, rows
    cdef public str text, types
    cdef public bint life
    cdef public Py_ssize_t amount, key
    cdef public dict pieces

cdef class _Body:
    cdef public object symbol, term
    cdef public _Sym sym

@cython.locals(memo=dict, once=set)
cpdef read(text)

@cython.locals(found=list, bodies=dict, last=Py_ssize_t)
cpdef _read(str text)

@cython.locals(b=_Body, s=_Sym, t=_Sym, order=list, keys=Py_ssize_t[64],
               amounts=Py_ssize_t[64], counts=Py_ssize_t[64], by_key=Py_ssize_t[64],
               j=Py_ssize_t, k=Py_ssize_t, i=Py_ssize_t, m=Py_ssize_t, key=Py_ssize_t,
               amount=Py_ssize_t, generic=Py_ssize_t, groups=list, rows=list,
               symbols=dict, printed=str, n=Py_ssize_t, piece=tuple, lc=LaneCost,
               generics=Py_ssize_t, generic_text=str)
cpdef _tallied(list found)

@cython.locals(again=LaneCost)
cpdef list _bodies_of(LaneCost lc)

@cython.locals(b=_Body, symbols=list)
cpdef _cost_of(LaneCost lc)

@cython.locals(b=_Body, terms=list, template=dict, state=dict)
cpdef _total_of(LaneCost lc)

@cython.locals(first=_Cost, variants=dict, got=_Cost, core_cost=_Cost, made=cython.longlong)
cpdef read_on(LaneCost lc, accept, tuple kind_bit)

@cython.locals(by=dict, d=object, demands=list)
cpdef tuple demands_on(LaneCost lc, accept)

cpdef variant(LaneCost lc, accept, tuple demands)
