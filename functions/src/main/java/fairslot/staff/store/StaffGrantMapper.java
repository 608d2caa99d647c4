package fairslot.staff.store;

import static fairslot.table.Attr.instant;
import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.num;
import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.staff.domain.StaffGrant;
import fairslot.staff.domain.VenueRole;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A grant is kept twice: under its venue ({@code VENUE#v / STAFF#u}: the venue's staff list, and
 * the item the conditions are on) and under its member ({@code MEMBER#u / STAFF#v}: what an access
 * check reads in one query). Both are written in one transaction by {@link StaffGrantWrites}.
 */
final class StaffGrantMapper {
  static final String SK_PREFIX = "STAFF#";

  private StaffGrantMapper() {}

  static Map<String, AttributeValue> atVenue(String venueId, String userId) {
    return Attr.key(Keys.venue(venueId), SK_PREFIX + userId);
  }

  static Map<String, AttributeValue> atMember(String venueId, String userId) {
    return Attr.key(Keys.member(userId), SK_PREFIX + venueId);
  }

  static Map<String, AttributeValue> venueItem(StaffGrant g) {
    Map<String, AttributeValue> item = new HashMap<>(atVenue(g.venueId(), g.userId()));
    item.putAll(body(g));
    return item;
  }

  static Map<String, AttributeValue> memberItem(StaffGrant g) {
    Map<String, AttributeValue> item = new HashMap<>(atMember(g.venueId(), g.userId()));
    item.putAll(body(g));
    return item;
  }

  private static Map<String, AttributeValue> body(StaffGrant g) {
    return Map.of(
        "type", s("STAFF_GRANT"),
        "venueId", s(g.venueId()),
        "userId", s(g.userId()),
        "roles",
            AttributeValue.builder()
                .ss(g.roles().stream().map(VenueRole::name).sorted().toList())
                .build(),
        "grantedBy", s(g.grantedBy()),
        "grantedAt", millis(g.grantedAt()),
        "version", n(g.version()));
  }

  /** The roles as the audit shows them: {@code admin,frontdesk}. */
  static String rolesText(StaffGrant g) {
    return String.join(",", g.roles().stream().sorted().map(VenueRole::wire).toList());
  }

  static StaffGrant fromItem(Map<String, AttributeValue> item) {
    Set<VenueRole> roles = EnumSet.noneOf(VenueRole.class);
    item.get("roles").ss().forEach(r -> roles.add(VenueRole.valueOf(r)));
    return new StaffGrant(
        str(item, "venueId"),
        str(item, "userId"),
        roles,
        str(item, "grantedBy"),
        instant(item, "grantedAt"),
        num(item, "version"));
  }
}
