# Declarations Cython reads beside front/compile.py (issue 43): a symbol group's demand on a
# board layout met first, with its memos read as typed dicts (a `.get` on an untyped object is
# a method call, about 500 instructions; a never-met layout asks one per group of its cost).
import cython

@cython.locals(known=dict, sets=list, sets_t=tuple, key=tuple, demands=dict)
cpdef _demand_on(g, accept)
