"""How the search's functions are compiled: numba's ``njit`` (nopython, cached on disk), made in
one place before any of them compiles.

The entry points (:func:`solver.search.kernel.search`, ``solve_batch``) take their signature in
``njit`` and compile when their module is imported.  The helpers of each technique are
:func:`compiled` lazily: when the search is compiled it types their calls and links them in, or
loads them from the cache, and a cached search loads none of them (a quick start).  Each helper
names the one signature it is called with, so :func:`precompile` can compile a module's helpers
ahead of the search, in another process too, into the cache that the search then loads them
from (:func:`solver.search.compile.compile_kernel`).
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable
from typing import Any, cast

import llvmlite.binding as llvm
from llvmlite import ir
from numba import njit as _numba_njit
from numba import types
from numba.core import sigutils
from numba.core.codegen import CPUCodeLibrary
from numba.extending import intrinsic
from numba.core.errors import NumbaIRAssumptionWarning

__all__ = ["njit", "compiled", "precompile", "prefetch", "address_of"]

# numba's pedantic SSA check flags the inlined trick rules' conditional expressions; the
# compiled code is right (the reference tests check every value), the message is noise
warnings.filterwarnings("ignore", category=NumbaIRAssumptionWarning)

def njit(*args: Any, **options: Any) -> Any:
    """numba's ``njit`` without its reference counting (``_nrt=False``).

    With it, every call of a compiled function that takes arrays counts a reference to each
    array up on entry and down on return, an atomic (``lock``) instruction apiece: eight
    per search node, on the four work arrays (measured: ``docs/measurements.md``, "No
    reference counting").  No compiled function of the search allocates (the work array comes from
    :func:`solver.search.layout.new_work`), so nothing needs counting; numba refuses to
    compile one that would."""
    options.setdefault("_nrt", False)
    return _numba_njit(*args, **options)


#: module name -> its helpers and the argument types each is called with
HELPERS: dict[str, list[tuple[Any, tuple]]] = {}

#: The helpers compiled into their callers (``compiled(..., inline=True)``): the fast bound, which
#: the search asks at every node (its sure tricks, :func:`solver.search.quick_tricks.sure_bound`,
#: stay a call, made at trick starts only; measured: ``docs/measurements.md``, "Inlined
#: helpers").  Also inlined: Offiziersskat's
#: face-down cards under a set of covering cards (:func:`solver.search.moves.under_cards`, four
#: table loads), which every two-player node asks.
INLINED: list[str] = []


def compiled(signature: str, inline: bool = False) -> Callable:
    """``njit(cache=True)``, compiled on first use; ``signature`` is the one its callers use
    (no literal-typed copies: pass constants as variables or give the helper a signature).

    ``inline``: numba inlines the helper into each caller as it types it (``inline="always"``),
    so no call is left (:data:`INLINED`).  Such a helper is compiled inside its callers,
    never ahead of them (:func:`precompile` skips it)."""
    args, _ = sigutils.normalize_signature(signature)

    def wrap(f: Callable) -> Any:
        if inline:
            d = njit(cache=True, inline="always")(f)
            INLINED.append(f"{f.__module__}.{f.__name__}")
            return d
        d = njit(cache=True)(f)
        HELPERS.setdefault(f.__module__, []).append((d, tuple(args)))
        return d
    return wrap


#: The modules whose compiled helpers LLVM inlines into their callers when numba links them in
#: (:func:`_linked_for_inlining`): the table's and the moves', which the search calls at every
#: node.  numba links a helper's LLVM module into each caller's and optimises the whole, but its
#: inliner leaves the larger helpers calls; marked ``alwaysinline`` they are taken in, at no
#: cost in numba's typing (what made the helpers inlined by numba, :data:`INLINED`, so dear in
#: compile time; measured: ``docs/measurements.md``, "Helpers linked for inlining").
LINKED_INLINE = ("solver.search.transposition", "solver.search.moves")


def _mangled(module: str) -> str:
    """The start of numba's (Itanium-style) mangled names of a module's functions."""
    return "_ZN" + "".join(f"{len(part)}{part}" for part in module.split("."))


def _linked_for_inlining(link: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """numba's ``CPUCodeLibrary._get_module_for_linking`` (the LLVM module of a compiled function
    that numba links into its callers, also what its cache keeps for them), with the functions of
    :data:`LINKED_INLINE` marked ``alwaysinline``."""
    starts = tuple(_mangled(m) for m in LINKED_INLINE)

    def module_for_linking(library: Any) -> Any:
        mod = link(library)
        for fn in mod.functions:
            if not fn.is_declaration and fn.name.startswith(starts):
                fn.add_function_attribute("alwaysinline")      # (again on a module linked before: the same)
        return mod
    return module_for_linking


def _marks_the_function() -> bool:
    """Does this llvmlite's ``add_function_attribute`` mark the function?  (llvmlite 0.42, with
    numba 0.59, puts the attribute on the return value, which LLVM rejects: there the helpers
    stay calls.)"""
    mod = llvm.parse_assembly("define i64 @f(i64 %x) {\n  ret i64 %x\n}\n")
    mod.get_function("f").add_function_attribute("alwaysinline")
    try:
        mod.verify()
    except RuntimeError:
        return False
    return True


if hasattr(CPUCodeLibrary, "_get_module_for_linking") and _marks_the_function():    # (numba 0.59-0.68 have it)
    CPUCodeLibrary._get_module_for_linking = (  # type: ignore[method-assign]
        _linked_for_inlining(CPUCodeLibrary._get_module_for_linking))


def precompile(*modules: str) -> None:
    """Import ``modules`` and compile their helpers for their signatures (or load them from
    the cache), as the search's compile would."""
    for m in modules:
        importlib.import_module(m)
        for d, args in HELPERS.get(m, []):
            d.compile(args)


@intrinsic
def _prefetch(typingctx: Any, arr: Any, i: Any) -> Any:
    """Ask the processor to bring ``arr[i]``'s cache line in ahead of its use (LLVM's
    ``llvm.prefetch``: a read, kept in every cache level); no value, no effect on results.

    The intrinsic's name carries its pointer type (``llvm.prefetch.p0i8`` in LLVM 14, ``.p0``
    with opaque pointers): ``declare_intrinsic`` spells it from the pointer type llvmlite makes,
    and newer LLVMs rename the typed spelling themselves (compiled and run with numba 0.59 /
    LLVM 14 and numba 0.68 / LLVM 22)."""
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        if isinstance(signature.args[0], types.CPointer):
            data = args[0]                  # (the search's work array, passed as its address)
        else:
            data = context.make_array(signature.args[0])(context, builder, args[0]).data
        byte_ptr = ir.IntType(8).as_pointer()
        ptr = builder.bitcast(builder.gep(data, [args[1]]), byte_ptr)
        i32 = ir.IntType(32)
        fn = builder.module.declare_intrinsic(
            "llvm.prefetch", [byte_ptr], ir.FunctionType(ir.VoidType(), [byte_ptr, i32, i32, i32]))
        # (address, read = 0, locality 3 = keep in every level, data cache = 1)
        builder.call(fn, [ptr, ir.Constant(i32, 0), ir.Constant(i32, 3), ir.Constant(i32, 1)])
        return context.get_dummy_value()
    return types.void(arr, i), codegen


@intrinsic
def _address_of(typingctx: Any, arr: Any) -> Any:
    """The address of an int64 array's first element: a pointer that compiled code indexes as it
    would the array (with no bounds check either way)."""
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return context.make_array(signature.args[0])(context, builder, args[0]).data
    return types.CPointer(types.int64)(arr), codegen


#: The work array as the search's functions take it (``CPointer(int64)`` in their signatures):
#: its address.  A compiled call passes an array as seven values (data, shape, strides, item
#: size, count and two owners) and a pointer as one; the search and its helpers take the work
#: array at every node.  (Every index into it is a field's offset plus a card, or less one
#: where there is none, so never negative: an array would wrap a negative index round, a
#: pointer would not.)  Measured: ``docs/measurements.md``, "The work array by its address".
address_of = cast(Callable[[Any], Any], _address_of)


#: (as compiled code calls it: an array and an index)
prefetch = cast(Callable[[Any, int], None], _prefetch)
