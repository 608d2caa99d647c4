package fairslot.handler.http;

import fairslot.catalog.app.CatalogService;
import fairslot.catalog.app.CreateResource;
import fairslot.catalog.app.SlotGeneration;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.Assignment;
import fairslot.catalog.domain.Minimum;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.WeeklySchedule;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.Currencies;
import fairslot.kernel.GeoPoint;
import fairslot.kernel.Money;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;

/** Catalog request bodies read into the catalog's commands, with the contract's bounds. */
final class CatalogRequests {
  private CatalogRequests() {}

  static final long MAX_PRICE_MINOR = 1_000_000_000_000L;
  static final int MAX_CAPACITY = 100_000;
  // Every create body names its fields: a misspelt or not-yet-supported one is a 422, never
  // silently ignored.
  private static final Set<String> VENUE_FIELDS =
      Set.of("name", "timeZone", "policy", "address", "location");
  private static final Set<String> RESOURCE_FIELDS =
      Set.of("name", "kind", "capacity", "bufferAfter", "parts");
  private static final Set<String> ASSIGNEE_FIELDS = Set.of("name", "venueId");
  private static final Set<String> SESSION_FIELDS =
      Set.of(
          "capacity",
          "priceMinor",
          "currency",
          "admission",
          "coachId",
          "roomId",
          "minParticipants",
          "decideBefore");
  private static final Set<String> SLOT_FIELDS =
      with(SESSION_FIELDS, "resourceId", "start", "end", "lotteryClosesAt");
  private static final Set<String> GENERATE_FIELDS =
      with(SESSION_FIELDS, "resourceId", "from", "to", "weekly");
  private static final Set<String> WEEKLY_FIELDS =
      Set.of("dayOfWeek", "start", "end", "priceMinor");

  private static Set<String> with(Set<String> base, String... more) {
    Set<String> all = new HashSet<>(base);
    all.addAll(List.of(more));
    return Set.copyOf(all);
  }

  static CatalogService.CreateVenue createVenue(RequestBody body) {
    body.onlyFields("venue", VENUE_FIELDS);
    String name = body.text("name");
    ZoneId zone = zone(body.optionalText("timeZone").orElse("UTC"));
    return new CatalogService.CreateVenue(
        name, zone, PolicyRequests.policy(body), address(body), location(body));
  }

  /** A venue's address as members read it (v1.3). */
  static Optional<String> address(RequestBody body) {
    return body.optionalText("address");
  }

  /** A venue's location, {@code {lat, lng}} in degrees (v1.3). */
  static Optional<GeoPoint> location(RequestBody body) {
    if (!body.has("location")) {
      return Optional.empty();
    }
    RequestBody at = body.object("location").onlyFields("location", Set.of("lat", "lng"));
    try {
      return Optional.of(new GeoPoint(degrees(at, "lat"), degrees(at, "lng")));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("location." + e.getMessage());
    }
  }

  private static double degrees(RequestBody at, String field) {
    var v = at.tree().get(field);
    if (v == null || !v.isNumber()) {
      throw InvalidInput.unprocessable("location." + field + " must be a number of degrees");
    }
    return v.asDouble();
  }

  static CreateResource createResource(String venueId, RequestBody body) {
    body.onlyFields("resource", RESOURCE_FIELDS);
    ResourceKind kind = body.enumeration("kind", ResourceKind.class);
    int capacity = body.optionalInteger("capacity").orElse(kind == ResourceKind.EXCLUSIVE ? 1 : -1);
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw InvalidInput.unprocessable("capacity must be an integer from 1 to 100000");
    }
    Duration buffer = body.optionalDuration("bufferAfter").orElse(Duration.ZERO);
    if (buffer.isNegative() || buffer.compareTo(Resource.MAX_BUFFER) > 0) {
      throw InvalidInput.unprocessable("bufferAfter must be from PT0S to PT24H");
    }
    List<String> parts = body.optionalTexts("parts", Resource.MAX_PARTS);
    if (parts.size() == 1 || !parts.isEmpty() && kind != ResourceKind.EXCLUSIVE) {
      throw InvalidInput.unprocessable(
          "parts: a combined resource is EXCLUSIVE and made of 2 to "
              + Resource.MAX_PARTS
              + " other resources");
    }
    return new CreateResource(venueId, body.text("name"), kind, capacity, buffer, parts);
  }

  /** A new slot, and when its lottery closes (a LOTTERY slot only). */
  record NewSlot(CatalogService.CreateSlot slot, Optional<String> lotteryClosesAt) {}

  static NewSlot createSlot(RequestBody body) {
    body.onlyFields("slot", SLOT_FIELDS);
    return new NewSlot(
        new CatalogService.CreateSlot(
            body.text("resourceId"),
            body.text("start"),
            body.text("end"),
            slotCapacity(body),
            price(body),
            admission(body),
            assignment(body),
            minimum(body)),
        body.optionalText("lotteryClosesAt"));
  }

  static SlotGeneration.GenerateSlots generateSlots(RequestBody body) {
    body.onlyFields("generate", GENERATE_FIELDS);
    List<WeeklySchedule.Session> weekly = new ArrayList<>();
    for (RequestBody rule : body.objects("weekly", 50)) {
      rule.onlyFields("weekly[]", WEEKLY_FIELDS);
      DayOfWeek day = dayOfWeek(rule.text("dayOfWeek"));
      LocalTime start = rule.time("start");
      LocalTime end = rule.time("end");
      if (start.equals(end)) {
        throw InvalidInput.unprocessable("weekly: end must differ from start");
      }
      weekly.add(new WeeklySchedule.Session(day, start, end, weeklyPrice(rule)));
    }
    return new SlotGeneration.GenerateSlots(
        body.text("resourceId"),
        body.date("from"),
        body.date("to"),
        weekly,
        slotCapacity(body),
        price(body),
        admission(body),
        assignment(body),
        minimum(body));
  }

  /** A weekly entry's own price (v1.3 peak prices), within the same bounds as the slot's. */
  private static OptionalLong weeklyPrice(RequestBody rule) {
    if (!rule.has("priceMinor")) {
      return OptionalLong.empty();
    }
    long minor = rule.nonNegativeLong("priceMinor");
    if (minor > MAX_PRICE_MINOR) {
      throw InvalidInput.unprocessable("weekly[].priceMinor must be from 0 to 10^12");
    }
    return OptionalLong.of(minor);
  }

  /** The longest a minimum-participants decision may come before the start. */
  private static final Duration MAX_DECIDE_BEFORE = Duration.ofDays(30);

  /** {@code minParticipants} (1 to 100000), {@code decideBefore} (PT0S to P30D; PT2H if absent). */
  private static Optional<Minimum> minimum(RequestBody body) {
    OptionalInt participants = body.optionalInteger("minParticipants");
    Optional<Duration> before = body.optionalDuration("decideBefore");
    if (participants.isEmpty()) {
      if (before.isPresent()) {
        throw InvalidInput.unprocessable("decideBefore needs minParticipants");
      }
      return Optional.empty();
    }
    if (participants.getAsInt() < 1 || participants.getAsInt() > MAX_CAPACITY) {
      throw InvalidInput.unprocessable("minParticipants must be an integer from 1 to 100000");
    }
    Duration decideBefore = before.orElse(Minimum.DEFAULT_DECIDE_BEFORE);
    if (decideBefore.isNegative() || decideBefore.compareTo(MAX_DECIDE_BEFORE) > 0) {
      throw InvalidInput.unprocessable("decideBefore must be from PT0S to P30D");
    }
    return Optional.of(Minimum.pending(participants.getAsInt(), decideBefore));
  }

  static CatalogService.CreateAssignee createAssignee(Assignee.Kind kind, RequestBody body) {
    body.onlyFields(kind.name().toLowerCase(Locale.ROOT), ASSIGNEE_FIELDS);
    return new CatalogService.CreateAssignee(kind, body.text("venueId"), body.text("name"));
  }

  private static OptionalInt slotCapacity(RequestBody body) {
    var capacity = body.optionalInteger("capacity");
    if (capacity.isPresent() && (capacity.getAsInt() < 1 || capacity.getAsInt() > MAX_CAPACITY)) {
      throw InvalidInput.unprocessable("capacity must be an integer from 1 to 100000");
    }
    return capacity;
  }

  static Money price(RequestBody body) {
    try {
      long minor = body.nonNegativeLong("priceMinor");
      if (minor > MAX_PRICE_MINOR) {
        // The contract's bound: price x quantity (at most 100) then stays far inside a long.
        throw InvalidInput.unprocessable("priceMinor must be from 0 to 10^12");
      }
      String currency = body.text("currency");
      if (!Currencies.isChargeable(currency)) {
        throw InvalidInput.unprocessable(
            "currency must be an ISO 4217 currency, such as CNY, JPY or BHD");
      }
      return new Money(minor, currency);
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable(e.getMessage());
    }
  }

  private static Admission admission(RequestBody body) {
    return body.optionalEnum("admission", Admission.class).orElse(Admission.DIRECT);
  }

  private static Assignment assignment(RequestBody body) {
    return new Assignment(body.optionalText("coachId"), body.optionalText("roomId"));
  }

  private static DayOfWeek dayOfWeek(String text) {
    for (DayOfWeek d : DayOfWeek.values()) {
      if (d.name().startsWith(text.toUpperCase(Locale.ROOT)) && text.length() >= 3) {
        return d;
      }
    }
    throw InvalidInput.unprocessable("dayOfWeek must be MON, TUE, WED, THU, FRI, SAT or SUN");
  }

  private static ZoneId zone(String id) {
    try {
      return ZoneId.of(id);
    } catch (DateTimeException e) {
      throw InvalidInput.unprocessable("timeZone must be an IANA zone id such as Asia/Shanghai");
    }
  }
}
