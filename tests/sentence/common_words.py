"""Writes ``scorekeeper/sentence/common_words.txt``: the common words of French and
English, which a close spelling never turns into a player ("mile" is not Mike).

Not run by the tests; run by hand to make the list again::

    python -m tests.sentence.common_words FREQ_EN FREQ_FR DICT_EN... -- DICT_FR...

``FREQ_*``: a word frequency list (JSON, word to count, gzipped, such as the ones the
spell checker ``pyspellchecker`` ships in ``spellchecker/resources``); ``DICT_*``: word
lists of one word a line (Debian's ``wamerican``, ``wbritish``, ``wfrench``). A word is
kept when it is among the ``MOST`` frequent of its language, written in lower case in
that language's word list (proper names, capitalised there, are not), three letters or
more, letters only.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

from scorekeeper.sentence.names import plain

MOST = 20_000
"""The most frequent words of each language that are looked at."""

OUT = Path(__file__).resolve().parents[2] / "scorekeeper" / "sentence" / "common_words.txt"

HEADER = """\
# Common words of French and English, plain (lower case, no accents), one a line: a word
# of this list is never read as a close spelling of a player's name (scorekeeper/sentence/
# names.py). Made by tests/sentence/common_words.py from word frequencies (OpenSubtitles,
# as pyspellchecker ships them) and Debian's word lists (wamerican, wbritish, wfrench).
"""


def lower_words(paths: list[str]) -> set[str]:
    """The words written in lower case in the word lists, plain."""
    found = set()
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line and line[0].islower() and "'" not in line:
                found.add(plain(line))
    return found


def common(frequencies: str, dictionary: set[str]) -> set[str]:
    counts: dict[str, int] = json.loads(gzip.decompress(Path(frequencies).read_bytes()))
    ranked = sorted(counts, key=lambda word: -counts[word])[:MOST]
    return {w for w in map(plain, ranked) if len(w) >= 3 and w.isalpha() and w in dictionary}


def main(args: list[str]) -> None:
    freq_en, freq_fr, *lists = args
    split = lists.index("--")
    words = common(freq_en, lower_words(lists[:split])) | common(
        freq_fr, lower_words(lists[split + 1 :])
    )
    OUT.write_text(HEADER + "\n".join(sorted(words)) + "\n", encoding="utf-8")
    print(f"{len(words)} words written to {OUT}")


if __name__ == "__main__":
    main(sys.argv[1:])
