package fairslot.notification.domain;

import fairslot.kernel.MessageText;
import fairslot.member.domain.Channel;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;

/**
 * One notification on one channel: the outbox item a sender works through. Its identity is the
 * notification's plus the channel, so each (kind, booking or entry, channel) is delivered once.
 */
public record Delivery(
    Notification about,
    Channel channel,
    String address,
    MessageText message,
    DeliveryStatus status,
    int attempts,
    Instant createdAt,
    Optional<Instant> sentAt,
    Optional<String> lastError) {

  /** A delivery not tried yet. */
  public static Delivery pending(
      Notification about, Channel channel, String address, MessageText message, Instant at) {
    return new Delivery(
        about,
        channel,
        address,
        message,
        DeliveryStatus.PENDING,
        0,
        at,
        Optional.empty(),
        Optional.empty());
  }

  /** This delivery with one more try counted: the try a sender has claimed. */
  public Delivery oneMoreTry() {
    return new Delivery(
        about, channel, address, message, status, attempts + 1, createdAt, sentAt, lastError);
  }

  public Id id() {
    return new Id(about, channel, createdAt);
  }

  /**
   * The public id ({@code notificationId}): the identity and its notification's time (the member's
   * list is ordered by it), URL-safe, read back by {@link #decode}.
   */
  public record Id(Notification about, Channel channel, Instant createdAt) {
    private static final String SEPARATOR = "\n";

    public String encode() {
      String raw =
          String.join(
              SEPARATOR,
              about.userId(),
              about.slotId(),
              about.kind().name(),
              about.ref(),
              channel.name(),
              Long.toString(createdAt.toEpochMilli()));
      return Base64.getUrlEncoder()
          .withoutPadding()
          .encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    /** Empty for anything that is not an id this system gave out. */
    public static Optional<Id> decode(String text) {
      try {
        String[] parts =
            new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8)
                .split(SEPARATOR, -1);
        if (parts.length != 6 || Arrays.stream(parts).anyMatch(String::isEmpty)) {
          return Optional.empty();
        }
        return Optional.of(
            new Id(
                new Notification(parts[0], parts[1], Notification.Kind.valueOf(parts[2]), parts[3]),
                Channel.valueOf(parts[4]),
                Instant.ofEpochMilli(Long.parseLong(parts[5]))));
      } catch (IllegalArgumentException notOurs) {
        return Optional.empty();
      }
    }
  }
}
