# Declarations Cython reads beside verify/plain.py when it compiles the module (``pip install .``);
# the .py runs unchanged without them: the plain problem's records in C struct slots, and the
# replay's dicts and lists typed so their lookups are C calls. Every attribute a method assigns
# must be declared here (tests/test_build.py checks it).
import cython

cdef class _Ab:
    cdef public bint tap, sacrifice, costly
    cdef public object uses, life, damage, energy, choices, only
    cdef public dict made

cdef class _Src:
    cdef public object count, free
    cdef public bint snow, field
    cdef public tuple abilities

cdef class _SourcesById:
    cdef public dict index
    cdef public tuple records

cdef class _Plan:
    cdef public dict index, slots, symbols, allowed
    cdef public list wanted
    cdef public object problem
    cdef public tuple records
    cdef public object x_symbols, generic, reduction, cost_life, fixed_x, life, keep_life, energy
    cdef public int x_only
    cdef public bint x_zero

@cython.locals(a=dict, q=dict, e=dict, acts=list, pays=list, entries=list, columns=tuple, last_i=cython.Py_ssize_t, index=dict, records=tuple, pool=list, left=list, taps=list, sacs=list,
               got=list, values=dict, claims=dict, out=dict, symbols=dict, name=str, by_char=bytes,
               width=cython.Py_ssize_t, src=_Src, ab=_Ab, i=cython.Py_ssize_t,
               c=cython.Py_ssize_t, k=cython.Py_ssize_t, n_src=cython.Py_ssize_t, row=cython.Py_ssize_t,
               cat=cython.int, ok=cython.int, slot=cython.Py_ssize_t, plain=bint, spent=cython.int, x_only=cython.int)
cpdef bint _replay(_Plan plan, dict answer, measured) except? -1
