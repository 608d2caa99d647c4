package fairslot.pass.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The pass item, in its holder's partition ({@code MEMBER#<userId>}, {@code PASS#<passId>}): a copy
 * of the plan, the status and the credit ledger (left, used, forfeited).
 */
public final class PassItemMapper {
  private PassItemMapper() {}

  public static Map<String, AttributeValue> key(String userId, String passId) {
    return Attr.key(Keys.member(userId), Keys.pass(passId));
  }

  static Map<String, AttributeValue> toItem(Pass p) {
    Map<String, AttributeValue> item = new HashMap<>(key(p.userId(), p.passId()));
    PlanItemMapper.attributes(p.plan(), item);
    item.put("type", s("PASS"));
    item.put("passId", s(p.passId()));
    item.put("userId", s(p.userId()));
    item.put("status", s(p.status().name()));
    item.put("creditsLeft", n(p.creditsLeft()));
    item.put("creditsUsed", n(p.creditsUsed()));
    item.put("creditsForfeited", n(p.creditsForfeited()));
    if (p.creditsRefunded() > 0) {
      item.put("creditsRefunded", n(p.creditsRefunded()));
    }
    p.validUntil().ifPresent(u -> item.put("validUntil", millis(u)));
    if (p.status() == PassStatus.ACTIVE) {
      item.putAll(expiryIndexKeys(p.passId(), p.validUntil().orElseThrow()));
    }
    p.paymentNo().ifPresent(no -> item.put("paymentNo", s(no)));
    item.put("createdAt", millis(p.createdAt()));
    return item;
  }

  /** Sparse passesDue keys: present only while the pass is ACTIVE, due when its validity ends. */
  static Map<String, AttributeValue> expiryIndexKeys(String passId, Instant until) {
    return Map.of("passDueShard", s(Keys.shard("PASSES", passId)), "passDueAt", millis(until));
  }

  public static Pass fromItem(Map<String, AttributeValue> item) {
    return new Pass(
        str(item, "passId"),
        str(item, "userId"),
        PlanItemMapper.fromItem(item),
        PassStatus.valueOf(str(item, "status")),
        Attr.integer(item, "creditsLeft"),
        Attr.integer(item, "creditsUsed"),
        Attr.integer(item, "creditsForfeited"),
        (int) Attr.numOr(item, "creditsRefunded", 0),
        Attr.optionalInstant(item, "validUntil"),
        Attr.optionalString(item, "paymentNo"),
        Attr.instant(item, "createdAt"));
  }
}
