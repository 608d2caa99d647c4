package fairslot.member.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.member.domain.MemberStanding;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The member-standing item: the no-shows that still count (slot starts, millis), the end of a
 * suspension, and a version each write bumps.
 */
public final class StandingItemMapper {
  private StandingItemMapper() {}

  public static Map<String, AttributeValue> key(String userId, String venueId) {
    return Attr.key(Keys.member(userId), Keys.standing(venueId));
  }

  static Map<String, AttributeValue> toItem(MemberStanding standing) {
    Map<String, AttributeValue> item = new HashMap<>(key(standing.userId(), standing.venueId()));
    item.put("type", s("STANDING"));
    item.put("userId", s(standing.userId()));
    item.put("venueId", s(standing.venueId()));
    item.put(
        "strikes", AttributeValue.fromL(standing.strikes().stream().map(Attr::millis).toList()));
    standing.suspendedUntil().ifPresent(until -> item.put("suspendedUntil", millis(until)));
    item.put("version", n(standing.version()));
    return item;
  }

  static MemberStanding fromItem(String userId, String venueId, Map<String, AttributeValue> item) {
    if (item == null || item.isEmpty()) {
      return MemberStanding.clean(userId, venueId);
    }
    List<Instant> strikes =
        item.containsKey("strikes")
            ? item.get("strikes").l().stream()
                .map(v -> Instant.ofEpochMilli(Long.parseLong(v.n())))
                .toList()
            : List.of();
    Optional<Instant> until = Attr.optionalInstant(item, "suspendedUntil");
    return new MemberStanding(userId, venueId, strikes, until, Attr.num(item, "version"));
  }
}
