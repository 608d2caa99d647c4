package fairslot.webhook.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;

/**
 * One event for one subscription. {@code deliveryId} orders a subscription's deliveries by when the
 * change happened; {@code after} is the delivery of the same subject just before it, which must be
 * DELIVERED or PARKED before this one is sent. {@code attempts} counts tries since {@code since}
 * (the first, or the last hand retry); {@code lastStatus} is the subscriber's last answer (0: no
 * answer).
 */
public record Delivery(
    String webhookId,
    String deliveryId,
    WebhookEvent event,
    Optional<String> after,
    DeliveryState state,
    int attempts,
    Instant since,
    Optional<Instant> nextAt,
    int lastStatus) {

  /** How long a delivery is retried before it is parked for a hand retry. */
  public static final Duration RETRY_FOR = Duration.ofHours(24);

  /** The first wait after a failed try; each next one doubles, up to {@link #MAX_WAIT}. */
  public static final Duration FIRST_WAIT = Duration.ofSeconds(30);

  public static final Duration MAX_WAIT = Duration.ofHours(1);

  /** The wait after the {@code attempts}-th failed try. */
  public static Duration backoff(int attempts) {
    Duration wait = FIRST_WAIT.multipliedBy(1L << Math.min(Math.max(attempts - 1, 0), 20));
    return wait.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : wait;
  }

  /** Whether a try failing at {@code now} ends the retries. */
  public boolean lastTryAt(Instant now) {
    return !now.isBefore(since.plus(RETRY_FOR));
  }

  /**
   * The id a delivery of {@code event} to {@code webhookId} has, made again identically from a
   * stream record handed over twice: the change's time (so a subscription's deliveries list in
   * order) and a digest of the two names.
   */
  public static String idFor(String webhookId, WebhookEvent event) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest((webhookId + "|" + event.eventId()).getBytes(StandardCharsets.UTF_8));
      return String.format("%013d", event.createdAt().toEpochMilli())
          + "-"
          + HexFormat.of().formatHex(digest, 0, 10);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
