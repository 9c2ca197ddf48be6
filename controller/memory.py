"""Keeping freed frame memory in the process.

Reading a camera frame goes through a few arrays of up to a megabyte each. glibc's malloc hands
blocks that large back to the kernel when they are freed (or trims them off the top of the
heap), so every frame faults its working memory in again page by page: about 400 to 800 page
faults per frame, over 2 ms of the 5 ms a 640x480 frame may take on the benchmark machine.
Raising the two thresholds keeps that memory for the next frame; the price is holding on to the
largest working set seen, a few megabytes.
"""

from __future__ import annotations

import ctypes

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_ABOVE = 16 << 20
TRIM_ABOVE = 64 << 20


def keep_freed_memory() -> bool:
    """Ask glibc's malloc to serve blocks under MMAP_ABOVE from its heap and keep up to
    TRIM_ABOVE of freed heap; False where malloc is not glibc's or refuses the values."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_ABOVE)) and bool(
        mallopt(M_TRIM_THRESHOLD, TRIM_ABOVE)
    )
