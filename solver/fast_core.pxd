# Declarations Cython reads beside fast_core.py (see fast_demand.pxd): the board, the cost and the
# search as fixed-size C arrays, so the search's loops touch no Python object. The sizes are
# fast_core's SINGLES, MULTIS, NODES and ROWS (tests/test_fast_core.py checks they agree).
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
import cython

ctypedef long long i64

cdef class _Board:
    cdef public int n_single, n_multi
    cdef int smask[24]
    cdef i64 scap[24]
    cdef i64 mbudget[8]
    cdef i64 munits[48]
    cdef i64 msize[8]
    cdef int mfeed[8]
    cdef i64 pool[6]
    cdef public tuple singles, multis, pool_kinds, kind_bit

cdef class _Cost:
    cdef public int n_rows, x_row
    cdef public object x_symbols, phyrexian
    cdef public tuple rows
    cdef int rmask[12]
    cdef i64 rneed[12]

cdef class _Order:
    cdef int stage[4]
    cdef int obj[3]
    cdef int codes[8]
    cdef public int nobj, n_names
    cdef public object objectives

@cython.locals(b=_Board, pi=Py_ssize_t, ci=Py_ssize_t)
cpdef _read_board(c)

@cython.locals(k=_Cost, r=int, di=Py_ssize_t, oi=Py_ssize_t)
cpdef _read_cost(v, _Board board)

@cython.locals(n_rows=int, rmask=cython.int[12], need0=i64[12], need=i64[12], demand=i64, n_multi=int,
               bound=i64[8], m=i64[8], best_m=i64[8], combos=i64, most=i64, units=i64, reach=i64, got=i64,
               ncap=i64[40], nmask=cython.int[40], nstage=cython.int[40], nref=cython.int[40], f=i64[480],
               vals=i64[3], best=i64[3], found=bint, last_best=bint, n_nodes=int, acts=i64,
               i=int, j=int, r=int, t=int, q=int)
cdef object _search(_Board b, _Cost k, _Order o, i64 x, i64 life_units)

@cython.locals(q=int, a=i64, z=i64)
cdef bint _better(_Order o, i64* vals, i64* best) noexcept

@cython.locals(n=int, q=int, stage=int, t=int, j=int, s=int, units=i64, cap=i64)
cdef int _nodes(_Board b, _Order o, i64* m, i64 life_units, i64* ncap, int* nmask, int* nstage, int* nref) noexcept

@cython.locals(life=i64, sources=i64, waste=i64, sent=i64, stage=int, i=int, j=int, r=int)
cdef void _values(_Board b, i64* m, int n_nodes, int* nstage, int n_rows, i64* f, i64* vals) noexcept

@cython.locals(via=cython.int[12], back=cython.int[12], seen=cython.int[12], held=cython.int[40],
               queue=cython.int[12], unmet=i64, room=i64, push=i64, mask=int, mj=int, i=int, j=int, r=int,
               r2=int, tail=int, head=int, end=int)
cdef bint _flow(int n_nodes, i64* ncap, int* nmask, int n_rows, int* rmask, i64* need, i64* f) noexcept

@cython.locals(i=int, j=int, r=int, t=int, stage=int, ref=int, common=int, sent=i64, oi=int, q=int, code=int,
               paid_life=i64, cur=cython.int[24], used=i64[24], acts=dict, splits=dict, taken=dict, made=list,
               pool_left=dict, cost_pay=dict, generic_pay=dict, objective=dict, got=dict)
cdef object _answer(_Board b, _Cost k, _Order o, i64 x, i64* m, i64* vals, int n_nodes, int* nstage, int* nref,
                    int* nmask, int n_rows, int* rmask, i64* f)

@cython.locals(left=object, take=object)
cdef _draw(list store, want, dict got)

@cython.locals(at=int, left=i64, take=i64)
cdef _copies(dict acts, dict splits, tuple members, int t, i64 want, int* cur, i64* used, int s, dict taken, dict got)
