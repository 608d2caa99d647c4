package fairslot.pass.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.catalog.app.CatalogService;
import fairslot.catalog.domain.BookingWindow;
import fairslot.catalog.domain.CancelTier;
import fairslot.catalog.domain.CancelTiers;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.catalog.domain.WaitlistMode;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.member.app.Customer;
import fairslot.member.domain.NoShowPolicy;
import fairslot.memory.MemoryWorld;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PlanKind;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * Random histories of pass sales, bookings with passes and with money, payments at the desk,
 * cancels inside and outside the cancel tiers, check-ins, no-shows and expiries, on the in-memory
 * stores: after every step seats, credits, member counters and refunds all still add up.
 */
class PassHistoryProperties {
  private static final List<String> MEMBERS = List.of("u1", "u2", "u3");

  enum Kind {
    SELL_PASS,
    BOOK_WITH_PASS,
    BOOK_WITH_MONEY,
    PAY_AT_DESK,
    CANCEL,
    CHECK_IN,
    ADVANCE
  }

  /** One step: what, by whom, on which slot / pass / booking (indexes wrap), how many. */
  record Step(Kind kind, int member, int target, int quantity, int hours) {}

  @Provide
  Arbitrary<Step> steps() {
    return Combinators.combine(
            Arbitraries.of(Kind.class),
            Arbitraries.integers().between(0, MEMBERS.size() - 1),
            Arbitraries.integers().between(0, 50),
            Arbitraries.integers().between(1, 2),
            Arbitraries.integers().between(1, 30))
        .as(Step::new);
  }

  @Property(tries = 500)
  void seatsCreditsCountersAndMoneyAlwaysAddUp(
      @ForAll @Size(min = 1, max = 40) List<@net.jqwik.api.From("steps") Step> history) {
    MemoryWorld world = new MemoryWorld();
    Venue venue =
        world.catalog.createVenue(
            new CatalogService.CreateVenue("Club", ZoneId.of("UTC"), policy()), Optional.empty());
    Resource hall =
        done(
            world.catalog.createResource(
                new fairslot.catalog.app.CreateResource(
                    venue.venueId(), "Hall", ResourceKind.SEATS, 3),
                Optional.empty()));
    List<Slot> slots = new ArrayList<>();
    for (int hours : new int[] {2, 6, 12, 30, 50, 80, 120}) {
      Instant start = MemoryWorld.START.plus(Duration.ofHours(hours));
      slots.add(world.slotOf(hall, start, 999));
    }
    String planId =
        done(world.passService.createPlan(
                "admin",
                new PassService.CreatePlan(
                    venue.venueId(),
                    "Five",
                    PlanKind.PACK,
                    5,
                    Duration.ofDays(4),
                    Set.of(),
                    new Money(4000, "CNY")),
                Optional.empty()))
            .planId();
    List<Pass> passes = new ArrayList<>();
    List<Booking> bookings = new ArrayList<>();

    for (Step step : history) {
      String member = MEMBERS.get(step.member());
      Slot slot = slots.get(step.target() % slots.size());
      switch (step.kind()) {
        case SELL_PASS ->
            passes.add(
                done(
                    world.passService.sellAtDesk(
                        "desk", planId, new Customer.Account(member), Optional.empty())));
        case BOOK_WITH_PASS -> {
          if (!passes.isEmpty()) {
            Pass pass = passes.get(step.target() % passes.size()); // booked by its holder
            created(
                    world.bookings.book(
                        new Book(
                            pass.userId(),
                            slot.slotId(),
                            step.quantity(),
                            false,
                            Optional.empty(),
                            pass.userId(),
                            Optional.of(pass.passId()))))
                .ifPresent(bookings::add);
          }
        }
        case BOOK_WITH_MONEY ->
            created(
                    world.bookings.book(
                        Book.byMember(
                            member, slot.slotId(), step.quantity(), false, Optional.empty())))
                .ifPresent(bookings::add);
        case PAY_AT_DESK ->
            pick(bookings, step).ifPresent(b -> world.staff.offlinePayment("desk", b.bookingId()));
        case CANCEL ->
            pick(bookings, step).ifPresent(b -> world.bookings.cancel(b.userId(), b.bookingId()));
        case CHECK_IN ->
            pick(bookings, step).ifPresent(b -> world.staff.checkIn("desk", b.bookingId()));
        case ADVANCE -> {
          world.clock.advance(Duration.ofHours(step.hours()));
          world.holdSweep.run(100);
          world.noShows.run(100);
          world.passExpiry.run(100);
        }
      }
      assertThat(world.ledgerDeviations()).as("after %s", step).isEmpty();
    }
    // How much of each history did something: the report shows the histories are not all refusals.
    net.jqwik.api.statistics.Statistics.label("pass bookings")
        .collect(bookings.stream().filter(b -> b.pass().isPresent()).count() > 0);
    net.jqwik.api.statistics.Statistics.label("money bookings")
        .collect(bookings.stream().anyMatch(b -> b.pass().isEmpty()));
  }

  private static VenuePolicy policy() {
    VenuePolicy d = VenuePolicy.DEFAULT;
    return new VenuePolicy(
        d.holdDuration(),
        d.cancelCutoff(),
        d.offerDuration(),
        WaitlistMode.OFFER,
        4,
        BookingWindow.ALWAYS,
        new CancelTiers(
            List.of(
                new CancelTier(Duration.ofHours(24), 100),
                new CancelTier(Duration.ofHours(4), 50))),
        OptionalInt.of(4),
        Optional.of(new NoShowPolicy(2, Duration.ofDays(30), Duration.ofDays(2))));
  }

  private static Optional<Booking> created(Outcome<Booked> outcome) {
    return outcome instanceof Outcome.Done<Booked> d && d.value() instanceof Booked.Created c
        ? Optional.of(c.booking())
        : Optional.empty();
  }

  private static Optional<Booking> pick(List<Booking> bookings, Step step) {
    return bookings.isEmpty()
        ? Optional.empty()
        : Optional.of(bookings.get(step.target() % bookings.size()));
  }
}
