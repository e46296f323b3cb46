# Declarations Cython reads beside queries/prepared.py (issue 43): a push's steps and the count
# that decides can_pay after it are called from C (a module function called from another is
# otherwise a Python call), the question's dicts read through C calls, and the count
# (pushed.supply_after), the copy check (reuse.copied) and the counted supply cimported, so the
# count, the check and its decide are C calls. PreparedBoard is a Python class over a C struct of
# its fields (_BoardFields), which those functions are given typed: a field read is a C read.
import cython
from tapwise.solver.fast.feasible cimport Tapped
from tapwise.solver.queries.pushed cimport supply_after
from tapwise.solver.answer.reuse cimport copied, unchanged_answer

cdef extern from *:
    # id() as CPython's builtin makes it (bltinmodule.c), without calling the builtin
    object id "PyLong_FromVoidPtr" (object)

cdef class _BoardFields:
    cdef public object _board, _loaded, _costs, _fields, _fields_notes, _merged_sources
    cdef public object _members, _compiled, _supply, _questions, _given, _pushed, _stack
    cdef public object _at, _counted

@cython.locals(given=dict, q=object)
cpdef _push_given(_BoardFields board, object answer)

@cython.locals(stack=list, state=object)
cpdef _pop(_BoardFields board)

cpdef bint _is_counted(_BoardFields board) except -1

cpdef bint _is_said(object q, object answer) except -1

cpdef _push(_BoardFields board, object q, object answer, bint verified)

cpdef object _count_push(_BoardFields board, object q, object answer)

@cython.locals(asked=dict, text=object, key=object, questions=dict, q=object, counted=object,
               supply=Tapped, checks=object)
cpdef object _counted_verdict(_BoardFields board, object cost)
