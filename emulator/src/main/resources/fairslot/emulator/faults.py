"""AWS under stress, on demand: the faults FAIRSLOT_FAULTS asks for, and the idempotency AWS gives.

Why: moto runs one request at a time and never conflicts, throttles, fails or loses an answer, so
the code paths real DynamoDB exercises first in a flash crowd were never run. This layer sits in
front of moto (inside the serializing lock) and makes it behave as the shared contract's "Faults"
section says:

- conflict_ms=N: every item a TransactWriteItems wrote stays "in flight" for N ms. Another
  transaction naming one is cancelled (TransactionCanceledException, reason TransactionConflict for
  that item and None for the rest); a single-item write on one fails with TransactionConflictException,
  and a TransactGetItems naming one is cancelled the same way.
- throttle=P, error=P: that fraction of DynamoDB, SQS and EventBridge data-plane calls fails before
  doing anything, with a throttling error (400) or an internal error (500).
- lost_response=P: that fraction of DynamoDB writes and SQS sends is applied, then the connection is
  closed with no answer.
- partition_wcu, partition_rcu, in_progress, index_lag_ms, eventual_reads, stream_delay_ms,
  stream_dup, unprocessed (v1.2): the per-partition ceiling (capacity.py), a same-token retry while
  the first call is still being applied (below), what DynamoDB shows late (lag.py) and batches left
  in part undone (batches.py).
- in_progress: a TransactWriteItems whose answer was lost (lost_response) is still "being applied"
  for IN_PROGRESS_MS; a retry with its ClientRequestToken in that time gets
  TransactionInProgressException, as DynamoDB answers one that overlaps the first call.
- seed=S: the dice are rolled from one seeded generator (the sequence of rolls is reproducible; which
  request gets which roll depends on arrival order, as it does on AWS).

Always on, faults or not, because AWS always does it and the SDK relies on it:
- TransactWriteItems honours ClientRequestToken for 10 minutes: a repeat of a successful call with
  the same token and body answers the first answer and changes nothing; another body gets
  IdempotentParameterMismatchException. (The SDK reuses the token on its own retries.)
- FIFO queues deduplicate MessageDeduplicationId for 5 minutes, also after the first message was
  received and deleted (moto forgets it once the message is gone).

Control: GET /_fairslot/faults answers {"faults": spec|null, "faultsInjected": {...}};
POST /_fairslot/faults with a spec as the body replaces the spec ("" or "off" turns faults off) and
resets the counts and the clock.

The clock: every window above (conflicts, in-progress tokens, partition seconds, index lag, token and
dedup memory) reads this layer's clock, which a test can hold still, so what it asserts does not
depend on how fast a busy machine runs: POST /_fairslot/faults/clock with "freeze" (time stops),
"advance_ms=N" (it moves N ms at once, frozen or not) or "thaw" (real time again, from where it was).
"""

import hashlib
import io
import json
import random
import socket
import time
import zlib

import batches
import lag as lag_module
from capacity import PartitionCeiling

from moto.core import DEFAULT_ACCOUNT_ID
from moto.dynamodb.models import dynamodb_backends

DDB_DATA = {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan", "BatchGetItem",
            "BatchWriteItem", "TransactWriteItems", "TransactGetItems"}
DDB_WRITES = {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"}
DDB_SINGLE_WRITES = {"PutItem", "UpdateItem", "DeleteItem"}
SQS_DATA = {"SendMessage", "SendMessageBatch", "ReceiveMessage", "DeleteMessage", "DeleteMessageBatch",
            "ChangeMessageVisibility", "ChangeMessageVisibilityBatch"}
SQS_SENDS = {"SendMessage", "SendMessageBatch"}
EVENTS_DATA = {"PutEvents"}

TOKEN_SECONDS = 600
DEDUP_SECONDS = 300
IN_PROGRESS_MS = 100
KINDS = ("conflict", "throttle", "error", "lost_response", "partition", "in_progress", "unprocessed")
FRACTIONS = ("throttle", "error", "lost_response", "eventual_reads", "stream_dup", "unprocessed")
DURATIONS = ("conflict_ms", "index_lag_ms", "stream_delay_ms", "partition_wcu", "partition_rcu")
FLAGS = ("in_progress",)


class LostResponse(ConnectionAbortedError):
    """Raised after the connection was shut: werkzeug treats a ConnectionError as a dropped client."""


def parse_spec(text):
    """'conflict_ms=20,throttle=0.02,...' -> dict; raises ValueError naming what is wrong."""
    spec = {"conflict_ms": 0.0, "throttle": 0.0, "error": 0.0, "lost_response": 0.0, "seed": None,
            "partition_wcu": 0.0, "partition_rcu": 0.0, "in_progress": 0.0, "index_lag_ms": 0.0,
            "eventual_reads": 0.0, "stream_delay_ms": 0.0, "stream_dup": 0.0, "unprocessed": 0.0}
    text = (text or "").strip()
    if text in ("", "off", "none"):
        return None
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, value = part.partition("=")
        name = name.strip()
        if not sep and name in FLAGS:
            sep, value = "=", "1"
        if not sep or name not in spec:
            raise ValueError(f"FAIRSLOT_FAULTS: unknown part '{part}' (known: {', '.join(spec)})")
        try:
            number = int(value) if name == "seed" else float(value)
        except ValueError:
            raise ValueError(f"FAIRSLOT_FAULTS: '{name}' needs a number, got '{value}'") from None
        if name in FRACTIONS + FLAGS and not 0.0 <= number <= 1.0:
            raise ValueError(f"FAIRSLOT_FAULTS: '{name}' is a fraction from 0 to 1, got {value}")
        if name in DURATIONS and number < 0:
            raise ValueError(f"FAIRSLOT_FAULTS: '{name}' cannot be negative")
        spec[name] = number
    if spec["throttle"] + spec["error"] > 1.0:
        raise ValueError("FAIRSLOT_FAULTS: throttle + error cannot exceed 1")
    return spec


def _operation(environ):
    """(service, operation) from the JSON protocols' X-Amz-Target; (None, None) for anything else."""
    target = environ.get("HTTP_X_AMZ_TARGET", "")
    if "." not in target:
        return None, None
    prefix, op = target.split(".", 1)
    if prefix.startswith("DynamoDB_"):
        return "dynamodb", op
    if prefix == "AmazonSQS":
        return "sqs", op
    if prefix == "AWSEvents":
        return "events", op
    return None, None


def _region(environ):
    auth = environ.get("HTTP_AUTHORIZATION", "")
    marker = "Credential="
    if marker in auth:
        scope = auth.split(marker, 1)[1].split(",", 1)[0].split("/")
        if len(scope) >= 3:
            return scope[2]
    return "us-east-1"


def _json_error(status, error_type, message, extra=None, query_error=None):
    body = {"__type": error_type, "message": message}
    if extra:
        body.update(extra)
    headers = [("Content-Type", "application/x-amz-json-1.0")]
    if query_error:
        headers.append(("x-amzn-query-error", query_error))
    return status, headers, json.dumps(body).encode()


DDB = "com.amazonaws.dynamodb.v20120810#"


def _throttled(service, rng):
    if service == "dynamodb":
        kind = rng.choice(("ThrottlingException", "ProvisionedThroughputExceededException"))
        return _json_error("400 Bad Request", DDB + kind, "Throughput exceeds the current capacity (fault injected)")
    if service == "sqs":
        return _json_error("400 Bad Request", "com.amazonaws.sqs#ThrottlingException",
                           "Rate exceeded (fault injected)", query_error="ThrottlingException;Sender")
    return _json_error("400 Bad Request", "ThrottlingException", "Rate exceeded (fault injected)")


def _internal(service):
    if service == "dynamodb":
        return _json_error("500 Internal Server Error", DDB + "InternalServerError",
                           "Internal server error (fault injected)")
    if service == "sqs":
        return _json_error("500 Internal Server Error", "com.amazonaws.sqs#InternalError",
                           "Internal error (fault injected)", query_error="InternalError;Receiver")
    return _json_error("500 Internal Server Error", "InternalException", "Internal error (fault injected)")


class Faults:
    def __init__(self, spec_text=None):
        self._frozen = None    # (monotonic, wall) when frozen, else None
        self._offset = 0.0     # seconds the clock was advanced
        self.configure(spec_text)
        self._tokens = {}      # ClientRequestToken -> (expires, body digest, status, headers, body)
        self._dedup = {}       # (queue url, dedup id) -> (expires, status, headers, body)
        self._pruned = 0.0

    def configure(self, spec_text):
        self.spec = parse_spec(spec_text)
        self.text = spec_text.strip() if self.spec else None
        seed = self.spec["seed"] if self.spec else None
        self.rng = random.Random(seed)
        self.counts = {k: 0 for k in KINDS}
        self._in_progress = {}  # ClientRequestToken -> until (monotonic seconds)
        wcu, rcu = (self.spec["partition_wcu"], self.spec["partition_rcu"]) if self.spec else (0, 0)
        self.capacity = PartitionCeiling(wcu, rcu) if wcu > 0 or rcu > 0 else None
        self.lag = lag_module.Lag(self.spec, self.rng)
        self.lag.wall = self.wall
        streams = self.spec and (self.spec["stream_delay_ms"] > 0 or self.spec["stream_dup"] > 0)
        lag_module.CURRENT["lag"] = self.lag if streams else None
        self.calls = {"dynamodb": 0, "sqs": 0, "events": 0}  # data-plane calls received, faulted or not
        self._frozen, self._offset = None, 0.0  # a new spec runs on real time
        self._in_flight = {}   # (table, key json) -> until (monotonic seconds)

    def report(self):
        injected = dict(self.counts)
        injected.update(self.lag.counts)
        report = {"faults": self.text, "faultsInjected": injected, "calls": dict(self.calls)}
        if self.capacity is not None:
            report["hottestPartition"] = self.capacity.hottest()
        return report

    def monotonic(self):
        return (self._frozen[0] if self._frozen else time.monotonic()) + self._offset

    def wall(self):
        return (self._frozen[1] if self._frozen else time.time()) + self._offset

    def _clock(self, command):
        if command == "freeze":
            if self._frozen is None:
                self._frozen = (time.monotonic(), time.time())
        elif command == "thaw":
            if self._frozen is not None:
                self._offset += (self._frozen[0] - time.monotonic())
                self._frozen = None
        elif command.startswith("advance_ms="):
            self._offset += float(command[len("advance_ms="):]) / 1000.0
        else:
            raise ValueError("clock takes freeze, thaw or advance_ms=N, not %r" % command)

    def control(self, environ, body):
        if environ.get("PATH_INFO", "").rstrip("/").endswith("/clock"):
            try:
                self._clock(body.decode("utf-8").strip())
            except ValueError as e:
                return "400 Bad Request", [("Content-Type", "application/json")], json.dumps({"error": str(e)}).encode()
            answer = {"frozen": self._frozen is not None, "offsetMs": round(self._offset * 1000)}
            return "200 OK", [("Content-Type", "application/json")], json.dumps(answer).encode()
        if environ.get("REQUEST_METHOD") == "POST":
            try:
                self.configure(body.decode("utf-8"))
            except ValueError as e:
                return "400 Bad Request", [("Content-Type", "application/json")], json.dumps({"error": str(e)}).encode()
        return "200 OK", [("Content-Type", "application/json")], json.dumps(self.report()).encode()

    def handle(self, environ, body, call):
        """Answers one AWS call: (status, headers, body). call(environ) runs moto and returns the same."""
        service, op = _operation(environ)
        now = self.monotonic()
        self._prune(now)
        spec = self.spec
        data_plane = (service == "dynamodb" and op in DDB_DATA) or (service == "sqs" and op in SQS_DATA) \
            or (service == "events" and op in EVENTS_DATA)
        if data_plane:
            self.calls[service] += 1
        if spec and data_plane:
            roll = self.rng.random()
            if roll < spec["throttle"]:
                self.counts["throttle"] += 1
                return _throttled(service, self.rng)
            if roll < spec["throttle"] + spec["error"]:
                self.counts["error"] += 1
                return _internal(service)

        request = None
        if service == "dynamodb" and op in DDB_DATA:
            request = json.loads(body or b"{}")
        region = _region(environ)
        if op == "TransactWriteItems" and service == "dynamodb":
            replay = self._token_replay(request, body, now)
            if replay is not None:
                return replay
        if spec and spec["conflict_ms"] > 0 and service == "dynamodb" \
                and (op in DDB_WRITES or op == "TransactGetItems"):
            conflict = self._conflict(environ, op, request, now)
            if conflict is not None:
                self.counts["conflict"] += 1
                return conflict
        if self.capacity is not None and service == "dynamodb" and op in DDB_DATA:
            refused = self.capacity.refuse(op, request, region, self.wall())
            if refused is not None:
                self.counts["partition"] += 1
                return refused
        if service == "dynamodb" and op == "GetItem":
            earlier = self.lag.get_item(request, region, now)
            if earlier is not None:
                return earlier
        unprocessed = None
        if spec and service == "dynamodb" and spec["unprocessed"] > 0:
            run, unprocessed = batches.split(op, request, spec["unprocessed"], self.rng)
            if unprocessed is not None:
                self.counts["unprocessed"] += 1
                _replace_body(environ, run)
        dedup_key = None
        if service == "sqs" and op == "SendMessage":
            dedup_key = self._dedup_key(json.loads(body or b"{}"))
            if dedup_key in self._dedup:
                _, status, headers, answer = self._dedup[dedup_key]
                return status, headers, answer
        batch, known = None, {}
        if service == "sqs" and op == "SendMessageBatch":
            batch = json.loads(body or b"{}")
            send, known = batches.BatchDedup(self._dedup).split(batch)
            if known:
                if not send:
                    return "200 OK", [("Content-Type", "application/x-amz-json-1.0")], \
                        batches.BatchDedup.answer(None, known)
                _replace_body(environ, dict(batch, Entries=send))

        lose = bool(spec) and spec["lost_response"] > 0 and (
            (service == "dynamodb" and op in DDB_WRITES) or (service == "sqs" and op in SQS_SENDS)) \
            and self.rng.random() < spec["lost_response"]

        versions = self.lag.before_write(op, request, region) if op in DDB_WRITES and request else []
        status, headers, answer = call(environ)
        as_moto_answered = answer
        ok = status.startswith("200")
        if ok and versions:
            self.lag.after_write(versions, now)
        if ok and service == "dynamodb" and op == "Query":
            answer = self.lag.query(request, region, answer, now)
        if ok and self.capacity is not None and service == "dynamodb":
            self.capacity.charge_reads(op, request, region, answer, self.wall())
        if ok and unprocessed is not None:
            answer = batches.merge(op, answer, unprocessed)
        if ok and batch is not None:
            batches.BatchDedup(self._dedup).remember(batch, answer, now + DEDUP_SECONDS)
            if known:
                answer = batches.BatchDedup.answer(answer, known)
        if answer is not as_moto_answered:
            headers = _checksummed(headers, answer)
        if ok and op == "TransactWriteItems" and service == "dynamodb":
            self._remember_token(request, body, status, headers, answer, now)
            if spec and spec["conflict_ms"] > 0:
                until = now + spec["conflict_ms"] / 1000.0
                for key in self._transaction_keys(environ, request):
                    self._in_flight[key] = until
        if ok and dedup_key is not None:
            self._dedup[dedup_key] = (now + DEDUP_SECONDS, status, headers, answer)
        if lose:
            self.counts["lost_response"] += 1
            if spec["in_progress"] and op == "TransactWriteItems" and request.get("ClientRequestToken"):
                self._in_progress[request["ClientRequestToken"]] = now + IN_PROGRESS_MS / 1000.0
            sock = environ.get("werkzeug.socket")
            if sock is not None:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            raise LostResponse("fault injected: response lost after the write was applied")
        return status, headers, answer

    # --- ClientRequestToken ---------------------------------------------------------------------

    def _token_replay(self, request, body, now):
        token = request.get("ClientRequestToken")
        if token and self._in_progress.get(token, 0.0) > now:
            self.counts["in_progress"] += 1
            return _json_error("400 Bad Request", DDB + "TransactionInProgressException",
                               "The transaction with the given request token is already in progress.")
        if not token or token not in self._tokens:
            return None
        expires, digest, status, headers, answer = self._tokens[token]
        if expires < now:
            del self._tokens[token]
            return None
        if digest != _digest_without_token(request):
            return _json_error("400 Bad Request", DDB + "IdempotentParameterMismatchException",
                               "The request uses the same client token as a previous, but non-identical request.")
        return status, headers, answer

    def _remember_token(self, request, body, status, headers, answer, now):
        token = request.get("ClientRequestToken")
        if token:
            self._tokens[token] = (now + TOKEN_SECONDS, _digest_without_token(request), status, headers, answer)

    # --- contention ------------------------------------------------------------------------------

    def _conflict(self, environ, op, request, now):
        # A TransactGetItems meets items in flight as a TransactWriteItems does (DynamoDB cancels
        # it with TransactionConflict) but puts none in flight.
        if op in ("TransactWriteItems", "TransactGetItems"):
            keys = self._transaction_keys(environ, request, keep_positions=True)
            hits = [key is not None and self._in_flight.get(key, 0.0) > now for key in keys]
            if not any(hits):
                return None
            codes = ["TransactionConflict" if hit else "None" for hit in hits]
            reasons = [{"Code": "TransactionConflict", "Message": "Transaction is ongoing for the item"}
                       if hit else {"Code": "None"} for hit in hits]
            message = "Transaction cancelled, please refer cancellation reasons for specific reasons [" \
                      + ", ".join(codes) + "]"
            return _json_error("400 Bad Request", DDB + "TransactionCanceledException", message,
                               {"Message": message, "CancellationReasons": reasons})
        if op in DDB_SINGLE_WRITES:
            key = self._key_of(environ, request.get("TableName"), request.get("Key") or request.get("Item"))
            if key is not None and self._in_flight.get(key, 0.0) > now:
                return _json_error("400 Bad Request", DDB + "TransactionConflictException",
                                   "Transaction is ongoing for the item")
        return None

    def _transaction_keys(self, environ, request, keep_positions=False):
        """The items a transaction names, by position (for cancellation reasons), or only those it
        writes (a ConditionCheck reads: it meets items in flight but puts none in flight)."""
        keys = []
        for entry in request.get("TransactItems", []):
            if len(entry) != 1:
                keys.append(None)
                continue
            op_type, op = next(iter(entry.items()))
            if op_type == "ConditionCheck" and not keep_positions:
                continue
            raw = op.get("Item") if op_type == "Put" else op.get("Key")
            keys.append(self._key_of(environ, op.get("TableName"), raw))
        return keys if keep_positions else [k for k in keys if k is not None]

    def _key_of(self, environ, table_name, raw):
        if not table_name or not raw:
            return None
        try:
            table = dynamodb_backends[DEFAULT_ACCOUNT_ID][_region(environ)].tables.get(table_name)
        except Exception:
            table = None
        if table is None:
            return None
        names = [table.hash_key_attr] + ([table.range_key_attr] if table.range_key_attr else [])
        if any(n not in raw for n in names):
            return None
        return table_name, json.dumps({n: raw[n] for n in names}, sort_keys=True)

    # --- FIFO deduplication ---------------------------------------------------------------------

    @staticmethod
    def _dedup_key(request):
        dedup_id = request.get("MessageDeduplicationId")
        url = request.get("QueueUrl", "")
        if not dedup_id or not url.endswith(".fifo"):
            return None
        return url.rsplit("/", 1)[-1], dedup_id

    def _prune(self, now):
        if now - self._pruned < 5.0:
            return
        self._pruned = now
        self._in_flight = {k: v for k, v in self._in_flight.items() if v > now}
        self._tokens = {k: v for k, v in self._tokens.items() if v[0] > now}
        self._dedup = {k: v for k, v in self._dedup.items() if v[0] > now}
        self._in_progress = {k: v for k, v in self._in_progress.items() if v > now}


def _checksummed(headers, answer):
    """A rewritten answer's headers: DynamoDB's X-Amz-Crc32 (which the SDK checks) and its length."""
    out = [(k, v) for k, v in headers if k.lower() not in ("x-amz-crc32", "content-length")]
    out.append(("X-Amz-Crc32", str(zlib.crc32(answer) & 0xFFFFFFFF)))
    out.append(("Content-Length", str(len(answer))))
    return out


def _replace_body(environ, request):
    """moto reads the request from wsgi.input: what it should do instead."""
    data = json.dumps(request).encode()
    environ["wsgi.input"] = io.BytesIO(data)
    environ["CONTENT_LENGTH"] = str(len(data))


def _digest_without_token(request):
    rest = {k: v for k, v in request.items() if k != "ClientRequestToken"}
    return hashlib.sha256(json.dumps(rest, sort_keys=True).encode()).hexdigest()
