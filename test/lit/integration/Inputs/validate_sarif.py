"""Validates a SARIF log against the SARIF 2.1.0 JSON schema.

usage: validate_sarif.py SCHEMA LOG; prints every violation and exits 1 when
there is one. The schema is the published one (see docs/sarif.md); the
validator is python3-jsonschema.
"""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
log = json.load(open(sys.argv[2]))
validator = jsonschema.Draft4Validator(
    schema, format_checker=jsonschema.FormatChecker())
errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
for e in errors:
    print("/".join(str(p) for p in e.path) + ": " + e.message)
if errors:
    sys.exit(1)
print("valid SARIF 2.1.0")
