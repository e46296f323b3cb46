# Declarations Cython reads beside queries/lane_cost.py: the reader's objects as C structs (a
# read tallies a text on its symbols' _Sym, with no dict per symbol), its memos and groupings
# as typed dicts and lists (a `.get` on an untyped object is a method call, about 500
# instructions, and a never-met text makes a dozen), and its own calls within the module made
# from C (each a Python-level call otherwise, about a thousand instructions).
import cython

cdef class LaneCost:
    cdef public object groups, rows, symbols, generic, printed
    cdef public object _bodies, _cost, _total, _first, _variants

cdef class _Sym:
    cdef public object symbol, rows
    cdef public str text, types, frag
    cdef public _Sym after
    cdef public bint life
    cdef public Py_ssize_t amount, key, n
    cdef public dict pieces

cdef class _Body:
    cdef public object symbol, term
    cdef public _Sym sym

@cython.locals(memo=dict)
cpdef read(text)

@cython.locals(found=list, bodies=dict, last=Py_ssize_t)
cpdef _read(str text)

@cython.locals(b=_Body, s=_Sym, order=list, generic=Py_ssize_t, groups=list, rows=list,
               symbols=dict, head=_Sym, at=_Sym, printed=str, n=Py_ssize_t, piece=tuple,
               lc=LaneCost, generics=Py_ssize_t, generic_text=str)
cpdef _tallied(list found)

@cython.locals(first=tuple, variants=dict, got=tuple, by=dict, d=tuple, demands=list)
cpdef read_on(LaneCost lc, accept, tuple kind_bit)
