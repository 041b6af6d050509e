"""The server's memory given back: glibc's malloc tuned so that what a request frees returns to the system
(tune_malloc, once at launch).
"""

from __future__ import annotations

import ctypes
import threading
import time

M_ARENA_MAX = -8  # glibc's mallopt() parameter numbers (malloc.h): the arena limit,
M_MMAP_THRESHOLD = -3  # and the size from which a block comes from mmap
MMAP_THRESHOLD_BYTES = 1 << 20  # 1 MiB: one-hot tensors and plots above it go straight back to the system
TRIM_EVERY_SECONDS = 15  # how often the heap's free pages are handed back (malloc_trim): a few ms each time


def tune_malloc() -> None:
    """Two glibc malloc arenas for the whole server instead of up to eight per core, and large blocks
    always from mmap, so that what a request frees goes back to the system.

    glibc gives each thread that allocates its own arena, and what one frees the others do not
    reuse: Gradio runs handlers on up to 40 threads. And after a large block is freed, glibc raises
    its mmap threshold to that size, so the next multi-MB tensors (a one-hot check, a plot) come
    from the heap, where they fragment and stay. Measured with bench/hardening.py (1,000 sessions).

    And every TRIM_EVERY_SECONDS, the free pages inside the heap go back too (malloc_trim): the
    many small blocks of a class's requests leave holes that glibc otherwise keeps.
    """
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_ARENA_MAX, 2)
        libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES)  # a fixed threshold: no dynamic raising
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc: nothing to tune
        return

    def trim_now_and_then() -> None:
        while True:
            time.sleep(TRIM_EVERY_SECONDS)
            trim(0)

    threading.Thread(target=trim_now_and_then, name="malloc-trim", daemon=True).start()
