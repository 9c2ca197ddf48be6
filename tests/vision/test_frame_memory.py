"""Reading frame after frame keeps its working memory instead of faulting it in every time
(controller.memory, set by the `senet-board` command for every process it starts)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import cv2

from vision import scenes
from vision.render import render

# Reads the pictures given as arguments over and over, as a camera's frames are, in a fresh
# process: rendering in the same process would free big arrays first, which makes glibc raise
# its thresholds by itself, and a real camera's process renders nothing.
READ_AGAIN = """
import resource, sys
import cv2
from controller.memory import keep_freed_memory
from vision.reader import StickReader
assert keep_freed_memory(), "glibc's malloc refused the thresholds"
frames = [cv2.imread(path) for path in sys.argv[1:]]
reader = StickReader()
for frame in frames:
    reader.read(frame)
before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(5):
    for frame in frames:
        reader.read(frame)
print((resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / (5 * len(frames)))
"""


def test_a_reader_reads_frames_without_faulting_its_memory_in_again(tmp_path: Path) -> None:
    setup = scenes.make_setup("dark", "linen", "overhead", seed=1)
    paths = []
    for n in range(4):
        paths.append(str(tmp_path / f"{n}.png"))
        cv2.imwrite(paths[-1], render(scenes.clean_scene(setup, n, seed=n), setup.texture_seed))
    done = subprocess.run(
        [sys.executable, "-c", READ_AGAIN, *paths], capture_output=True, text=True, check=True
    )
    # Without the thresholds, a 640x480 frame faults in 400 to 800 pages each time.
    assert float(done.stdout) < 20
