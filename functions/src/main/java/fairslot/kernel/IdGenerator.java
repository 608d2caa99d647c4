package fairslot.kernel;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;

/** Opaque ids (never sequential). Tests may substitute a predictable generator. */
@FunctionalInterface
public interface IdGenerator {
  String newId();

  /**
   * The id of a new item. With an Idempotency-Key it derives from the key and the request, so twin
   * requests racing past the idempotency record create one item, not two: the second write finds
   * the first (same id) and answers with it.
   */
  default String idFor(Optional<IdempotentRequest> key, String kind) {
    return key.map(
            k ->
                UUID.nameUUIDFromBytes(
                        (kind + "#" + k.scope() + "#" + k.fingerprint())
                            .getBytes(StandardCharsets.UTF_8))
                    .toString())
        .orElseGet(this::newId);
  }

  /**
   * A payment's number: it is the provider's order number too ({@code out_trade_no}), which WeChat
   * Pay limits to 32 letters and digits, so a UUID loses its dashes.
   */
  default String newPaymentNo() {
    String id = newId().replaceAll("[^A-Za-z0-9]", "");
    return id.length() > 32 ? id.substring(0, 32) : id;
  }

  static IdGenerator random() {
    return () -> UUID.randomUUID().toString();
  }
}
