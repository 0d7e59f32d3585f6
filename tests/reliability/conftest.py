import pytest

FAULTS = {"injected": 0, "survived": 0}


@pytest.fixture(scope="session")
def faults():
    yield FAULTS
    if FAULTS["injected"]:
        print(f"\nfaults: {FAULTS['injected']} injected, {FAULTS['survived']} survived "
              f"(coded error on the call in flight, next call works)")
