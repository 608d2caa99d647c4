package fairslot.idempotency.app;

/** A response kept for idempotent replay: status and body exactly as first sent. */
public record StoredResponse(int status, String body) {}
