package fairslot.definitions;

import static fairslot.definitions.IndexDefinition.AttributeType.NUMBER;
import static fairslot.definitions.IndexDefinition.AttributeType.STRING;
import static fairslot.definitions.RouteDefinition.Access.JWT;
import static fairslot.definitions.RouteDefinition.Access.LOCAL_ONLY;
import static fairslot.definitions.RouteDefinition.Access.PUBLIC;

import java.util.List;

/**
 * The one source of truth for fairslot's cloud resources. The functions read index names from
 * here, the local runtime provisions the emulator from here, and the CDK stack synthesizes from
 * here, so the three cannot drift apart.
 */
public final class Fairslot {
  private Fairslot() {}

  /** Environment variable naming the table at run time; defaults to {@link TableDefinition#defaultName()}. */
  public static final String TABLE_ENV = "FAIRSLOT_TABLE";

  public static final String SLOTS_BY_VENUE_DAY = "slotsByVenueDay";
  public static final String BOOKINGS_BY_USER = "bookingsByUser";
  public static final String BOOKINGS_BY_SLOT = "bookingsBySlot";
  public static final String HOLDS_DUE = "holdsDue";

  public static final TableDefinition TABLE = new TableDefinition(
      "fairslot",
      "PK",
      "SK",
      "ttl",
      List.of(
          new IndexDefinition(SLOTS_BY_VENUE_DAY, "venueDay", STRING, "startAt", NUMBER),
          new IndexDefinition(BOOKINGS_BY_USER, "bookingUser", STRING, "createdAt", NUMBER),
          new IndexDefinition(BOOKINGS_BY_SLOT, "bookingSlot", STRING, "createdAt", NUMBER),
          // Sparse: only PENDING_PAY bookings carry holdDueShard, so a sweep reads only holds.
          new IndexDefinition(HOLDS_DUE, "holdDueShard", STRING, "holdDueAt", NUMBER)));

  /** Every route of the HTTP contract (../shared/API.md) served by the HTTP API function. */
  public static final List<RouteDefinition> ROUTES = List.of(
      new RouteDefinition("POST", "/venues", JWT),
      new RouteDefinition("GET", "/venues/{venueId}", PUBLIC),
      new RouteDefinition("POST", "/venues/{venueId}/resources", JWT),
      new RouteDefinition("POST", "/slots", JWT),
      new RouteDefinition("GET", "/slots", PUBLIC),
      new RouteDefinition("GET", "/slots/{slotId}", PUBLIC),
      new RouteDefinition("POST", "/slots/{slotId}/close", JWT),
      new RouteDefinition("POST", "/slots/{slotId}/open", JWT),
      new RouteDefinition("POST", "/bookings", JWT),
      new RouteDefinition("GET", "/bookings/{bookingId}", JWT),
      new RouteDefinition("GET", "/me/bookings", JWT),
      new RouteDefinition("POST", "/bookings/{bookingId}/cancel", JWT));

  /** Routes only the local runtime serves (see API.md, "Local runtime only"). */
  public static final List<RouteDefinition> LOCAL_ROUTES = List.of(
      new RouteDefinition("POST", "/_local/token", LOCAL_ONLY),
      new RouteDefinition("GET", "/_local/health", LOCAL_ONLY));
}
