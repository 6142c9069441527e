"""Real recogniser transcripts for the corpus: each sentence of a file in the corpus's
format is spoken by a speech synthesiser (espeak-ng) and heard by a speech recogniser
(pocketsphinx, its own US English model), a weak one: a worst case of dictation.

Not run by the tests, which read the transcripts it wrote (``transcripts_en.txt``); run it
by hand where the tools are installed (``apt-get install espeak-ng sox``, ``pip install
pocketsphinx`` in a virtualenv of its own)::

    python -m tests.sentence.transcribe said.txt > transcripts.txt

It writes, for each sentence and each voice, the sentence and its fields in a comment,
then the transcript with the same fields, to correct by hand into what the transcript
still says.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import wave
from pathlib import Path
from typing import Any

VOICES = (("en-us", 150), ("en-gb", 130))
"""espeak-ng's voice and words a minute: two readings of each sentence."""


def hear(decoder: Any, text: str, voice: str, speed: int, work: Path) -> str:
    """What the recogniser hears of ``text`` spoken by ``voice``."""
    spoken, heard = work / "spoken.wav", work / "heard.wav"
    subprocess.run(
        ["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(spoken), text], check=True
    )
    subprocess.run(
        ["sox", str(spoken), "-r", "16000", "-c", "1", "-b", "16", str(heard)], check=True
    )
    with wave.open(str(heard)) as sound:
        frames = sound.readframes(sound.getnframes())
    decoder.start_utt()
    decoder.process_raw(frames, full_utt=True)
    decoder.end_utt()
    found = decoder.hyp()
    return str(found.hypstr) if found is not None else ""


def main(source: Path) -> None:
    from pocketsphinx import Decoder  # type: ignore[import-not-found]  # where installed

    decoder = Decoder(samprate=16000)
    with tempfile.TemporaryDirectory() as folder:
        for line in source.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith(("#", "@")):
                print(line)
                continue
            text, _, fields = line.partition(" => ")
            for voice, speed in VOICES:
                heard = hear(decoder, text, voice, speed, Path(folder)) or "(nothing)"
                print(f"# said ({voice}): {text} => {fields}")
                print(f"{heard} => {fields}", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
