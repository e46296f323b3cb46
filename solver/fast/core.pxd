# Declarations Cython reads beside fast/core.py (see fast/demand.pxd): the board, the cost and the
# search as fixed-size C arrays, so the search's loops touch no Python object. The sizes are
# fast_core's SINGLES, MULTIS, NODES and ROWS (tests/test_fast_core.py checks they agree).
# Every attribute a method assigns must be declared here (tests/test_build.py checks it).
import cython
from tapwise.solver.fast.core_answer cimport Members
from tapwise.solver.fast.templates cimport Template

ctypedef long long i64

# fast_core's constants as C integers (the .py assigns them): compared in the loops
cdef int SINGLES, MULTIS, NODES, ROWS, LIFE, MULTI, POOL, SINGLE, PAID_LIFE, OPT, GEN
cdef i64 MAX_CHOICES

cdef class _SupplyArrays:
    cdef public int n_single, n_multi
    cdef int smask[24]
    cdef i64 scap[24]
    cdef i64 mbudget[8]
    cdef i64 munits[48]
    cdef i64 msize[8]
    cdef int mfeed[8]
    cdef i64 pool[6]
    cdef public Members names

cdef class _Cost:
    cdef public int n_rows, x_row
    cdef public bint free
    cdef public object x_symbols, phyrexian
    cdef public tuple rows
    cdef public object tag
    cdef int rmask[16]
    cdef i64 rneed[16]

cdef class _Order:
    cdef int stage[4]
    cdef int obj[3]
    cdef int codes[8]
    cdef public int nobj, n_names
    cdef public object objectives

@cython.locals(shared=dict)
cpdef solve(c, objectives)

@cython.locals(spare=list, b=_SupplyArrays)
cpdef solve_plain(list taps, tuple kind_bit, cost, objectives, problem)

@cython.locals(got=tuple, costs=dict)
cdef _solve_on(_SupplyArrays board, v, objectives, problem)

@cython.locals(orders=dict)
cdef _solve_cost(_SupplyArrays board, _Cost cost, objectives, problem)

@cython.locals(b=_SupplyArrays)
cpdef _read_board(c)

cpdef read_plain(list taps, tuple kind_bit)

@cython.locals(b=_SupplyArrays)
cdef _SupplyArrays _plain_board()

cdef list _PLAIN_SPARE

@cython.locals(names=Members, singles=list, multis=list, tpl=Template, copies=i64, at=int, j=int)
cdef _read_plain_into(_SupplyArrays b, list taps, tuple kind_bit)

@cython.locals(at=int, j=int, singles=list, multis=list, copies=i64)
cdef _classes(_SupplyArrays b, dict per_source)

@cython.locals(at=int)
cdef int _single_class(_SupplyArrays b, list singles, int mask, i64 copies) except -2

@cython.locals(j=int, t=int)
cdef int _multi_class(_SupplyArrays b, list multis, tuple counts, i64 size, int at,
                      i64 copies) except -2

@cython.locals(k=_Cost, infos=list, n=Py_ssize_t)
cpdef _read_cost(v, _SupplyArrays board)

@cython.locals(k=_Cost, infos=list, memo=dict, di=Py_ssize_t, got=object, per=list, row=object,
               full=tuple)
cpdef read_plain_cost(tuple groups, long long made)

@cython.locals(full=tuple)
cdef object _group_rows(g)

@cython.locals(infos=list, memo=dict, di=Py_ssize_t, got=tuple, row=tuple)
cdef _demand_rows(_Cost k, demands, tuple kind_bit)

cdef _write(_Cost k, Py_ssize_t di, tuple row)


cdef class _Scratch:
    cdef int rmask[16]
    cdef i64 need0[16]
    cdef i64 need[16]
    cdef i64 bound[8]
    cdef i64 m[8]
    cdef i64 best_m[8]
    cdef i64 ncap[40]
    cdef int nmask[40]
    cdef int nstage[40]
    cdef int nref[40]
    cdef i64 f[640]
    cdef i64 vals[3]
    cdef i64 best[3]
    cdef int via[16]
    cdef int back[16]
    cdef int seen[16]
    cdef int held[40]
    cdef int queue[16]
    cdef int cur[24]
    cdef i64 used[24]

@cython.locals(w=_Scratch, spare=list)
cdef object _search(_SupplyArrays b, _Cost k, _Order o, i64 x, i64 life_units)

@cython.locals(n_rows=int, demand=i64, n_multi=int, combos=i64, most=i64, units=i64, reach=i64, got=i64,
               found=bint, last_best=bint, n_nodes=int, acts=i64, i=int, j=int, r=int, t=int, q=int, s=int,
               objective=dict, code=int)
cdef object _search_in(_SupplyArrays b, _Cost k, _Order o, _Scratch w, i64 x, i64 life_units)

@cython.locals(q=int, a=i64, z=i64)
cdef bint _better(_Order o, i64* vals, i64* best) noexcept

@cython.locals(n=int, q=int, stage=int, t=int, j=int, s=int, units=i64, cap=i64)
cdef int _nodes(_SupplyArrays b, _Order o, i64* m, i64 life_units, i64* ncap, int* nmask, int* nstage, int* nref) noexcept

@cython.locals(life=i64, sources=i64, waste=i64, sent=i64, stage=int, i=int, j=int, r=int)
cdef void _values(_SupplyArrays b, i64* m, int n_nodes, int* nstage, int n_rows, i64* f, i64* vals) noexcept

@cython.locals(unmet=i64, room=i64, push=i64, mask=int, mj=int, i=int, j=int, r=int,
               r2=int, tail=int, head=int, end=int)
cdef bint _flow(int n_nodes, i64* ncap, int* nmask, int n_rows, int* rmask, i64* need, i64* f, int* via, int* back,
               int* seen, int* held, int* queue) noexcept
