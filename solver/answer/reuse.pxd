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
