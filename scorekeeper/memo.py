"""A process's memo of what it made once (a part of a page, an address), bounded: a key
may come from a request, so the memo never grows with requests."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

V = TypeVar("V")


def remembered(memo: dict[Hashable, V], key: Hashable, make: Callable[[], V], most: int) -> V:
    """``memo[key]``, made by ``make()`` the first time; the memo is emptied first when it
    already holds ``most`` (what is made is made alike again)."""
    found = memo.get(key)
    if found is None:
        if len(memo) >= most:
            memo.clear()
        found = memo[key] = make()
    return found
