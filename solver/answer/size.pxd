# Declarations Cython reads beside answer/size.py: the fields of the mana left, which every paid
# answer writes, with their containers typed (a `.get` on an untyped object is a method call), and
# callable from C by the modules that cimport it (the plain lane's writer).
import cython

@cython.locals(by_type=dict, out=dict, of=dict, total=cython.Py_ssize_t, n=object, types=str)
cpdef dict left_over_fields(counts, listed)
