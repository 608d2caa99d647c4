"""Batches as AWS answers them (FAIRSLOT_FAULTS unprocessed=F) and FIFO dedup for SendMessageBatch.

Why: BatchGetItem and BatchWriteItem may leave part of a request undone (throttling, size) and say
so in UnprocessedKeys / UnprocessedItems, with a 200: code that reads only Responses silently loses
items. moto always does everything. And a FIFO queue deduplicates each entry of a SendMessageBatch
by its MessageDeduplicationId for 5 minutes, as it does a SendMessage.

- unprocessed=F: that fraction of a batch's keys or items is taken out of the request before moto
  sees it and handed back as unprocessed (at least one is always done, as AWS answers a batch it
  cannot start at all with ProvisionedThroughputExceededException instead).
"""

import json


def split(op, request, fraction, rng):
    """(request to run, what to report unprocessed) for a batch call; (request, None) otherwise."""
    if fraction <= 0 or op not in ("BatchGetItem", "BatchWriteItem"):
        return request, None
    items = request.get("RequestItems") or {}
    field = "Keys" if op == "BatchGetItem" else None
    kept, left = {}, {}
    total = 0
    for table, spec in items.items():
        entries = spec.get("Keys", []) if field else spec
        total += len(entries)
        for entry in entries:
            (left if rng.random() < fraction else kept).setdefault(table, []).append(entry)
    if not left:
        return request, None
    if not kept:  # keep one: a batch that does nothing at all is an exception on AWS, not a 200
        table = next(iter(left))
        kept[table] = [left[table].pop(0)]
        if not left[table]:
            del left[table]
        if not left:
            return request, None
    run = dict(request)
    if field:
        run["RequestItems"] = {t: dict(items[t], Keys=keys) for t, keys in kept.items()}
        unprocessed = {t: dict({k: v for k, v in items[t].items() if k != "Keys"}, Keys=keys)
                       for t, keys in left.items()}
    else:
        run["RequestItems"] = kept
        unprocessed = left
    return run, unprocessed


def merge(op, answer, unprocessed):
    response = json.loads(answer or b"{}")
    name = "UnprocessedKeys" if op == "BatchGetItem" else "UnprocessedItems"
    already = response.get(name) or {}
    for table, entries in unprocessed.items():
        if op == "BatchGetItem":
            already.setdefault(table, dict(entries, Keys=[]))["Keys"].extend(entries["Keys"])
        else:
            already.setdefault(table, []).extend(entries)
    response[name] = already
    return json.dumps(response).encode()


class BatchDedup:
    """SendMessageBatch entries whose MessageDeduplicationId a FIFO queue saw in the last 5 minutes
    are answered as sent again (the first message's id), not enqueued twice."""

    def __init__(self, remembered):
        self._remembered = remembered  # (queue name, dedup id) -> (expires, status, headers, body)

    @staticmethod
    def _key(url, entry):
        dedup = entry.get("MessageDeduplicationId")
        if not dedup or not url.endswith(".fifo"):
            return None
        return url.rsplit("/", 1)[-1], dedup

    def split(self, request):
        """(entries to send, answers already known by entry Id)."""
        url = request.get("QueueUrl", "")
        send, known = [], {}
        for entry in request.get("Entries", []):
            key = self._key(url, entry)
            if key is not None and key in self._remembered:
                known[entry.get("Id")] = json.loads(self._remembered[key][3])
            else:
                send.append(entry)
        return send, known

    def remember(self, request, answer, until):
        url = request.get("QueueUrl", "")
        by_id = {e.get("Id"): e for e in request.get("Entries", [])}
        for ok in json.loads(answer or b"{}").get("Successful", []):
            entry = by_id.get(ok.get("Id"))
            key = self._key(url, entry or {})
            if key is not None:
                self._remembered[key] = (until, "200 OK", [], json.dumps(ok).encode())

    @staticmethod
    def answer(sent_answer, known):
        response = json.loads(sent_answer) if sent_answer else {"Successful": [], "Failed": []}
        for entry_id, ok in known.items():
            response.setdefault("Successful", []).append(dict(ok, Id=entry_id))
        return json.dumps(response).encode()
