"""The per-partition throughput ceiling (FAIRSLOT_FAULTS partition_wcu=N, partition_rcu=N).

Why: on AWS one partition key accepts about 1,000 write units and 3,000 read units a second, however
much on-demand capacity the table has, and a transactional write costs twice. A random throttle rate
cannot show that a hot slot item caps near a few hundred booking transactions a second; this can.

The model, per (table, index or base, partition key value), in fixed one-second windows:
- a write costs ceil(size / 1 KB) units, the size being the larger of the item before and after,
  sized by DynamoDB's rule (attribute names plus values: a string's UTF-8 bytes, a number about
  one byte per two digits plus one, 3 bytes per list or map plus 1 per element); in TransactWriteItems
  each write costs twice that, and a ConditionCheck reads (2 units per 4 KB, transactional);
- a read costs ceil(size / 4 KB) units for a consistent read, half for an eventually consistent one,
  twice in TransactGetItems; a Query costs its items' total size in 4 KB units, charged to the
  partition it names (of the base table or of the index);
- a write whose units do not fit the window's remainder is refused before anything is written:
  ProvisionedThroughputExceededException for a single-item call, and for a transaction a
  TransactionCanceledException whose reason is ThrottlingError for each item over its ceiling (None
  for the rest), as DynamoDB reports it; the SDK does not retry that one on its own.
- a read is refused when its partition has used the window up; it is charged after it is answered
  (its size is known then).
"""

import json
import math
import re

from moto.core import DEFAULT_ACCOUNT_ID
from moto.dynamodb.models import dynamodb_backends

DDB = "com.amazonaws.dynamodb.v20120810#"


def _size(raw):
    """An item's size as DynamoDB counts it (names and values). Its JSON overstated a slot item by
    60 %: 1,216 characters for 751 bytes, 2 KB of units for 1."""
    if not raw:
        return 0
    return sum(len(name.encode("utf-8")) + _value_size(value) for name, value in raw.items())


def _value_size(value):
    if not isinstance(value, dict) or len(value) != 1:
        return len(json.dumps(value))
    (kind, v), = value.items()
    if kind == "S":
        return len(v.encode("utf-8"))
    if kind == "N":
        digits = len(v.lstrip("-").replace(".", "").lstrip("0")) or 1
        return (digits + 1) // 2 + 1
    if kind == "B":
        return len(v) * 3 // 4  # base64 on the wire
    if kind in ("BOOL", "NULL"):
        return 1
    if kind == "L":
        return 3 + sum(1 + _value_size(e) for e in v)
    if kind == "M":
        return 3 + sum(1 + len(k.encode("utf-8")) + _value_size(e) for k, e in v.items())
    if kind == "SS":
        return sum(len(e.encode("utf-8")) for e in v)
    if kind == "NS":
        return sum(_value_size({"N": e}) for e in v)
    if kind == "BS":
        return sum(len(e) * 3 // 4 for e in v)
    return len(json.dumps(v))


class PartitionCeiling:
    def __init__(self, wcu, rcu):
        self.wcu = wcu
        self.rcu = rcu
        self._windows = {}  # partition -> [second, write units used, read units used]
        # partition -> [write units, read units, busiest second's write units], for the report
        self._totals = {}

    def _window(self, partition, now):
        second = int(now)
        w = self._windows.get(partition)
        if w is not None and w[0] != second:
            self._close(partition, w)
        if w is None or w[0] != second:
            w = self._windows[partition] = [second, 0.0, 0.0]
            if len(self._windows) > 50_000:
                for k, v in self._windows.items():
                    if v[0] != second:
                        self._close(k, v)
                self._windows = {k: v for k, v in self._windows.items() if v[0] == second}
                self._windows[partition] = w
        return w

    def _close(self, partition, w):
        t = self._totals.setdefault(partition, [0.0, 0.0, 0.0])
        t[0] += w[1]
        t[1] += w[2]
        t[2] = max(t[2], w[1])

    def hottest(self):
        """The partition that took the most write units so far: what a flash crowd's slot costs."""
        totals = {}
        for partition, t in self._totals.items():
            totals[partition] = list(t)
        for partition, w in self._windows.items():  # the open windows count too
            t = totals.setdefault(partition, [0.0, 0.0, 0.0])
            t[0] += w[1]
            t[1] += w[2]
            t[2] = max(t[2], w[1])
        if not totals:
            return None
        partition, t = max(totals.items(), key=lambda kv: kv[1][0])
        return {"table": partition[0], "index": partition[1], "key": json.loads(partition[2]),
                "writeUnits": t[0], "readUnits": t[1], "peakWriteUnitsPerSecond": t[2]}

    # --- what a request names ----------------------------------------------------------------------

    @staticmethod
    def _table(region, name):
        try:
            return dynamodb_backends[DEFAULT_ACCOUNT_ID][region].tables.get(name)
        except Exception:
            return None

    @staticmethod
    def _hash_attr(table, index):
        for i in table.global_indexes if index is not None else []:
            if i.name == index:
                return next(k["AttributeName"] for k in i.schema if k["KeyType"] == "HASH")
        return table.hash_key_attr

    @staticmethod
    def _partition(table, raw, index=None):
        value = (raw or {}).get(PartitionCeiling._hash_attr(table, index))
        return None if value is None else (table.name, index or "", json.dumps(value, sort_keys=True))

    @staticmethod
    def _current(table, raw):
        names = [table.hash_key_attr] + ([table.range_key_attr] if table.range_key_attr else [])
        if not raw or any(n not in raw for n in names):
            return None
        try:
            from moto.dynamodb.models.dynamo_type import DynamoType
            item = table.get_item(DynamoType(raw[names[0]]),
                                  DynamoType(raw[names[1]]) if len(names) > 1 else None)
            return item.to_json()["Attributes"] if item is not None else None
        except Exception:
            return None

    def _write_units(self, table, op_type, op):
        raw = op.get("Item") if op_type == "Put" else op.get("Key")
        before = self._current(table, raw)
        size = max(_size(before), _size(op.get("Item")) + _size(op.get("ExpressionAttributeValues")))
        return raw, max(1, math.ceil(size / 1024))

    # --- before a call --------------------------------------------------------------------------

    def refuse(self, op, request, region, now):
        """The error to answer instead of running the call, or None (the call's units are charged)."""
        if op in ("PutItem", "UpdateItem", "DeleteItem") and self.wcu > 0:
            table = self._table(region, request.get("TableName"))
            if table is None:
                return None
            op_type = {"PutItem": "Put", "UpdateItem": "Update", "DeleteItem": "Delete"}[op]
            raw, units = self._write_units(table, op_type, request)
            return self._take_writes([(self._partition(table, raw), units)], now, single=True)
        if op == "TransactWriteItems" and (self.wcu > 0 or self.rcu > 0):
            return self._transaction(request, region, now)
        if op in ("GetItem", "Query", "BatchGetItem", "TransactGetItems") and self.rcu > 0:
            for partition in self._read_partitions(op, request, region):
                if partition is not None and self._window(partition, now)[2] >= self.rcu:
                    return _error("ProvisionedThroughputExceededException",
                                  "The level of configured provisioned throughput for the table was"
                                  " exceeded (partition read ceiling, fault injected)")
        return None

    def _transaction(self, request, region, now):
        charges = []
        for entry in request.get("TransactItems", []):
            if len(entry) != 1:
                charges.append((None, 0, "w"))
                continue
            op_type, op = next(iter(entry.items()))
            table = self._table(region, op.get("TableName"))
            if table is None:
                charges.append((None, 0, "w"))
                continue
            if op_type == "ConditionCheck":
                before = self._current(table, op.get("Key"))
                charges.append((self._partition(table, op.get("Key")),
                                2 * max(1, math.ceil(_size(before) / 4096)), "r"))
            else:
                raw, units = self._write_units(table, op_type, op)
                charges.append((self._partition(table, raw), 2 * units, "w"))
        # Units per partition over the whole transaction: two items of one partition share it.
        wanted = {}
        for partition, units, kind in charges:
            if partition is not None:
                wanted.setdefault((partition, kind), 0)
                wanted[(partition, kind)] += units
        over = set()
        for (partition, kind), units in wanted.items():
            w = self._window(partition, now)
            limit = self.wcu if kind == "w" else self.rcu
            used = w[1] if kind == "w" else w[2]
            if limit > 0 and used + units > limit:
                over.add((partition, kind))
        if over:
            reasons = [{"Code": "ThrottlingError", "Message": "Throughput exceeds the current capacity"
                        " of your table or index (partition ceiling, fault injected)"}
                       if (partition, kind) in over else {"Code": "None"}
                       for partition, _units, kind in charges]
            codes = ", ".join(r["Code"] for r in reasons)
            message = f"Transaction cancelled, please refer cancellation reasons for specific reasons [{codes}]"
            return _error("TransactionCanceledException", message,
                          {"Message": message, "CancellationReasons": reasons})
        for (partition, kind), units in wanted.items():
            self._window(partition, now)[1 if kind == "w" else 2] += units
        return None

    def _take_writes(self, charges, now, single):
        for partition, units in charges:
            if partition is None:
                continue
            w = self._window(partition, now)
            if w[1] + units > self.wcu:
                return _error("ProvisionedThroughputExceededException",
                              "The level of configured provisioned throughput for the table was"
                              " exceeded (partition write ceiling, fault injected)")
        for partition, units in charges:
            if partition is not None:
                self._window(partition, now)[1] += units
        return None

    # --- reads, charged after the answer ---------------------------------------------------------

    def _read_partitions(self, op, request, region):
        if op == "GetItem":
            table = self._table(region, request.get("TableName"))
            return [self._partition(table, request.get("Key"))] if table else []
        if op == "Query":
            table = self._table(region, request.get("TableName"))
            return [self._query_partition(table, request)] if table else []
        if op == "BatchGetItem":
            out = []
            for name, spec in (request.get("RequestItems") or {}).items():
                table = self._table(region, name)
                if table:
                    out.extend(self._partition(table, k) for k in spec.get("Keys", []))
            return out
        if op == "TransactGetItems":
            out = []
            for entry in request.get("TransactItems", []):
                get = entry.get("Get") or {}
                table = self._table(region, get.get("TableName"))
                if table:
                    out.append(self._partition(table, get.get("Key")))
            return out
        return []

    def _query_partition(self, table, request):
        """The partition a Query names: its key condition's equality on the hash key."""
        index = request.get("IndexName")
        names = request.get("ExpressionAttributeNames") or {}
        values = request.get("ExpressionAttributeValues") or {}
        attr = self._hash_attr(table, index)
        for name, placeholder in re.findall(r"([#\w]+)\s*=\s*(:\w+)",
                                            request.get("KeyConditionExpression") or ""):
            if names.get(name, name) == attr and placeholder in values:
                return self._partition(table, {attr: values[placeholder]}, index)
        return None

    def charge_reads(self, op, request, region, answer, now):
        if self.rcu <= 0:
            return
        try:
            response = json.loads(answer or b"{}")
        except ValueError:
            return
        if op == "GetItem":
            table = self._table(region, request.get("TableName"))
            units = self._read_units(_size(response.get("Item")), request.get("ConsistentRead"))
            self._charge(self._partition(table, request.get("Key")) if table else None, units, now)
        elif op == "Query":
            table = self._table(region, request.get("TableName"))
            size = sum(_size(i) for i in response.get("Items", []))
            units = self._read_units(size, request.get("ConsistentRead"))
            self._charge(self._query_partition(table, request) if table else None, units, now)
        elif op == "BatchGetItem":
            for name, items in (response.get("Responses") or {}).items():
                table = self._table(region, name)
                consistent = ((request.get("RequestItems") or {}).get(name) or {}).get("ConsistentRead")
                for item in items:
                    if table:
                        self._charge(self._partition(table, item),
                                     self._read_units(_size(item), consistent), now)
        elif op == "TransactGetItems":
            for entry, got in zip(request.get("TransactItems", []), response.get("Responses", [])):
                get = entry.get("Get") or {}
                table = self._table(region, get.get("TableName"))
                if table:
                    self._charge(self._partition(table, get.get("Key")),
                                 2 * self._read_units(_size(got.get("Item")), True), now)

    @staticmethod
    def _read_units(size, consistent):
        units = max(1, math.ceil(size / 4096))
        return units if consistent else units / 2.0

    def _charge(self, partition, units, now):
        if partition is not None:
            self._window(partition, now)[2] += units


def _error(kind, message, extra=None):
    body = {"__type": DDB + kind, "message": message}
    if extra:
        body.update(extra)
    return "400 Bad Request", [("Content-Type", "application/x-amz-json-1.0")], json.dumps(body).encode()
