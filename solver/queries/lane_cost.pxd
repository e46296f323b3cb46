# Declarations Cython reads beside queries/lane_cost.py: the reader's memos and groupings as
# typed dicts and lists (a `.get` on an untyped object is a method call, about 500
# instructions, and a never-met text makes a dozen), and its own calls within the module made
# from C (each a Python-level call otherwise, about a thousand instructions).
import cython

@cython.locals(memo=dict)
cpdef read(text)

@cython.locals(infos=list, bodies=dict, grouped=dict, terms=list, symbols_t=list, groups=list,
               rows=list, symbols=dict, counts=dict, keyed=list, shared=dict)
cpdef _read(text)
