#!/usr/bin/env python3
"""Write docs/flow.schema.json, the JSON Schema of a flow file, from the model (tools/flows/model.py).

    python scripts/gen_flow_schema.py

tests/flows/test_record.py fails while the file and the model differ.
"""

from __future__ import annotations

import json
from pathlib import Path

from browserx.tools.flows import FLOW_SCHEMA

OUT = Path(__file__).resolve().parents[1] / "docs" / "flow.schema.json"

if __name__ == "__main__":
    OUT.write_text(json.dumps(FLOW_SCHEMA, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")
