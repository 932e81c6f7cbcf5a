"""The variants, one module each, and the registry that finds them by name or from a record.

Adding a variant is one module with a :class:`~solver.variants.base.Variant` subclass and
one line in :data:`REGISTRY`.

>>> find_variant("offiziersskat").seats, variant_of({"hands": {}}).name
('FR', 'skat')
>>> find_variant("doppelkopf")
Traceback (most recent call last):
...
solver.variants.UnknownVariant: unknown variant 'doppelkopf' (expected skat or offiziersskat)
"""

from __future__ import annotations

from .base import Settlement, Variant
from .offiziersskat import Offiziersskat
from .skat import Skat

#: Every variant by its name (the order: how the names are listed in messages and forms).
REGISTRY: dict[str, type[Variant]] = {
    "skat": Skat,
    "offiziersskat": Offiziersskat,
}


class UnknownVariant(ValueError):
    """A variant name the registry does not know; the message lists the known ones."""


def _known() -> str:
    names = list(REGISTRY)
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def find_variant(name: str) -> Variant:
    """The variant called ``name`` (case-insensitive)."""
    cls = REGISTRY.get(str(name).strip().lower())
    if cls is None:
        raise UnknownVariant(f"unknown variant {name!r} (expected {_known()})")
    return cls()


def variant_of_deal(deal: object) -> Variant:
    """The variant a loaded deal is of (by its type)."""
    for cls in REGISTRY.values():
        if isinstance(deal, cls.deal_type):
            return cls()
    raise UnknownVariant(f"no variant deals a {type(deal).__name__}")


def variant_of(rec: dict) -> Variant:
    """The variant a record is of: its ``variant`` key, or classic Skat without one."""
    name = rec.get("variant")
    return find_variant("skat" if name is None else name)


__all__ = ["REGISTRY", "Settlement", "UnknownVariant", "Variant", "find_variant", "variant_of", "variant_of_deal"]
