package fairslot.member.app;

/** Port: the deployment's key for calendar feed tokens, as a MAC over a message. */
@FunctionalInterface
public interface FeedKey {
  /** HMAC-SHA256 of {@code message} under the key. */
  byte[] tag(byte[] message);
}
