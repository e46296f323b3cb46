# Declarations Cython reads beside fast/flow.py (see fast/solve.pxd): the flow's loop indices and type
# masks are C integers; units stay Python ints.
import cython

@cython.locals(i=cython.Py_ssize_t, ri=cython.Py_ssize_t, n_rows=cython.Py_ssize_t, mask=cython.long)
cpdef _staged_flow(left, rows)

@cython.locals(start=cython.Py_ssize_t, mask=cython.long, n_rows=cython.Py_ssize_t, li=cython.Py_ssize_t,
               lj=cython.Py_ssize_t, ri=cython.Py_ssize_t, lm=cython.long)
cpdef _augmenting_path(start, mask, left, row_masks, need, into, n_rows)
