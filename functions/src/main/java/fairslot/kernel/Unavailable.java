package fairslot.kernel;

/**
 * A dependency (the table, a queue, the event bus) stayed busy or unreachable through every retry
 * of the one retry policy ({@code fairslot.aws.AwsRetries}). The call may or may not have taken
 * effect. Not an answer about the business: HTTP says 503 {@code throttled} with Retry-After (a
 * retry with the same Idempotency-Key returns the true outcome), a job leaves the item for its next
 * run, and a queue consumer reports the message as failed so it is delivered again.
 */
public final class Unavailable extends RuntimeException {
  public Unavailable(String message, Throwable cause) {
    super(message, cause);
  }
}
