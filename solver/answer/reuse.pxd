# Declarations Cython reads beside reuse.py when it compiles the module (``pip install .``).
import cython

@cython.locals(i=cython.Py_ssize_t, d=dict, copied=dict, items=list, out=list)
cpdef copy_shaped(value, shape)
