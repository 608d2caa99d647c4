package fairslot.table;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Audit records live in the partition of the entity they describe, so one Query returns an entity's
 * history in order, and every transition writes its record in its own transaction. SK is {@code
 * AUDIT#<millis>#<sequence>}: a booking's sequence is its version after the move, so its
 * transitions sort correctly even within one millisecond; seat changes read from the table stream
 * use the stream's sequence number; other records use a process-wide sequence (in order within one
 * process) and a random suffix.
 */
public final class AuditItemMapper {
  private AuditItemMapper() {}

  public static final String SK_PREFIX = "AUDIT#";

  public static Map<String, AttributeValue> toItem(
      String entityPk, String entity, String from, String to, Change change) {
    return toItem(
        entityPk,
        entity,
        from,
        to,
        change,
        String.format(
            "s%016x%08x",
            SEQUENCE.incrementAndGet(), ThreadLocalRandom.current().nextInt() & Integer.MAX_VALUE));
  }

  // Orders one process's records within a millisecond (a frozen test clock, or staff acting fast);
  // the random suffix keeps keys from two containers apart.
  private static final AtomicLong SEQUENCE =
      new AtomicLong(System.nanoTime() & 0x0000_ffff_ffff_ffffL);

  public static Map<String, AttributeValue> toItem(
      String entityPk, String entity, String from, String to, Change change, long sequence) {
    return toItem(entityPk, entity, from, to, change, String.format("v%010d", sequence));
  }

  /**
   * A record made from the table stream: its tiebreak is the stream sequence number (zero-padded,
   * so it sorts as a number), which makes the key the same on every delivery of the record.
   */
  public static Map<String, AttributeValue> toStreamedItem(
      String entityPk, String entity, String from, String to, Change change, String sequence) {
    String padded = "0".repeat(Math.max(0, 40 - sequence.length())) + sequence;
    return toItem(entityPk, entity, from, to, change, "q" + padded);
  }

  private static Map<String, AttributeValue> toItem(
      String entityPk, String entity, String from, String to, Change change, String tiebreak) {
    String sk = SK_PREFIX + String.format("%013d", change.at().toEpochMilli()) + "#" + tiebreak;
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

  /** Notes {@code field} in an edit's before and after if its value changed. */
  public static void changed(
      Map<String, Object> before, Map<String, Object> after, String field, Object was, Object is) {
    if (!was.equals(is)) {
      before.put(field, was);
      after.put(field, is);
    }
  }

  /** As above, with the changed fields' values before and after (numbers and strings). */
  public static Map<String, AttributeValue> withFields(
      Map<String, AttributeValue> item, Map<String, Object> before, Map<String, Object> after) {
    Map<String, AttributeValue> withFields = new HashMap<>(item);
    withFields.put("before", AttributeValue.fromM(fields(before)));
    withFields.put("after", AttributeValue.fromM(fields(after)));
    return withFields;
  }

  private static Map<String, AttributeValue> fields(Map<String, Object> values) {
    Map<String, AttributeValue> out = new HashMap<>();
    values.forEach(
        (k, v) -> out.put(k, v instanceof Number n ? Attr.n(n.longValue()) : s(String.valueOf(v))));
    return out;
  }

  private static Map<String, Object> fieldsOf(Map<String, AttributeValue> item, String name) {
    AttributeValue m = item.get(name);
    if (m == null || !m.hasM()) {
      return Map.of();
    }
    Map<String, Object> out = new TreeMap<>();
    m.m().forEach((k, v) -> out.put(k, v.n() != null ? (Object) Long.parseLong(v.n()) : v.s()));
    return out;
  }

  public static AuditEntry fromItem(Map<String, AttributeValue> item) {
    return new AuditEntry(
        Attr.instant(item, "at"),
        Attr.str(item, "actor"),
        Attr.str(item, "entity"),
        Attr.str(item, "from"),
        Attr.str(item, "to"),
        Attr.str(item, "reason"),
        fieldsOf(item, "before"),
        fieldsOf(item, "after"));
  }
}
