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

# copied()'s walk in C (issue 43: a first push checks the caller's copy, ~65 keys and values in
# 25 containers): the same walk as _copied, each dict read with PyDict_Next (borrowed
# references: nothing is counted, nothing runs Python code), each frame length a C integer.
# reuse.py calls it when compiled (_IN_C); the pure package runs _copied, the tests both.
cdef extern from *:
    """
    static Py_ssize_t tapwise_reuse_copied(PyObject *value, PyObject *frame, Py_ssize_t at,
                                           Py_ssize_t extra) {
        PyObject *kind = PyTuple_GET_ITEM(frame, at);
        Py_ssize_t n = PyLong_AsSsize_t(PyTuple_GET_ITEM(frame, at + 1));
        PyObject *k, *w, *v;
        Py_ssize_t i, pos = 0;
        if (n < 0) return -2;
        at += 2;
        if (kind == (PyObject *)&PyDict_Type) {
            if (Py_TYPE(value) != &PyDict_Type || PyDict_GET_SIZE(value) != n + extra) return -1;
            i = 0;
            while (PyDict_Next(value, &pos, &k, &w)) {
                if (i == n)  /* the one key more: the asker's id, last */
                    return PyUnicode_CheckExact(k) && PyUnicode_GET_LENGTH(k) == 2
                        && PyUnicode_CompareWithASCIIString(k, "id") == 0 ? at : -1;
                if (k != PyTuple_GET_ITEM(frame, at)) return -1;
                v = PyTuple_GET_ITEM(frame, at + 1);
                if (v == (PyObject *)&PyDict_Type || v == (PyObject *)&PyList_Type) {
                    at = tapwise_reuse_copied(w, frame, at + 1, 0);
                    if (at < 0) return at;
                } else if (w != v) {
                    return -1;
                } else {
                    at += 2;
                }
                i++;
            }
            return at;
        }
        if (Py_TYPE(value) != &PyList_Type || PyList_GET_SIZE(value) != n) return -1;
        for (i = 0; i < n; i++) {
            w = PyList_GET_ITEM(value, i);
            v = PyTuple_GET_ITEM(frame, at);
            if (v == (PyObject *)&PyDict_Type || v == (PyObject *)&PyList_Type) {
                at = tapwise_reuse_copied(w, frame, at, 0);
                if (at < 0) return at;
            } else if (w != v) {
                return -1;
            } else {
                at += 1;
            }
        }
        return at;
    }
    """
    Py_ssize_t _copied_in_c "tapwise_reuse_copied" (object value, tuple frame, Py_ssize_t at,
                                                   Py_ssize_t extra) except -2

cdef bint _IN_C

@cython.locals(extra=cython.Py_ssize_t)
cpdef bint copied(object answer, tuple frame)

@cython.locals(kind=object, n=cython.Py_ssize_t, d=dict, items=list, i=cython.Py_ssize_t,
               k=object, w=object, v=object)
cdef Py_ssize_t _copied(object value, tuple frame, Py_ssize_t at, Py_ssize_t extra) except? -2
