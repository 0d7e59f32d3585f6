"""`python -m browserx.cli ...` is the `browserx` command."""

import sys

from . import main

sys.exit(main())
