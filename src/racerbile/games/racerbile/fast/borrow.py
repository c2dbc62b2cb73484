# mypy: disallow-untyped-defs=False
"""The batch's arrays as views without an owner, so compiled code counts no references.

Compiled code counts a reference (an atomic add, then an atomic subtract) whenever it
binds an array, and a tuple of arrays once per member; in the race kernel that was
over half of the time. Every array of a batch is owned by the Python caller for the
whole call, so the kernel may work on views of the same memory that own nothing:
:func:`numba.carray` over :meth:`cffi.FFI.from_buffer`, the documented way to wrap
memory that compiled code does not manage. A view never outlives the call.
Everything here is inlined into the batch: nothing of its own to compile.
"""

from __future__ import annotations

import cffi
from numba import carray, njit

from .movehelp import Memo, Options, Scratch
from .tables import PolicyTables, Tables

_FFI = cffi.FFI()


@njit(cache=True, inline="always")
def borrow(a):
    """A view of C-contiguous ``a`` that owns nothing (valid while ``a`` lives)."""
    return carray(_FFI.from_buffer(a), a.shape)


@njit(cache=True, inline="always")
def borrowed_tables(t):
    """The track tables as views that own nothing."""
    return Tables(
        borrow(t.q), borrow(t.r), borrow(t.is_track), borrow(t.nb), borrow(t.open_),
        borrow(t.finish), borrow(t.midway), borrow(t.kind), borrow(t.branch_fork),
        borrow(t.branch_choice), borrow(t.radix), borrow(t.closed), borrow(t.dist),
        borrow(t.lap_length), borrow(t.grid_cell), borrow(t.grid_facing),
    )  # fmt: skip


@njit(cache=True, inline="always")
def borrowed_policy(p):
    """The optimal bot's tables as views that own nothing."""
    return PolicyTables(borrow(p.positions), borrow(p.values), borrow(p.q))


@njit(cache=True, inline="always")
def borrowed_options(o):
    """Move options as views that own nothing."""
    return Options(
        borrow(o.cell), borrow(o.sips), borrow(o.off), borrow(o.steps), borrow(o.dirs),
        borrow(o.laps),
    )  # fmt: skip


@njit(cache=True, inline="always")
def borrowed_memo(m):
    """The move-help memo as views that own nothing."""
    return Memo(borrow(m.firsts), borrow(m.counts), borrowed_options(m.options), borrow(m.reach))


@njit(cache=True, inline="always")
def borrowed_scratch(s):
    """A thread's move-help work arrays as views that own nothing."""
    return Scratch(
        borrow(s.cost), borrow(s.length), borrow(s.n_paths), borrow(s.dirs), borrow(s.cells),
        borrow(s.f_cell), borrow(s.f_head), borrow(s.f_count), borrow(s.f_paths),
        borrow(s.g_key), borrow(s.g_count), borrow(s.g_paths), borrow(s.slot),
        borrow(s.best_sips), borrow(s.best_off), borrow(s.best_len), borrow(s.best_dirs),
        borrow(s.touched), borrow(s.moves), borrow(s.kinds), borrowed_options(s.out),
    )  # fmt: skip
