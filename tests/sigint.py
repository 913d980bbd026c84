"""Child processes that a test interrupts get Python's own Ctrl-C handling.

A shell without job control starts background jobs with SIGINT ignored, and a
child inherits that (Python then keeps SIG_IGN): run from such a job, a test
that sends SIGINT to a `sim` process would see it ignored. `default_sigint` as
``preexec_fn`` restores the default before the child starts."""

import signal


def default_sigint():
    signal.signal(signal.SIGINT, signal.SIG_DFL)
