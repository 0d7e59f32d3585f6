"""What the reliability suites did, one line per suite, for the test run's summary."""

COUNTS: dict[str, str] = {}
FAULTS = {"injected": 0, "survived": 0}
