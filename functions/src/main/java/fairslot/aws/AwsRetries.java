package fairslot.aws;

import java.time.Duration;
import java.util.Set;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

/**
 * The one contention and fault policy for every AWS call fairslot makes (docs/reliability.md).
 *
 * <p>Retried, bounded to {@link #MAX_ATTEMPTS} attempts with full-jitter exponential backoff:
 *
 * <ul>
 *   <li>what the SDK retries by itself: throttling, 5xx and I/O errors (a lost response included;
 *       the SDK resends a TransactWriteItems with the same ClientRequestToken, which DynamoDB
 *       answers idempotently for 10 minutes);
 *   <li>contention, which the SDK does not retry: TransactionConflictException on a single-item
 *       write, TransactionInProgressException, and a TransactionCanceledException whose reasons are
 *       only TransactionConflict or ThrottlingError. Nothing was written in these cases, so trying
 *       the same request again is always safe.
 * </ul>
 *
 * A cancellation that names a failed condition is never retried here: that is the rule answering,
 * and the store reads it as a business result.
 *
 * <p>What is left after the last attempt is {@link #isTransient transient}: {@link Resilient} turns
 * it into {@code fairslot.kernel.Unavailable}, which every entry point maps the same way.
 */
public final class AwsRetries {
  public static final int MAX_ATTEMPTS = 8;
  static final Duration BASE = Duration.ofMillis(25);
  static final Duration CAP = Duration.ofMillis(1000);
  private static final Set<String> CONTENTION_REASONS =
      Set.of("TransactionConflict", "ThrottlingError", "TransactionInProgress");

  private AwsRetries() {}

  /** The retry strategy every SDK client is built with (DynamoDB, SQS, EventBridge). */
  public static RetryStrategy strategy() {
    return AwsRetryStrategy.standardRetryStrategy().toBuilder()
        .retryOnException(AwsRetries::isContention)
        .maxAttempts(MAX_ATTEMPTS)
        .backoffStrategy(BackoffStrategy.exponentialDelay(BASE, CAP))
        .throttlingBackoffStrategy(
            BackoffStrategy.exponentialDelay(BASE.multipliedBy(2), CAP.multipliedBy(2)))
        // A Lambda container serves one request at a time, so the token bucket would only carry a
        // crowd's failures from one request into the next one's; the attempt bound is the limit.
        .circuitBreakerEnabled(false)
        .build();
  }

  /** The retry policy, and the count of the retries it made (the AwsRetries metric). */
  public static ClientOverrideConfiguration overrides() {
    return ClientOverrideConfiguration.builder()
        .retryStrategy(strategy())
        .addExecutionInterceptor(new RetryMetrics())
        .build();
  }

  /** Contention: nothing was written, and the same request may succeed a moment later. */
  public static boolean isContention(Throwable t) {
    if (t instanceof TransactionConflictException || t instanceof TransactionInProgressException) {
      return true;
    }
    if (t instanceof TransactionCanceledException cancelled && cancelled.hasCancellationReasons()) {
      boolean any = false;
      for (CancellationReason reason : cancelled.cancellationReasons()) {
        String code = reason.code();
        if (code == null || code.equals("None")) {
          continue;
        }
        if (!CONTENTION_REASONS.contains(code)) {
          return false;
        }
        any = true;
      }
      return any;
    }
    return false;
  }

  /**
   * True when a failure says nothing about the business: throttling, a dependency's 5xx, an I/O
   * error (the answer may have been lost after the write applied), or contention.
   */
  public static boolean isTransient(Throwable t) {
    if (t instanceof SdkClientException) {
      return true;
    }
    if (t instanceof AwsServiceException service) {
      return service.isThrottlingException()
          || service.statusCode() >= 500
          || isContention(service);
    }
    return false;
  }
}
