# Declarations Cython reads beside reuse.py when it compiles the module (``pip install .``).
import cython

@cython.locals(i=cython.Py_ssize_t, d=dict, copied=dict, items=list, out=list)
cpdef copy_shaped(value, shape)

@cython.locals(t=object)
cpdef bint unchanged(object value, object kept)

cpdef bint unchanged_answer(object answer, dict kept)

@cython.locals(k=object, v=object, w=object)
cdef bint _same_items(dict value, dict kept, Py_ssize_t extra)

@cython.locals(i=cython.Py_ssize_t, n=cython.Py_ssize_t, v=object, w=object)
cdef bint _same_list(list value, list kept)

cpdef tuple frame_of(object value)

@cython.locals(d=dict, items=list, k=object, v=object)
cdef _frame_into(object value, list out)

@cython.locals(extra=cython.Py_ssize_t)
cpdef bint copied(object answer, tuple frame)

@cython.locals(kind=object, n=cython.Py_ssize_t, d=dict, items=list, i=cython.Py_ssize_t,
               k=object, w=object, v=object)
cdef Py_ssize_t _copied(object value, tuple frame, Py_ssize_t at, Py_ssize_t extra) except? -2
