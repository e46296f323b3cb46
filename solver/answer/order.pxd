# Declarations Cython reads beside answer/order.py: the keys listed and compared from C (the
# dict read with PyDict_Next, the tuples' integers as C integers), and callable from C by the
# modules that cimport it (build's demand loop, the plain lane's writer).
import cython

ctypedef long long i64

@cython.locals(keys=list, i=cython.Py_ssize_t)
cpdef list in_order(dict d)

@cython.locals(j=cython.Py_ssize_t, x=i64, y=i64)
cdef bint _after(tuple a, tuple b) except -1
