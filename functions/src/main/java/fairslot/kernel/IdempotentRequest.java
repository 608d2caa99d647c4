package fairslot.kernel;

/**
 * A request that carried an {@code Idempotency-Key}. {@code scope} joins user and key; the
 * fingerprint digests route and body so a reused key with another body is recognised.
 */
public record IdempotentRequest(String scope, String fingerprint) {}
