"""The process's bounded memo (scorekeeper/memo.py): made once, never past its size."""

from __future__ import annotations

from collections.abc import Hashable

from scorekeeper.memo import remembered


def test_a_value_is_made_once_and_the_memo_never_holds_more_than_its_most() -> None:
    memo: dict[Hashable, str] = {}
    made: list[int] = []

    def make(n: int) -> str:
        made.append(n)
        return f"value {n}"

    assert remembered(memo, 1, lambda: make(1), 3) == "value 1"
    assert remembered(memo, 1, lambda: make(1), 3) == "value 1"
    assert made == [1]
    for n in range(2, 10):  # keys a request could bring
        assert remembered(memo, n, lambda n=n: make(n), 3) == f"value {n}"  # type: ignore[misc]
        assert len(memo) <= 3
    assert remembered(memo, 1, lambda: make(1), 3) == "value 1"  # made alike again
    assert made == [1, 2, 3, 4, 5, 6, 7, 8, 9, 1]
