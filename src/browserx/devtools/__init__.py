"""What DevTools shows a developer, for agents: evaluation, console, network, service workers, offline."""
