# Declarations Cython reads beside fast/templates.py: its functions called from C within the
# module (each a Python-level call otherwise, about a thousand instructions a producer).
import cython

@cython.locals(ci=Py_ssize_t, picks=list, counts=list)
cpdef template(choices)

@cython.locals(picks=list, t=Py_ssize_t)
cpdef bint instance(pi, tuple tpl, kind_of_type, list s) except -1

@cython.locals(per_source=dict, pi=Py_ssize_t, tpl=object, s=list)
cpdef sources(producers, bint plain)

@cython.locals(per_source=dict, s=list)
cpdef dict plain_sources(list taps)
