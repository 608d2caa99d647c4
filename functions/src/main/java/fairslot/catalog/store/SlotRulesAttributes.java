package fairslot.catalog.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.catalog.domain.Minimum;
import fairslot.catalog.domain.MinimumDecision;
import fairslot.catalog.domain.SessionRules;
import fairslot.catalog.domain.Slot;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A slot's scheduling rules on its item: {@code bufferAfterMs}; {@code minParticipants}, {@code
 * decideBeforeMs} and {@code minDecision} (PENDING, CONFIRMED, UNDER_MINIMUM, with {@code
 * minDecidedAt}). While the decision is pending the slot also carries the cancels-due index's keys
 * under the MINIMUMS family, due at the decision time, so the decide-minimums job reads only the
 * slots due (the table has its 20 indexes: the family shares the slot-cancel index, whose CANCELS
 * marks replace these when the slot is cancelled).
 */
final class SlotRulesAttributes {
  static final String FAMILY = "MINIMUMS";

  /** The slot's counterparts (a string set, grown by {@link CounterpartLinks} only). */
  static final String COUNTERPARTS = "counterparts";

  /** Present when the slot is written on its resource's days. */
  static final String ON_DAYS = "onResourceDays";

  /** The {@code minDecision} values. */
  enum Decision {
    PENDING,
    CONFIRMED,
    UNDER_MINIMUM
  }

  static final String PENDING = Decision.PENDING.name();
  static final String CONFIRMED = Decision.CONFIRMED.name();
  static final String UNDER_MINIMUM = Decision.UNDER_MINIMUM.name();

  private SlotRulesAttributes() {}

  static Map<String, AttributeValue> write(Slot slot) {
    Map<String, AttributeValue> item = new HashMap<>();
    SessionRules rules = slot.rules();
    if (rules.buffered()) {
      item.put("bufferAfterMs", n(rules.bufferAfter().toMillis()));
    }
    if (rules.onDays()) {
      item.put(ON_DAYS, AttributeValue.fromBool(true));
    }
    if (!rules.counterparts().isEmpty()) {
      item.put(COUNTERPARTS, AttributeValue.fromSs(List.copyOf(rules.counterparts())));
    }
    rules
        .minimum()
        .ifPresent(
            m -> {
              item.put("minParticipants", n(m.participants()));
              item.put("decideBeforeMs", n(m.decideBefore().toMillis()));
              MinimumDecision d = m.decision();
              if (d instanceof MinimumDecision.Confirmed c) {
                item.put("minDecision", s(CONFIRMED));
                item.put("minDecidedAt", millis(c.at()));
              } else if (d instanceof MinimumDecision.UnderMinimum u) {
                item.put("minDecision", s(UNDER_MINIMUM));
                item.put("minDecidedAt", millis(u.at()));
              } else {
                item.put("minDecision", s(PENDING));
                item.put("cancelDueShard", s(Keys.shard(FAMILY, slot.slotId())));
                item.put("cancelDueAt", millis(m.decideAt(slot.interval())));
              }
            });
    return item;
  }

  static SessionRules read(Map<String, AttributeValue> item) {
    Duration buffer = Duration.ofMillis(Attr.numOr(item, "bufferAfterMs", 0));
    boolean onDays = item.containsKey(ON_DAYS) || buffer.toMillis() > 0;
    Set<String> counterparts = counterparts(item);
    if (!item.containsKey("minParticipants")) {
      return new SessionRules(buffer, Optional.empty(), counterparts, onDays);
    }
    MinimumDecision decision =
        switch (Decision.valueOf(Attr.str(item, "minDecision"))) {
          case CONFIRMED -> new MinimumDecision.Confirmed(Attr.instant(item, "minDecidedAt"));
          case UNDER_MINIMUM ->
              new MinimumDecision.UnderMinimum(Attr.instant(item, "minDecidedAt"));
          case PENDING -> new MinimumDecision.Pending();
        };
    return new SessionRules(
        buffer,
        Optional.of(
            new Minimum(
                Attr.integer(item, "minParticipants"),
                Duration.ofMillis(Attr.num(item, "decideBeforeMs")),
                decision)),
        counterparts,
        onDays);
  }

  /** The slot ids linked to this slot as sharing its space at an overlapping time. */
  static Set<String> counterparts(Map<String, AttributeValue> item) {
    AttributeValue v = item.get(COUNTERPARTS);
    return v == null || !v.hasSs() ? Set.of() : Set.copyOf(v.ss());
  }
}
