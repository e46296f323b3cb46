# Declarations Cython reads beside values.py when it compiles the module (``pip install .``): the
# descriptor becomes a C type whose ``__get__`` fills the type's descriptor slot, so a first
# read calls C directly rather than looking up and calling a Python-level ``__get__``.
cdef class cached:
    cdef public object func, name
