"""Bot inputs as the engines hand them over, for tests that call bots directly."""


def sealed(arr):
    """A read-only view: the array type a bot gets from either engine's kernel.
    Calling bots (and the built-in switch) with it reuses the code compiled for
    the kernels and the plug-ins instead of compiling every bot a second time
    for writable arrays."""
    view = arr.view()
    view.flags.writeable = False
    return view
