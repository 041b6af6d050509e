"""One lock for the first imports of the heavy libraries loaded lazily (torch, matplotlib, PIL).

They are imported where first used, so a page that only tokenizes never waits for them. But the
server's first requests run in threads beside its warm-up, and two threads importing matplotlib at
the same moment each see the other's half-made module (matplotlib.colors and matplotlib.cm import
each other): "cannot import name 'Colormap' from partially initialized module", and the first
students of a fresh server got "This plot could not be drawn". So each such import is made under
this lock; once a module is loaded, taking it again costs well under a microsecond.
"""

import threading

HEAVY_IMPORTS = threading.Lock()
