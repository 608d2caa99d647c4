"""Serve moto's AWS emulator with every request serialized.

Why: moto's stock server handles requests on several threads and its in-memory
backends take no lock, so two conditional writes can both read the old item and
both succeed. 200 concurrent transactions on a 10-seat slot granted 14 seats.
Real DynamoDB evaluates a conditional write atomically; one process-wide lock
around each request restores that property (the same moto app behind one lock
granted exactly 10 of 10).

Under one lock a long poll (SQS ReceiveMessage with WaitTimeSeconds > 0) would
stall every other call for up to 20 s, so the project's pollers use short polls
(WaitTimeSeconds=0) and sleep between empty receives.

A second, smaller change: moto's TransactWriteItems deep-copies every table it touches so that it
can roll back, which makes one transaction cost O(table size) (seconds on a table of a few
thousand items). Under the lock nothing else runs during a transaction, so it suffices to snapshot
the items the transaction names and restore just those on failure; all-or-nothing is kept.

A third: moto answers every Query by sorting the whole table first (and then sorting the matches
again), so the jobs' sparse-index queries cost O(table log table) in the emulator; a Query here
iterates only the partition it names (base table) or the unsorted items (indexes). Scans keep
moto's sorted order, which their pagination relies on.

A fourth: moto's SQS asks every message of a queue whether it is visible, several times per
request, and each answer builds datetime objects; with 2,000 messages in a FIFO queue one
SendMessage took ~70 ms and 2,000 of them 146 s. The same clock, read as a float, makes that cheap.

A fifth, for DynamoDB Streams: moto appends a stream record for each write a transaction makes
as it goes, so a cancelled transaction left records of writes that never happened (real DynamoDB
emits nothing for it); here they are dropped with the rollback. And moto keeps every record forever:
here a table's stream keeps its last STREAM_RECORDS_KEPT (AWS keeps 24 hours), so a long local run
or a test suite of many tables stays in bounded memory. A reader further behind than that gets an
error, as it would past AWS's retention. A sixth: an UpdateItem that creates an item emits one
INSERT, not moto's extra key-only one before it (see _update_item). A seventh: GetRecords answers
are written as plain JSON (see _get_records). An eighth: an item's size is not summed again for
every attribute set (see _limited_setitem). A ninth: a transaction with a failing condition is
cancelled before anything is written (see _failed_conditions). A tenth and an eleventh: a projection
of top-level names copies the attributes as stored (see _project), and reads are answered as plain
JSON (see _plain_json).

Usage: python3 serial_moto.py [--host 127.0.0.1] [--port 0]
Prints "fairslot-emulator listening on <port>" once it accepts connections;
the Java side reads that line to learn the port (port 0 picks a free one).
Exits when its standard input closes, so it never outlives the JVM that started it.
"""

import argparse
import base64
import copy
import datetime
import inspect
import io
import json
import os
import sys
import threading
import time

import moto.backends as moto_backends
import moto.core.responses as moto_responses
import moto.sqs.models as sqs_models
from collections import deque
from moto.dynamodb.comparisons import ConditionExpressionParser
import moto.dynamodb.models as dynamodb_models
from moto.dynamodb.models import DynamoDBBackend
from moto.dynamodb.comparisons import get_filter_expression
from moto.dynamodb.exceptions import ConditionalCheckFailed, ItemSizeTooLarge, TransactionCanceledException
from moto.dynamodb.models.dynamo_type import DynamoType, Item, LimitedSizeDict
from moto.dynamodb.responses import DynamoHandler
from moto.core.responses import ActionResult
from moto.dynamodb.models.utilities import bytesize
from moto.dynamodb.models.table import StreamShard, Table
from moto.dynamodbstreams.responses import DynamoDBStreamsHandler

from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
from faults import Faults
from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler, make_server


class _CopyAllButTables:
    """Stands in for the copy module inside moto's transact_write_items: tables are not copied."""

    @staticmethod
    def deepcopy(obj, memo=None):
        return obj if isinstance(obj, Table) else copy.deepcopy(obj, memo)


_moto_transact_write_items = DynamoDBBackend.transact_write_items


def _item_key(table, raw):
    if table.hash_key_attr not in raw:
        return None
    hash_value = DynamoType(raw[table.hash_key_attr])
    range_value = None
    if table.range_key_attr:
        if table.range_key_attr not in raw:
            return None
        range_value = DynamoType(raw[table.range_key_attr])
    return hash_value, range_value


def _restore(table, hash_value, range_value, before):
    if range_value is None:
        if before is None:
            table.items.pop(hash_value, None)
        else:
            table.items[hash_value] = before
    elif before is None:
        table.items.get(hash_value, {}).pop(range_value, None)
    else:
        table.items[hash_value][range_value] = before


STREAM_RECORDS_KEPT = 20_000

_moto_stream_add = StreamShard.add


def _stream_add(self, old, new):
    _moto_stream_add(self, old, new)
    excess = len(self.items) - STREAM_RECORDS_KEPT
    if excess > 0:
        del self.items[:excess]
        self.starting_sequence_number += excess


StreamShard.add = _stream_add

# A seventh, for DynamoDB Streams: moto writes a GetRecords answer through its generic,
# model-driven serializer, which walks every attribute of every image: 1,000 records of booking
# items took over a second under the lock, while every request of the run waited behind the local
# stream pollers. The records are DynamoDB JSON already, so the answer is written as plain JSON;
# what the SDK reads is the same (the creation time in epoch seconds, as the JSON protocol has it).
_STREAMS_JSON = [("Content-Type", "application/x-amz-json-1.0")]


def _stream_value(value):
    if isinstance(value, datetime.datetime):
        aware = value if value.tzinfo else value.replace(tzinfo=datetime.timezone.utc)
        return round(aware.timestamp(), 3)
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode("ascii")  # a B attribute, as the JSON protocol sends it
    raise TypeError(f"not JSON: {type(value).__name__}")


def _get_records(self):
    limit = self._get_param("Limit")
    result = self.backend.get_records(self._get_param("ShardIterator"), limit or 1000)
    return json.dumps(result, default=_stream_value), dict(_STREAMS_JSON)


DynamoDBStreamsHandler.get_records = _get_records

# A tenth: a projected read (the booking's sold-out probe reads nine attributes of the slot) made
# moto turn the whole item into Python values and back (boto3's deserializer, then its serializer)
# to pick the names out. A projection of top-level names now copies those attributes as stored,
# as an unprojected read returns them; a path into a map or a list still takes moto's way.
_moto_project = Item.project


def _project(self, projection_expressions):
    names = []
    for path in projection_expressions:
        if len(path) != 1 or "[" in path[0]:
            return _moto_project(self, projection_expressions)
        names.append(path[0])
    return Item(self.hash_key, self.range_key,
                {name: self.attrs[name].to_regular_json() for name in names if name in self.attrs})


Item.project = _project

# An eleventh: reads are answered as plain JSON, as GetRecords is (above). moto writes them through
# its model-driven serializer, which walks every attribute of every item returned against the
# service model: half the cost of a BatchGetItem of two items. The result moto builds is in the
# wire's shape already (DynamoDB JSON items), so it is written as it is.
_JSON_READS = ("get_item", "batch_get_item", "query", "scan")


def _plain_json(method):
    def answer(self):
        result = method(self)
        if not isinstance(result, ActionResult) or isinstance(result.result, Exception):
            return result
        return json.dumps(result.result, default=_stream_value), dict(_DYNAMODB_JSON)
    return answer


_DYNAMODB_JSON = [("Content-Type", "application/x-amz-json-1.0")]
for _name in _JSON_READS:
    setattr(DynamoHandler, _name, _plain_json(getattr(DynamoHandler, _name)))

# A sixth, for DynamoDB Streams too: moto's UpdateItem makes a missing item by putting its keys
# first, and that put writes a stream record of its own, so every update that creates an item
# emitted a key-only INSERT before the real one (AWS and dynoxide emit one INSERT with the new
# image). The inner put writes no record here; the update's own record is the one.
_creating_by_update = threading.local()
_moto_update_item = DynamoDBBackend.update_item
_moto_table_put_item = Table.put_item


def _update_item(self, *args, **kwargs):
    _creating_by_update.active = True
    try:
        return _moto_update_item(self, *args, **kwargs)
    finally:
        _creating_by_update.active = False


def _table_put_item(self, *args, **kwargs):
    if not getattr(_creating_by_update, "active", False) or self.stream_shard is None:
        return _moto_table_put_item(self, *args, **kwargs)
    shard, self.stream_shard = self.stream_shard, None
    try:
        return _moto_table_put_item(self, *args, **kwargs)
    finally:
        self.stream_shard = shard


DynamoDBBackend.update_item = _update_item
Table.put_item = _table_put_item


def _stream_ends(tables):
    """The next sequence number of each table's stream, to drop what a cancelled transaction added."""
    return [(t.stream_shard, t.stream_shard.starting_sequence_number + len(t.stream_shard.items))
            for t in tables if t.stream_shard is not None]


def _drop_stream_records_from(ends):
    for shard, next_sequence in ends:
        keep = next_sequence - shard.starting_sequence_number
        if 0 <= keep < len(shard.items):
            del shard.items[keep:]


# A ninth: moto applies every item of a transaction and then rolls all of them back when one
# condition failed, so a cancelled booking of six items cost as much as a granted one (a flash
# crowd's first wave is mostly cancelled transactions). Real DynamoDB evaluates every condition
# against the items as they were and writes nothing when one fails; here the conditions are
# evaluated first, the same way moto does, and a transaction with a failing one is cancelled with
# moto's reasons before anything is written. A transaction whose request moto would refuse as
# invalid (too many items, one item twice, an unknown table or operation, a malformed expression,
# a key missing or mistyped, a value moto refuses, an item that may be near the size limit) takes
# moto's own path, so its answer is moto's. One difference is left: an update moto finds invalid
# only while applying it (arithmetic on an attribute the item lacks), in a transaction another
# item's condition cancels, is now reported as passing (None) where moto answered
# ValidationException; AWS gives that item its own ValidationError reason. fairslot's arithmetic
# is on counters its items are created with (a slot's seats and waitlist length, a pass's credits,
# versions).
_PRECHECKED_OPS = {"ConditionCheck", "Put", "Delete", "Update"}
_SIZE_SAFE_JSON = 300_000  # a request's JSON text is never smaller than its items' DynamoDB size


def _failed_conditions(self, transact_items):
    """The cancellation reasons if a condition fails, or None when moto's own path should run."""
    try:
        if len(transact_items) > 100 or len(json.dumps(transact_items, default=_stream_value)) > _SIZE_SAFE_JSON:
            return None
    except (TypeError, ValueError):
        return None
    seen = set()
    reasons = []
    for entry in transact_items:
        if len(entry) != 1:
            return None
        op_type, op = next(iter(entry.items()))
        if op_type not in _PRECHECKED_OPS or not isinstance(op, dict):
            return None
        table = self.tables.get(op.get("TableName"))
        if table is None:
            return None
        try:
            if op_type == "Put":  # moto's handler has parsed every expression before this
                table._validate_item_types(op["Item"])
                table._validate_key_sizes(op["Item"])
            key = _item_key(table, op["Item"] if op_type == "Put" else op["Key"])
            if key is None or key[0].type != table.hash_key_type or (
                    key[1] is not None and key[1].type != table.range_key_type):
                return None
            marker = (id(table), key)
            if marker in seen:
                return None
            seen.add(marker)
            current = table.get_item(*key)
            condition = op.get("ConditionExpression")
            holds = condition is None or get_filter_expression(
                condition, op.get("ExpressionAttributeNames"),
                op.get("ExpressionAttributeValues")).expr(current)
        except Exception:
            return None
        if holds:
            reasons.append((None, None, None))
            continue
        item = None
        if op.get("ReturnValuesOnConditionCheckFailure") == "ALL_OLD" and current:
            item = current.to_json()["Attributes"]
        reasons.append(("ConditionalCheckFailed", str(ConditionalCheckFailed(item=item).message), item))
    return reasons if any(code is not None for code, _, _ in reasons) else None


def _transact_write_items(self, transact_items):
    reasons = _failed_conditions(self, transact_items)
    if reasons is not None:
        raise TransactionCanceledException(reasons)
    touched = []
    named_tables = {}
    for entry in transact_items:
        if len(entry) != 1:
            continue
        op_type, op = next(iter(entry.items()))
        table = self.tables.get(op.get("TableName")) if isinstance(op, dict) else None
        if table is None:
            continue
        named_tables[id(table)] = table
        raw = op.get("Item", {}) if op_type == "Put" else op.get("Key", {})
        key = _item_key(table, raw)
        if key is None:
            continue
        try:
            before = table.get_item(*key)
        except Exception:
            continue
        touched.append((table, key[0], key[1], copy.deepcopy(before)))
    stream_ends = _stream_ends(named_tables.values())
    dynamodb_models.copy = _CopyAllButTables
    try:
        return _moto_transact_write_items(self, transact_items)
    except Exception:
        for table, hash_value, range_value, before in reversed(touched):
            _restore(table, hash_value, range_value, before)
        _drop_stream_records_from(stream_ends)
        raise
    finally:
        dynamodb_models.copy = copy


DynamoDBBackend.transact_write_items = _transact_write_items


def _fast_unix_time(dt=None):
    if dt is not None:
        return _moto_unix_time(dt)
    return time.time()


def _fast_unix_time_millis(dt=None):
    return _fast_unix_time(dt) * 1000.0


_moto_table_query = Table.query
_QUERY_SIGNATURE = inspect.signature(_moto_table_query)


def _table_query(self, *args, **kwargs):
    bound = _QUERY_SIGNATURE.bind(self, *args, **kwargs)
    hash_key = bound.arguments.get("hash_key")
    if bound.arguments.get("index_name") is None and hash_key is not None:
        partition = self.items.get(hash_key)
        if not partition:
            candidates = []
        elif self.range_key_attr:
            candidates = list(partition.values())
        else:
            candidates = [partition]
    else:
        candidates = None

    def unsorted_items():
        if candidates is not None:
            return candidates
        items = []
        for hash_set in self.items.values():
            if self.range_key_attr:
                items.extend(hash_set.values())
            else:
                items.append(hash_set)
        return items

    self.all_items = unsorted_items  # shadows the sorting method for this call only
    try:
        return _moto_table_query(self, *args, **kwargs)
    finally:
        del self.all_items


Table.query = _table_query

# moto's dispatcher asks list_of_moto_modules() on every request, which lists moto's package
# folder and stats each of its ~170 entries: 1.7 ms a request, measured with
# FAIRSLOT_EMULATOR_PROFILE (docs/performance.md). The folder does not change while it runs.
_MOTO_MODULES = tuple(moto_backends.list_of_moto_modules())
moto_backends.list_of_moto_modules = lambda: _MOTO_MODULES

# moto lexes every condition expression again on every request, with a dozen regular expressions
# per token; the lexing depends on the expression's text alone, and fairslot sends the same few
# expressions over and over. The tokens are kept per text (bounded) and fresh nodes built from them
# each time, so nothing a parse does to its nodes is shared. Invalid expressions raise as before
# and are not kept.
_moto_lex_condition = ConditionExpressionParser._lex_condition_expression
_LEXED = {}
_LEXED_KEPT = 5_000


def _lex_condition(self):
    tokens = _LEXED.get(self.condition_expression)
    if tokens is None:
        tokens = tuple((n.nonterminal, n.kind, n.text, n.value) for n in _moto_lex_condition(self))
        if len(_LEXED) < _LEXED_KEPT:
            _LEXED[self.condition_expression] = tokens
    return deque(
        self.Node(nonterminal=nt, kind=kind, text=text, value=value, children=[])
        for nt, kind, text, value in tokens
    )


ConditionExpressionParser._lex_condition_expression = _lex_condition

# moto lists a response class's methods with inspect.getmembers on every request (0.45 ms); a
# class's methods do not change while it runs.
_METHOD_NAMES = {}


def _method_names_from_class(clazz):
    names = _METHOD_NAMES.get(clazz)
    if names is None:
        names = _METHOD_NAMES[clazz] = _moto_method_names_from_class(clazz)
    return list(names)


_moto_method_names_from_class = moto_responses.method_names_from_class
moto_responses.method_names_from_class = _method_names_from_class

_moto_unix_time = sqs_models.unix_time
sqs_models.unix_time = _fast_unix_time
sqs_models.unix_time_millis = _fast_unix_time_millis

# An eighth: moto enforces the item size limit on every attribute it sets by sizing the whole item
# again (LimitedSizeDict.__setitem__), so an item of n attributes costs n * n sizings to write: a
# booking's 35 attributes 1,225, a tenth of the emulator's time in a crowd. Here each attribute's
# size is remembered when it is set; an item whose remembered size comes within 100 KB of the limit
# is sized in full, as moto does, so the limit is enforced exactly wherever it can be reached.
_SIZE_LIMIT = 405_000  # moto's own figure (AWS: 400 KB, found to refuse between 409 and 410 KB)
_SIZE_EXACT_FROM = _SIZE_LIMIT - 100_000


def _attribute_size(key, value):
    return bytesize(key) + (value.size() if type(value) is DynamoType else bytesize(str(value)))


def _limited_setitem(self, key, value):
    sizes = self.__dict__.get("_fairslot_sizes")
    if sizes is None or sizes.keys() != self.keys():
        # set through dict methods that bypass __setitem__ (update, pop, copies): size it afresh
        sizes = {k: _attribute_size(k, v) for k, v in self.items()}
        self.__dict__["_fairslot_sizes"] = sizes
    new = _attribute_size(key, value)
    current = sum(sizes.values())
    if current + new > _SIZE_EXACT_FROM:
        current = sum(_attribute_size(k, v) for k, v in self.items())
    if current + new > _SIZE_LIMIT:
        raise ItemSizeTooLarge
    dict.__setitem__(self, key, value)
    sizes[key] = new


LimitedSizeDict.__setitem__ = _limited_setitem


class Serialized:
    """WSGI middleware: one request at a time, response body included, with faults.py in front of moto."""

    def __init__(self, app, profiler=None, faults=None):
        self._app = app
        self._lock = threading.Lock()
        self._profiler = profiler
        self._faults = faults

    def __call__(self, environ, start_response):
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else b""
        environ["wsgi.input"] = io.BytesIO(body)
        op = _operation(environ, body) if self._profiler else None
        if environ.get("PATH_INFO", "").startswith("/_fairslot/sent"):
            with self._lock:
                answer = json.dumps(_sent()).encode()
            start_response("200 OK", [("Content-Type", "application/json")])
            return [answer]
        if environ.get("PATH_INFO", "").startswith("/_fairslot/faults"):
            with self._lock:
                status, headers, answer = self._faults.control(environ, body)
            start_response(status, headers)
            return [answer]
        with self._lock:
            if self._profiler:
                started = time.perf_counter()
                self._profiler.enable()
            try:
                status, headers, answer = self._faults.handle(environ, body, self._call_moto)
            finally:
                if self._profiler:
                    self._profiler.disable()
                    entry = OPERATIONS.setdefault(op, [0, 0.0])
                    entry[0] += 1
                    entry[1] += time.perf_counter() - started
        start_response(status, headers)
        return [answer]

    def _call_moto(self, environ):
        """Runs moto and materializes its answer (moto may build the body lazily)."""
        captured = {}

        def capture(status, headers, exc_info=None):
            captured["status"], captured["headers"] = status, list(headers)
            return lambda data: None

        environ["wsgi.input"].seek(0)
        answer = b"".join(self._app(environ, capture))
        return captured["status"], captured["headers"], answer


def _raw_email(m):
    """A raw (MIME) e-mail as the others are shown, with its files: [{filename, contentType, content}]."""
    import email
    from email.header import decode_header, make_header
    from email.utils import parseaddr

    message = email.message_from_string(m.raw_data)
    body, files = "", []
    for part in message.walk():
        if part.is_multipart():
            continue
        data = part.get_payload(decode=True) or b""
        text = data.decode(part.get_content_charset() or "utf-8", errors="replace")
        if part.get_filename():
            files.append({"filename": part.get_filename(), "contentType": part.get_content_type(),
                          "content": text})
        elif part.get_content_type() == "text/plain" and not body:
            body = text
    to = sorted({parseaddr(a)[1] for a in (m.destinations or [])})
    return {"messageId": m.id, "from": m.source, "to": to,
            "subject": str(make_header(decode_header(message.get("Subject", "")))),
            "body": body, "attachments": files}


def _sent():
    """What moto's SES and SNS backends accepted: every e-mail (SendEmail) and every SMS (Publish to
    a phone number), in order, so tests and the local runtime can read back what members got."""
    from moto.ses.models import ses_backends
    from moto.sns.models import sns_backends

    emails, sms = [], []
    for _account, regions in ses_backends.items():
        for _region, backend in regions.items():
            for m in getattr(backend, "sent_messages", []):
                if hasattr(m, "raw_data"):
                    emails.append(_raw_email(m))
                    continue
                if not hasattr(m, "subject"):
                    continue  # templated sends keep other fields
                to = [a for kind in ("ToAddresses", "CcAddresses", "BccAddresses")
                      for a in (m.destinations or {}).get(kind, [])]
                emails.append({"messageId": m.id, "from": m.source, "to": to,
                               "subject": m.subject, "body": m.body, "attachments": []})
    for _account, regions in sns_backends.items():
        for _region, backend in regions.items():
            for message_id, (phone, text) in getattr(backend, "sms_messages", {}).items():
                sms.append({"messageId": message_id, "phoneNumber": phone, "message": text})
    return {"emails": emails, "sms": sms}


# Time under the lock per operation (profiling only): what each kind of call costs the emulator.
OPERATIONS = {}


def _operation(environ, body):
    """The API operation, with " (bench floor)" for the bench's bare tables, so a run can tell them apart."""
    target = environ.get("HTTP_X_AMZ_TARGET", "")
    name = target.split(".")[-1] if target else environ.get("PATH_INFO", "?")
    if not target and b"Action=" in body:
        name = body.split(b"Action=")[1].split(b"&")[0].decode()
    return name + (" (bench floor)" if b"bench-floor" in body else "")


class QuietHandler(WSGIRequestHandler):
    """No access log: hundreds of concurrent test requests would drown real failures."""

    def log_request(self, code="-", size="-"):
        pass


def _exit_when_parent_goes(on_exit=None):
    try:
        while sys.stdin.read(1):
            pass
    except Exception:
        pass
    if on_exit:
        on_exit()
    os._exit(0)


def _profile_to(path):
    """FAIRSLOT_EMULATOR_PROFILE=<file>: profile request handling (under the lock, so one profiler
    is safe) and write the top functions there on exit."""
    import atexit
    import cProfile
    import pstats
    import signal

    profiler = cProfile.Profile()

    def dump(*_):
        with open(path, "w") as out:
            out.write("operation                                   calls   total_ms   mean_ms\n")
            for name, (calls, seconds) in sorted(OPERATIONS.items(), key=lambda kv: -kv[1][1]):
                out.write(f"{name:42s} {calls:6d} {seconds * 1000:10.0f} {seconds * 1000 / calls:9.2f}\n")
            out.write("\n")
            pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(40)
        os._exit(0)

    signal.signal(signal.SIGTERM, dump)
    atexit.register(dump)
    return profiler, dump


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--watch-stdin", action="store_true",
                        help="exit when standard input reaches end of file")
    args = parser.parse_args()

    # A flash crowd opens hundreds of connections at once; werkzeug's default listen backlog (128)
    # drops the rest of the SYNs and clients see connect timeouts. The kernel caps this at somaxconn.
    ThreadedWSGIServer.request_queue_size = 4096
    profile = os.environ.get("FAIRSLOT_EMULATOR_PROFILE")
    profiler, on_exit = _profile_to(profile) if profile else (None, None)
    try:
        faults = Faults(os.environ.get("FAIRSLOT_FAULTS", ""))
    except ValueError as e:
        print(f"fairslot-emulator: {e}", flush=True)
        sys.exit(2)
    app = Serialized(DomainDispatcherApplication(create_backend_app), profiler, faults)
    server = make_server(args.host, args.port, app, threaded=True, request_handler=QuietHandler)
    server.daemon_threads = True
    if args.watch_stdin:
        threading.Thread(target=_exit_when_parent_goes, args=(on_exit,), daemon=True).start()
    print(f"fairslot-emulator listening on {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
