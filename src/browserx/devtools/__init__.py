"""What DevTools shows a developer, for agents: evaluation, console, network, service workers, offline.

Importing the package registers the per-tab hooks (network log, logs of iframes and workers,
offline state for workers), so a library user gets them without loading the tools.
"""

from . import contexts, network, offline, service_workers  # noqa: F401 - registers Tab.attach_hooks
