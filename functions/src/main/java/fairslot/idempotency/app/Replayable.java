package fairslot.idempotency.app;

import fairslot.kernel.IdempotentRequest;

/**
 * A change's answer kept under its request's Idempotency-Key, written in the change's own
 * transaction: a twin of the request fails there and replays this answer, so the change is made
 * once however many copies of the request race.
 */
public record Replayable(IdempotentRequest request, StoredResponse response) {}
