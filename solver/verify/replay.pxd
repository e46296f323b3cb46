# Declarations Cython reads beside verify/replay.py when it compiles the module (``pip install .``);
# the .py runs unchanged without them: the replayed pool's fields in C struct slots.
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
cdef class _Replay:
    cdef public object errors, counts, tokens, pool_spent
