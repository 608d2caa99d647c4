package fairslot.idempotency.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdempotentRequest;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The record of a request with an Idempotency-Key: its fingerprint and the first successful
 * response. Lives 24 h; {@code ttl} (epoch seconds) only garbage-collects it, so readers also
 * compare {@code ttl} with the clock, since TTL deletion lags by up to days.
 */
public final class IdempotencyItemMapper {
  private IdempotencyItemMapper() {}

  static final Duration LIFETIME = Duration.ofHours(24);

  public static Map<String, AttributeValue> completed(
      IdempotentRequest request, StoredResponse response, Instant now) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.idempotency(request.scope()), "IDEM"));
    item.put("type", s("IDEMPOTENCY"));
    item.put("fingerprint", s(request.fingerprint()));
    item.put("responseStatus", n(response.status()));
    item.put("responseBody", s(response.body()));
    item.put("ttl", n(now.plus(LIFETIME).getEpochSecond()));
    return item;
  }

  public static boolean sameRequest(Map<String, AttributeValue> item, IdempotentRequest request) {
    AttributeValue fp = item.get("fingerprint");
    return fp != null && request.fingerprint().equals(fp.s());
  }

  public static StoredResponse response(Map<String, AttributeValue> item) {
    return new StoredResponse(Attr.integer(item, "responseStatus"), Attr.str(item, "responseBody"));
  }

  /** Condition for writing a record: none yet, or only one whose 24 h are over. */
  public static final String FRESH_CONDITION = "attribute_not_exists(PK) OR #ttl < :nowSeconds";
}
