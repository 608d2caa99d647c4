package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.millis;
import static fairslot.store.dynamodb.Attr.s;

import fairslot.app.Change;
import fairslot.domain.AuditEntry;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Audit records live in the partition of the entity they describe (SK {@code AUDIT#<millis>#<rand>}),
 * so one Query returns an entity's history in order, and every transition writes its record in
 * its own transaction.
 */
final class AuditItemMapper {
  private AuditItemMapper() {}

  static final String SK_PREFIX = "AUDIT#";

  static Map<String, AttributeValue> toItem(String entityPk, String entity, String from, String to, Change change) {
    String sk = SK_PREFIX + String.format("%013d", change.at().toEpochMilli()) + "#"
        + Long.toHexString(ThreadLocalRandom.current().nextLong());
    Map<String, AttributeValue> item = new HashMap<>(Attr.key(entityPk, sk));
    item.put("type", s("AUDIT"));
    item.put("at", millis(change.at()));
    item.put("actor", s(change.actor()));
    item.put("entity", s(entity));
    item.put("from", s(from));
    item.put("to", s(to));
    item.put("reason", s(change.reason()));
    return item;
  }

  static AuditEntry fromItem(Map<String, AttributeValue> item) {
    return new AuditEntry(Attr.instant(item, "at"), Attr.str(item, "actor"), Attr.str(item, "entity"),
        Attr.str(item, "from"), Attr.str(item, "to"), Attr.str(item, "reason"));
  }
}
