"""Runs SQL statements on chDB (an in-process current ClickHouse) for the test
that checks the product's SQL on a current server.

Reads one JSON object on stdin:
  {"path": "<data folder>", "settings": {name: value}, "statements": [{"sql": "...", "data": "..."}]}
`data` (optional) follows the statement on the next line, as an INSERT's rows
do over HTTP. Every statement runs, in order, even after one fails; prints one
JSON array, an entry per statement: {"rows": [...]} (JSONEachRow, parsed) or
{"error": "<ClickHouse's error text>"}.
"""
import json
import sys

from chdb import session


def literal(value):
    return str(value) if isinstance(value, (int, float)) else "'" + str(value).replace("\\", "\\\\").replace("'", "\\'") + "'"


def run(request):
    db = session.Session(request["path"])
    try:
        for name, value in request.get("settings", {}).items():
            db.query(f"SET {name} = {literal(value)}")
        results = []
        for statement in request["statements"]:
            text = statement["sql"] + ("\n" + statement["data"] if statement.get("data") else "")
            try:
                out = db.query(text, "JSONEachRow").bytes().decode()
                results.append({"rows": [json.loads(line) for line in out.splitlines() if line.strip()]})
            except Exception as error:  # chDB raises its own error type with ClickHouse's message
                results.append({"error": str(error)})
        return results
    finally:
        db.close()


if __name__ == "__main__":
    json.dump(run(json.load(sys.stdin)), sys.stdout)
