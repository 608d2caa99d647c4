"""What DynamoDB shows late (FAIRSLOT_FAULTS index_lag_ms, eventual_reads, stream_delay_ms, stream_dup).

Why: moto answers every read from the latest state at once. On AWS a global secondary index is
updated asynchronously (a query may miss an item just written or see its old version), an
eventually consistent GetItem may return the previous version for a moment, a Lambda reading the
stream sees a record some time after the write, and a batch may be delivered twice (the event
source mapping retries, at least once). Code that forgets any of these works on moto and fails on
AWS; with these faults on, it fails here first.

- index_lag_ms=N: a Query on an index answers every item written less than N ms ago as it was
  before that write: with its old version if that version was in the index under the same
  partition, else not at all. (Items the write took out of the index are not brought back; the
  sort-key condition is not checked again on the old version.)
- eventual_reads=F: that fraction of GetItems without ConsistentRead, of an item written in the last
  second, answer its previous version (or no item, if it had none).
- stream_delay_ms=N: GetRecords hands out only records older than N ms; the iterator it returns
  starts at the first record held back.
- stream_dup=F: that fraction of GetRecords answers that carry records return an iterator at the
  same position, so the next read delivers the same batch again.
"""

import datetime
import time
import json

from moto.core import DEFAULT_ACCOUNT_ID
from moto.dynamodb.models import dynamodb_backends
from moto.dynamodb.models.dynamo_type import DynamoType
from moto.dynamodbstreams.models import ShardIterator

RECENT_SECONDS = 1.0


class Lag:
    def __init__(self, spec, rng):
        self.index_lag = (spec or {}).get("index_lag_ms", 0.0) / 1000.0
        self.eventual = (spec or {}).get("eventual_reads", 0.0)
        self.stream_delay = (spec or {}).get("stream_delay_ms", 0.0) / 1000.0
        self.stream_dup = (spec or {}).get("stream_dup", 0.0)
        self.rng = rng
        self.wall = time.time  # the fault layer's clock (faults.py), which a test may hold still
        self.counts = {"index_lag": 0, "eventual_read": 0, "stream_delay": 0, "stream_dup": 0}
        self._versions = {}  # (table, key json) -> (written at, the item before, as JSON or None)

    def active(self):
        return self.index_lag > 0 or self.eventual > 0

    # --- before and after writes -----------------------------------------------------------------

    @staticmethod
    def _table(region, name):
        try:
            return dynamodb_backends[DEFAULT_ACCOUNT_ID][region].tables.get(name)
        except Exception:
            return None

    @staticmethod
    def _key(table, raw):
        names = [table.hash_key_attr] + ([table.range_key_attr] if table.range_key_attr else [])
        if not raw or any(n not in raw for n in names):
            return None
        return json.dumps({n: raw[n] for n in names}, sort_keys=True)

    def _current(self, table, raw):
        try:
            item = table.get_item(DynamoType(raw[table.hash_key_attr]),
                                  DynamoType(raw[table.range_key_attr]) if table.range_key_attr else None)
            return item.to_json()["Attributes"] if item is not None else None
        except Exception:
            return None

    def before_write(self, op, request, region):
        """The items a write names, as they are now: kept once the write succeeds."""
        if not self.active():
            return []
        named = []
        if op in ("PutItem", "UpdateItem", "DeleteItem"):
            named.append((request.get("TableName"), request.get("Item") or request.get("Key")))
        elif op == "TransactWriteItems":
            for entry in request.get("TransactItems", []):
                for op_type, w in entry.items():
                    if op_type != "ConditionCheck":
                        named.append((w.get("TableName"), w.get("Item") if op_type == "Put" else w.get("Key")))
        elif op == "BatchWriteItem":
            for name, writes in (request.get("RequestItems") or {}).items():
                for w in writes:
                    put, delete = w.get("PutRequest"), w.get("DeleteRequest")
                    named.append((name, put.get("Item") if put else (delete or {}).get("Key")))
        seen = []
        for name, raw in named:
            table = self._table(region, name)
            key = self._key(table, raw) if table else None
            if key is not None:
                seen.append(((name, key), self._current(table, raw)))
        return seen

    def after_write(self, seen, now):
        for versioned, before in seen:
            self._versions[versioned] = (now, before)
        if len(self._versions) > 20_000:
            keep = max(self.index_lag, RECENT_SECONDS)
            self._versions = {k: v for k, v in self._versions.items() if v[0] > now - keep}

    # --- reads -----------------------------------------------------------------------------------

    def get_item(self, request, region, now):
        """An earlier version to answer instead of the current one, or None (answer as moto does)."""
        if self.eventual <= 0 or request.get("ConsistentRead"):
            return None
        table = self._table(region, request.get("TableName"))
        key = self._key(table, request.get("Key")) if table else None
        version = self._versions.get((request.get("TableName"), key))
        if version is None or version[0] <= now - RECENT_SECONDS or self.rng.random() >= self.eventual:
            return None
        self.counts["eventual_read"] += 1
        before = version[1]
        body = {"Item": _projected(before, request)} if before is not None else {}
        return "200 OK", [("Content-Type", "application/x-amz-json-1.0")], json.dumps(body).encode()

    def query(self, request, region, answer, now):
        """The index's answer as of index_lag_ms ago (the same bytes when nothing is recent)."""
        if self.index_lag <= 0 or not request.get("IndexName"):
            return answer
        table = self._table(region, request.get("TableName"))
        if table is None:
            return answer
        index = next((i for i in table.global_indexes if i.name == request["IndexName"]), None)
        if index is None:
            return answer
        response = json.loads(answer)
        hash_attr = next(k["AttributeName"] for k in index.schema if k["KeyType"] == "HASH")
        items, changed = [], False
        for item in response.get("Items", []):
            version = self._versions.get((table.name, self._key(table, item)))
            if version is None or version[0] <= now - self.index_lag:
                items.append(item)
                continue
            changed = True
            self.counts["index_lag"] += 1
            before = version[1]
            if before is not None and all(a in before for a in index.schema_key_attrs) \
                    and before.get(hash_attr) == item.get(hash_attr):
                items.append(_index_projection(before, index, table))
        if not changed:
            return answer
        response["Items"] = items
        response["Count"] = len(items)
        return json.dumps(response).encode()


def _projected(item, request):
    names = request.get("ProjectionExpression")
    if not names:
        return item
    aliases = request.get("ExpressionAttributeNames") or {}
    wanted = {aliases.get(n.strip(), n.strip()) for n in names.split(",")}
    return {k: v for k, v in item.items() if k in wanted}


def _index_projection(item, index, table):
    kind = (index.projection or {}).get("ProjectionType", "ALL")
    if kind == "ALL":
        return item
    keep = set(index.schema_key_attrs) | {table.hash_key_attr, table.range_key_attr}
    keep |= set((index.projection or {}).get("NonKeyAttributes", [])) if kind == "INCLUDE" else set()
    return {k: v for k, v in item.items() if k in keep}


# --- the stream: moto's shard iterator, read late or twice -------------------------------------

CURRENT = {"lag": None}
_moto_iterator_get = ShardIterator.get


def _iterator_get(self, limit=1000):
    lag = CURRENT["lag"]
    result = _moto_iterator_get(self, limit)
    if lag is None or not result["Records"]:
        return result
    records = result["Records"]
    if lag.stream_delay > 0:
        now = datetime.datetime.fromtimestamp(lag.wall(), datetime.timezone.utc).replace(tzinfo=None)
        cutoff = now - datetime.timedelta(seconds=lag.stream_delay)
        if any(_created(r) > cutoff for r in records):
            lag.counts["stream_delay"] += 1
            records = _prefix_until_late(records, cutoff)
            result = _answer(self, records, "AT_SEQUENCE_NUMBER", self.sequence_number)
    if records and lag.stream_dup > 0 and lag.rng.random() < lag.stream_dup:
        lag.counts["stream_dup"] += 1
        again = ShardIterator(self.streams_backend, self.stream_shard, "AT_SEQUENCE_NUMBER",
                              self.sequence_number)
        self.streams_backend.shard_iterators[again.arn] = again
        result = {"NextShardIterator": again.arn, "Records": records}
    return result


def _created(record):
    at = record["dynamodb"].get("ApproximateCreationDateTime")
    return at if isinstance(at, datetime.datetime) else datetime.datetime.utcnow()


def _prefix_until_late(records, cutoff):
    out = []
    for r in records:
        if _created(r) > cutoff:
            break  # order is kept: nothing after a record held back is handed out
        out.append(r)
    return out


def _answer(iterator, records, kind, sequence):
    if records:
        last = max(int(r["dynamodb"]["SequenceNumber"]) for r in records)
        nxt = ShardIterator(iterator.streams_backend, iterator.stream_shard, "AFTER_SEQUENCE_NUMBER", last)
    else:
        nxt = ShardIterator(iterator.streams_backend, iterator.stream_shard, kind, sequence)
    iterator.streams_backend.shard_iterators[nxt.arn] = nxt
    return {"NextShardIterator": nxt.arn, "Records": records}


ShardIterator.get = _iterator_get

