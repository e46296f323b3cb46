# Declarations Cython reads beside queries/prepared.py (issue 43): a push's steps and the count
# that decides can_pay after it are called from C (a module function called from another is
# otherwise a Python call), the question's dicts read through C calls, and the count
# (pushed.supply_after), the copy check (reuse.copied) and the counted supply cimported, so the
# count, the check and its decide are C calls. PreparedBoard stays a Python class.
import cython
from tapwise.solver.fast.feasible cimport Tapped
from tapwise.solver.queries.pushed cimport supply_after
from tapwise.solver.answer.reuse cimport copied, unchanged_answer

cdef extern from *:
    # id() as CPython's builtin makes it (bltinmodule.c), without calling the builtin
    object id "PyLong_FromVoidPtr" (object)

@cython.locals(given=dict, q=object)
cpdef _push_given(object board, object answer)

cpdef bint _is_said(object q, object answer) except -1

cpdef _push(object board, object q, object answer, bint verified)

cpdef object _count_push(object board, object q, object answer)

@cython.locals(asked=dict, text=object, key=object, questions=dict, q=object, counted=object,
               supply=Tapped, checks=object)
cpdef object _counted_verdict(object board, object cost)
