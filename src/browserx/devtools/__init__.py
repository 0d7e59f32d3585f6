"""What DevTools shows a developer, for agents: evaluation, console, network, service workers, offline.

The collectors that must see a tab from the moment it attaches are `TabSetup`s, given to the manager
by its owner: `BrowserManager(config, setups=devtools.SETUPS)` (browserx.tools.TAB_SETUPS has them).
"""

from .contexts import CONTEXTS
from .network import NETWORK
from .offline import OFFLINE
from .service_workers import SERVICE_WORKERS

SETUPS = (CONTEXTS, NETWORK, OFFLINE, SERVICE_WORKERS)

__all__ = ["CONTEXTS", "NETWORK", "OFFLINE", "SERVICE_WORKERS", "SETUPS"]
