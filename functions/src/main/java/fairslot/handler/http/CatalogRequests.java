package fairslot.handler.http;

import fairslot.catalog.app.CatalogService;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.Assignment;
import fairslot.catalog.domain.BookingWindow;
import fairslot.catalog.domain.Minimum;
import fairslot.catalog.domain.PolicyChange;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.catalog.domain.WeeklySchedule;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.Money;
import fairslot.waitlist.domain.WaitlistMode;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/** Catalog request bodies read into the catalog's commands, with the contract's bounds. */
final class CatalogRequests {
  private CatalogRequests() {}

  static final long MAX_PRICE_MINOR = 1_000_000_000_000L;
  static final int MAX_CAPACITY = 100_000;
  private static final Set<String> POLICY_FIELDS =
      Set.of(
          "holdDuration",
          "cancelCutoff",
          "offerDuration",
          "waitlistMode",
          "maxPerBooking",
          "bookingWindow",
          "cancelTiers",
          "maxUpcomingPerMember",
          "noShowPolicy",
          "reminderBefore");
  private static final Set<String> WINDOW_FIELDS = Set.of("opensBefore", "closesBefore");
  private static final Set<String> TIER_FIELDS = Set.of("before", "refundPercent");
  private static final Set<String> NO_SHOW_FIELDS = Set.of("strikes", "window", "suspension");

  // Every create body names its fields: a misspelt or not-yet-supported one is a 422, never
  // silently ignored.
  private static final Set<String> VENUE_FIELDS = Set.of("name", "timeZone", "policy");
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
  private static final Set<String> WEEKLY_FIELDS = Set.of("dayOfWeek", "start", "end");

  private static Set<String> with(Set<String> base, String... more) {
    Set<String> all = new java.util.HashSet<>(base);
    all.addAll(List.of(more));
    return Set.copyOf(all);
  }

  static CatalogService.CreateVenue createVenue(RequestBody body) {
    body.onlyFields("venue", VENUE_FIELDS);
    String name = body.text("name");
    ZoneId zone = zone(body.optionalText("timeZone").orElse("UTC"));
    RequestBody p = body.object("policy").onlyFields("policy", POLICY_FIELDS);
    VenuePolicy d = VenuePolicy.DEFAULT;
    try {
      return new CatalogService.CreateVenue(
          name,
          zone,
          new VenuePolicy(
              p.optionalDuration("holdDuration").orElse(d.holdDuration()),
              p.optionalDuration("cancelCutoff").orElse(d.cancelCutoff()),
              p.optionalDuration("offerDuration").orElse(d.offerDuration()),
              p.optionalEnum("waitlistMode", WaitlistMode.class).orElse(d.waitlistMode()),
              p.optionalInteger("maxPerBooking").orElse(d.maxPerBooking()),
              bookingWindow(p).orElse(d.bookingWindow()),
              cancelTiers(p).orElse(d.cancelTiers()),
              maxUpcoming(p).orElse(d.maxUpcomingPerMember()),
              noShowPolicy(p).orElse(d.noShowPolicy()),
              p.optionalDuration("reminderBefore").orElse(d.reminderBefore())));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("policy: " + e.getMessage());
    }
  }

  /**
   * The policy fields a venue edit names (a merge patch: the others keep their value), each within
   * the contract's bounds.
   */
  static PolicyChange policyChange(RequestBody body) {
    RequestBody p = body.object("policy").onlyFields("policy", POLICY_FIELDS);
    PolicyChange change =
        new PolicyChange(
            p.optionalDuration("holdDuration"),
            p.optionalDuration("cancelCutoff"),
            p.optionalDuration("offerDuration"),
            p.optionalEnum("waitlistMode", WaitlistMode.class),
            p.optionalInteger("maxPerBooking"),
            bookingWindow(p),
            cancelTiers(p),
            maxUpcoming(p),
            noShowPolicy(p),
            p.optionalDuration("reminderBefore"));
    try {
      change.applyTo(VenuePolicy.DEFAULT); // each bound is per field: judged on any policy
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("policy: " + e.getMessage());
    }
    return change;
  }

  /**
   * The policy's {@code bookingWindow}: absent, empty; {@code null}, no window ({@link
   * BookingWindow#ALWAYS}); an object, that window as a whole.
   */
  private static java.util.Optional<BookingWindow> bookingWindow(RequestBody policy) {
    com.fasterxml.jackson.databind.JsonNode given = policy.tree().get("bookingWindow");
    if (given == null) {
      return java.util.Optional.empty();
    }
    if (given.isNull()) {
      return java.util.Optional.of(BookingWindow.ALWAYS);
    }
    RequestBody w = policy.object("bookingWindow").onlyFields("bookingWindow", WINDOW_FIELDS);
    try {
      return java.util.Optional.of(
          new BookingWindow(
              w.optionalDuration("opensBefore"),
              w.optionalDuration("closesBefore").orElse(java.time.Duration.ZERO)));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("policy: " + e.getMessage());
    }
  }

  /** {@code cancelTiers}: absent, empty; {@code null} or {@code []}, none; else the tiers. */
  private static java.util.Optional<fairslot.catalog.domain.CancelTiers> cancelTiers(
      RequestBody policy) {
    com.fasterxml.jackson.databind.JsonNode given = policy.tree().get("cancelTiers");
    if (given == null) {
      return java.util.Optional.empty();
    }
    if (given.isNull() || (given.isArray() && given.isEmpty())) {
      return java.util.Optional.of(fairslot.catalog.domain.CancelTiers.NONE);
    }
    try {
      List<fairslot.catalog.domain.CancelTier> tiers = new ArrayList<>();
      for (RequestBody t :
          policy.objects("cancelTiers", fairslot.catalog.domain.CancelTiers.MAX_TIERS)) {
        t.onlyFields("cancelTiers[]", TIER_FIELDS);
        tiers.add(
            new fairslot.catalog.domain.CancelTier(
                t.optionalDuration("before")
                    .orElseThrow(
                        () -> InvalidInput.unprocessable("cancelTiers[].before is required")),
                t.integer("refundPercent")));
      }
      return java.util.Optional.of(new fairslot.catalog.domain.CancelTiers(tiers));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("policy: " + e.getMessage());
    }
  }

  /** {@code maxUpcomingPerMember}: absent, empty; {@code null}, no limit; else the limit. */
  private static java.util.Optional<OptionalInt> maxUpcoming(RequestBody policy) {
    com.fasterxml.jackson.databind.JsonNode given = policy.tree().get("maxUpcomingPerMember");
    if (given == null) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(policy.optionalInteger("maxUpcomingPerMember"));
  }

  /** {@code noShowPolicy}: absent, empty; {@code null}, none; an object, that rule. */
  private static java.util.Optional<java.util.Optional<fairslot.member.domain.NoShowPolicy>>
      noShowPolicy(RequestBody policy) {
    com.fasterxml.jackson.databind.JsonNode given = policy.tree().get("noShowPolicy");
    if (given == null) {
      return java.util.Optional.empty();
    }
    if (given.isNull()) {
      return java.util.Optional.of(java.util.Optional.empty());
    }
    RequestBody r = policy.object("noShowPolicy").onlyFields("noShowPolicy", NO_SHOW_FIELDS);
    try {
      return java.util.Optional.of(
          java.util.Optional.of(
              new fairslot.member.domain.NoShowPolicy(
                  r.integer("strikes"),
                  r.optionalDuration("window")
                      .orElseThrow(
                          () -> InvalidInput.unprocessable("noShowPolicy.window is required")),
                  r.optionalDuration("suspension")
                      .orElseThrow(
                          () ->
                              InvalidInput.unprocessable("noShowPolicy.suspension is required")))));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("policy: " + e.getMessage());
    }
  }

  static fairslot.catalog.app.CreateResource createResource(String venueId, RequestBody body) {
    body.onlyFields("resource", RESOURCE_FIELDS);
    ResourceKind kind = body.enumeration("kind", ResourceKind.class);
    int capacity = body.optionalInteger("capacity").orElse(kind == ResourceKind.EXCLUSIVE ? 1 : -1);
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw InvalidInput.unprocessable("capacity must be an integer from 1 to 100000");
    }
    java.time.Duration buffer =
        body.optionalDuration("bufferAfter").orElse(java.time.Duration.ZERO);
    if (buffer.isNegative() || buffer.compareTo(fairslot.catalog.domain.Resource.MAX_BUFFER) > 0) {
      throw InvalidInput.unprocessable("bufferAfter must be from PT0S to PT24H");
    }
    java.util.List<String> parts =
        body.optionalTexts("parts", fairslot.catalog.domain.Resource.MAX_PARTS);
    if (parts.size() == 1 || !parts.isEmpty() && kind != ResourceKind.EXCLUSIVE) {
      throw InvalidInput.unprocessable(
          "parts: a combined resource is EXCLUSIVE and made of 2 to "
              + fairslot.catalog.domain.Resource.MAX_PARTS
              + " other resources");
    }
    return new fairslot.catalog.app.CreateResource(
        venueId, body.text("name"), kind, capacity, buffer, parts);
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

  static CatalogService.GenerateSlots generateSlots(RequestBody body) {
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
      weekly.add(new WeeklySchedule.Session(day, start, end));
    }
    return new CatalogService.GenerateSlots(
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

  /** The longest a minimum-participants decision may come before the start. */
  private static final java.time.Duration MAX_DECIDE_BEFORE = java.time.Duration.ofDays(30);

  /** {@code minParticipants} (1 to 100000), {@code decideBefore} (PT0S to P30D; PT2H if absent). */
  private static java.util.Optional<Minimum> minimum(RequestBody body) {
    OptionalInt participants = body.optionalInteger("minParticipants");
    java.util.Optional<java.time.Duration> before = body.optionalDuration("decideBefore");
    if (participants.isEmpty()) {
      if (before.isPresent()) {
        throw InvalidInput.unprocessable("decideBefore needs minParticipants");
      }
      return java.util.Optional.empty();
    }
    if (participants.getAsInt() < 1 || participants.getAsInt() > MAX_CAPACITY) {
      throw InvalidInput.unprocessable("minParticipants must be an integer from 1 to 100000");
    }
    java.time.Duration decideBefore = before.orElse(Minimum.DEFAULT_DECIDE_BEFORE);
    if (decideBefore.isNegative() || decideBefore.compareTo(MAX_DECIDE_BEFORE) > 0) {
      throw InvalidInput.unprocessable("decideBefore must be from PT0S to P30D");
    }
    return java.util.Optional.of(Minimum.pending(participants.getAsInt(), decideBefore));
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
      return new Money(minor, body.text("currency"));
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
