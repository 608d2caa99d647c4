package fairslot.testing;

import static fairslot.memory.MemoryWorld.done;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.BookingStore.BookingPlan;
import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.domain.BookedSlot;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.MemberRules;
import fairslot.booking.domain.SeatSource;
import fairslot.catalog.app.CatalogService;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignment;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.idempotency.app.Replayable;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Money;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;

/** Slots and bookings for the port contract suites, made through the ports under test. */
public final class ContractFixtures {
  public static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");

  private final CatalogService catalogService;
  private final BookingStore bookings;

  public ContractFixtures(CatalogStore catalog, BookingStore bookings) {
    this.catalogService = new CatalogService(catalog, new TestClock(NOW), IdGenerator.random());
    this.bookings = bookings;
  }

  /** A slot a day ahead in a fresh venue (15-minute holds), priced 50.00 CNY a seat. */
  public Slot slot(ResourceKind kind, int capacity) {
    return hourOf(resource(kind, capacity), Admission.DIRECT, Optional.empty());
  }

  /** The same, priced {@code priceMinor} CNY a seat. */
  public Slot slot(ResourceKind kind, int capacity, long priceMinor) {
    return hourOf(
        resource(kind, capacity), Admission.DIRECT, Optional.empty(), new Money(priceMinor, "CNY"));
  }

  /** A resource of a fresh venue. */
  private fairslot.catalog.domain.Resource resource(ResourceKind kind, int capacity) {
    var venue =
        catalogService.createVenue(
            new CatalogService.CreateVenue("Club", ZoneOffset.UTC, VenuePolicy.DEFAULT),
            Optional.empty());
    return done(
        catalogService.createResource(
            new fairslot.catalog.app.CreateResource(venue.venueId(), "Court", kind, capacity),
            Optional.empty()));
  }

  /** Two half courts and the full court made of them, with a slot each at one hour. */
  public record CombinedCourt(
      fairslot.catalog.domain.Resource full, Slot halfA, Slot whole, Slot halfB) {}

  /** A combined court's three slots, created half A first, then the whole, then half B. */
  public CombinedCourt combinedCourt() {
    var venue =
        catalogService.createVenue(
            new CatalogService.CreateVenue("Club", ZoneOffset.UTC, VenuePolicy.DEFAULT),
            Optional.empty());
    var a = court(venue.venueId(), "Half A", java.util.List.of());
    var b = court(venue.venueId(), "Half B", java.util.List.of());
    Slot halfA = hourOf(a);
    var full = court(venue.venueId(), "Full", java.util.List.of(a.resourceId(), b.resourceId()));
    Slot whole = hourOf(full);
    Slot halfB = hourOf(b);
    return new CombinedCourt(full, halfA, whole, halfB);
  }

  private fairslot.catalog.domain.Resource court(
      String venueId, String name, java.util.List<String> parts) {
    return done(
        catalogService.createResource(
            new fairslot.catalog.app.CreateResource(
                venueId, name, ResourceKind.EXCLUSIVE, 1, Duration.ZERO, parts),
            Optional.empty()));
  }

  /** A LOTTERY slot a day ahead in a fresh venue, its entries closing at {@code closes}. */
  public Slot lotterySlot(Instant closes) {
    return hourOf(
        resource(ResourceKind.SEATS, 10), Admission.LOTTERY, Optional.of(closes.toString()));
  }

  /** A slot of {@code like}'s resource at its price, {@code hours} after it. */
  public Slot nextHour(Slot like, int hours) {
    Instant start = like.interval().start().plus(Duration.ofHours(hours));
    return done(
        catalogService.createSlot(
            new CatalogService.CreateSlot(
                like.resourceId(),
                start.toString(),
                start.plus(Duration.ofHours(1)).toString(),
                OptionalInt.empty(),
                like.price(),
                Admission.DIRECT,
                new Assignment(Optional.empty(), Optional.empty())),
            Optional.empty()));
  }

  private Slot hourOf(fairslot.catalog.domain.Resource resource) {
    return hourOf(resource, Admission.DIRECT, Optional.empty());
  }

  private Slot hourOf(
      fairslot.catalog.domain.Resource resource, Admission admission, Optional<String> closes) {
    return hourOf(resource, admission, closes, new Money(5000, "CNY"));
  }

  private Slot hourOf(
      fairslot.catalog.domain.Resource resource,
      Admission admission,
      Optional<String> closes,
      Money price) {
    Instant start = NOW.plus(Duration.ofDays(1));
    var create =
        new CatalogService.CreateSlot(
            resource.resourceId(),
            start.toString(),
            start.plus(Duration.ofHours(1)).toString(),
            OptionalInt.empty(),
            price,
            admission,
            new Assignment(Optional.empty(), Optional.empty()));
    return done(
        closes.isPresent()
            ? catalogService.createSlot(create, closes, Optional.empty())
            : catalogService.createSlot(create, Optional.empty()));
  }

  /** A hold (not yet placed) of {@code quantity} seats, due 15 minutes after {@link #NOW}. */
  public static Booking booking(String user, Slot slot, int quantity) {
    return new Booking(
        UUID.randomUUID().toString(),
        user,
        quantity,
        BookingStatus.PENDING_PAY,
        slot.price().times(quantity),
        Optional.of(NOW.plus(Duration.ofMinutes(15))),
        NOW,
        Optional.empty(),
        BookedSlot.of(slot),
        1);
  }

  public PlaceResult place(Booking b) {
    return place(b, Optional.empty());
  }

  public PlaceResult place(Booking b, Optional<IdempotentRequest> key) {
    return bookings
        .place(
            new BookingPlan(
                List.of(b),
                NOW,
                b.userId(),
                bookings.calendars(b.userId(), b.calendarDays()),
                new SeatSource.OpenSale(),
                MemberRules.NONE,
                key.map(
                    k ->
                        new Replayable(
                            k,
                            new StoredResponse(201, "{\"bookingId\":\"" + b.bookingId() + "\"}")))))
        .result();
  }
}
