package fairslot.booking.app;

import fairslot.booking.app.BookingStore.GroupPlaced;
import fairslot.booking.app.BookingStore.GroupPlan;
import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.app.BookingStore.Replayable;
import fairslot.booking.domain.BookSeveral;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingGroup;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.Placement;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Slot;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberCalendar;
import fairslot.pass.app.PassStore;
import fairslot.pass.domain.Pass;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Places a booking of several slots (v1.2): the slots are judged from their facts, each as a
 * booking of one slot would be, then taken in one transaction or not at all. The refusal names the
 * slot it is about. Tried again, as a booking of one slot is, while what it saw moves.
 */
final class GroupPlacer {
  private static final int MAX_ATTEMPTS = 6;

  private final CatalogStore catalog;
  private final BookingStore bookings;
  private final IdGenerator ids;
  private final PassStore passes;
  private final Function<Booking, StoredResponse> createdResponse;
  private final OverdueHoldReclaim reclaim;
  private final Clock clock;

  GroupPlacer(
      CatalogStore catalog,
      BookingStore bookings,
      PassStore passes,
      IdGenerator ids,
      Function<Booking, StoredResponse> createdResponse,
      OverdueHoldReclaim reclaim,
      Clock clock) {
    this.catalog = catalog;
    this.bookings = bookings;
    this.passes = passes;
    this.ids = ids;
    this.createdResponse = createdResponse;
    this.reclaim = reclaim;
    this.clock = clock;
  }

  Outcome<Booked> book(BookSeveral command) {
    List<String> slotIds = command.slotIds();
    if (slotIds.size() > BookingGroup.MAX_SLOTS) {
      return Outcome.refused(
          Refusal.TOO_MANY_SLOTS,
          "one booking takes at most " + BookingGroup.MAX_SLOTS + " slots",
          Map.of("limit", BookingGroup.MAX_SLOTS));
    }
    HashSet<String> seen = new HashSet<>();
    for (String id : slotIds) {
      if (!seen.add(id)) {
        return PlacementOutcomes.refusedAt(Refusal.SLOT_REPEATED, "the slot is named twice", id);
      }
    }
    Instant now = clock.instant();
    Placement placement = command.placement();
    List<Slot> slots = new ArrayList<>();
    for (String id : slotIds) {
      Optional<Slot> found = catalog.slotFacts(id);
      if (found.isEmpty()) {
        return PlacementOutcomes.refusedAt(Refusal.NOT_FOUND, "no slot " + id, id);
      }
      Optional<Outcome<Booked>> refusal =
          PlacementOutcomes.judgeLine(found.get(), command.quantity(), placement, now);
      if (refusal.isPresent()) {
        return refusal.get();
      }
      slots.add(found.get());
    }
    String venueId = slots.get(0).venueId();
    for (Slot slot : slots) {
      if (!slot.venueId().equals(venueId)
          || !slot.price().currency().equals(slots.get(0).price().currency())) {
        return PlacementOutcomes.refusedAt(
            Refusal.OTHER_VENUE, "every slot of one booking is at one venue", slot.slotId());
      }
    }
    // A window may have opened since the cached facts were read: judged on the slot as it is.
    for (int i = 0; i < slots.size(); i++) {
      if (placement.windowApplies() && BookingPlacer.outsideWindow(slots.get(i), now).isPresent()) {
        Slot fresh = catalog.findSlot(slots.get(i).slotId()).orElse(slots.get(i));
        Optional<Outcome<Booked>> closed = BookingPlacer.outsideWindow(fresh, now);
        if (closed.isPresent()) {
          return PlacementOutcomes.withSlot(closed.get(), fresh.slotId());
        }
        slots.set(i, fresh);
      }
    }
    Optional<Pass> pass = Optional.empty();
    if (command.passId().isPresent()) {
      // judged first from the pass as read, for a clear answer; the transaction holds it too
      pass = passes.findPass(command.userId(), command.passId().get());
      if (pass.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no pass " + command.passId().get());
      }
      Optional<Outcome<Booked>> refused =
          PlacementOutcomes.groupPassRefusal(pass.get(), slots, command.quantity());
      if (refused.isPresent()) {
        return refused.get();
      }
    }
    var rules = BookingPlacer.rulesOf(slots.get(0), placement);
    if (rules.upcomingLimit().isPresent() && slots.size() > rules.upcomingLimit().getAsInt()) {
      return PlacementOutcomes.of(
          new PlaceResult.LimitReached(rules.upcomingLimit().getAsInt()),
          null,
          slots.get(0).slotId(),
          slots.get(0).timeZone());
    }
    return place(command, placement, slots, now, pass);
  }

  private Outcome<Booked> place(
      BookSeveral command,
      Placement placement,
      List<Slot> slots,
      Instant now,
      Optional<Pass> pass) {
    List<String> lineIds = new ArrayList<>();
    for (int i = 0; i < slots.size(); i++) {
      lineIds.add(ids.newId());
    }
    List<Booking> lines = lines(command, lineIds, slots, now, pass);
    List<MemberCalendar> calendars =
        days(lines).stream().map(d -> MemberCalendar.empty(command.userId(), d)).toList();
    Map<String, Boolean> reclaimed = new HashMap<>();
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      StoredResponse response = createdResponse.apply(lines.get(0));
      GroupPlaced placed =
          bookings.placeGroup(
              new GroupPlan(
                  lines,
                  now,
                  placement.actor(),
                  calendars,
                  BookingPlacer.rulesOf(slots.get(0), placement),
                  placement.idempotency().map(key -> new Replayable(key, response))));
      PlaceResult result = placed.result();
      String slotId = placed.slotId().orElse(lines.get(0).slotId());
      if (result instanceof PlaceResult.TermsChanged) {
        // An admin's edit since the facts were read: every slot read again, the lines made anew.
        List<Slot> fresh = new ArrayList<>();
        for (Slot slot : slots) {
          Slot current = catalog.findSlot(slot.slotId()).orElse(slot);
          if (placement.windowApplies()) {
            Optional<Outcome<Booked>> closed = BookingPlacer.outsideWindow(current, now);
            if (closed.isPresent()) {
              return PlacementOutcomes.withSlot(closed.get(), current.slotId());
            }
          }
          fresh.add(current);
        }
        slots = fresh;
        lines = lines(command, lineIds, slots, now, pass);
        continue;
      }
      if (result instanceof PlaceResult.SoldOut && reclaimed.putIfAbsent(slotId, true) == null) {
        // Seats behind holds that ran out are bookable now, not at the next sweep.
        Slot full = slots.stream().filter(s -> s.slotId().equals(slotId)).findFirst().orElseThrow();
        if (reclaim.reclaim(full, now) > 0) {
          attempt--;
          continue;
        }
      }
      if (result instanceof PlaceResult.CalendarsMoved moved) {
        for (Booking line : lines) {
          Optional<String> clash =
              moved.current().stream()
                  .flatMap(c -> c.clashWith(line.slot().interval()).stream())
                  .findFirst();
          if (clash.isPresent()) {
            return Outcome.refused(
                Refusal.TIME_CONFLICT,
                "you already hold an overlapping booking",
                Map.of("conflictingBookingId", clash.get(), "slotId", line.slotId()));
          }
        }
        calendars = MemberCalendar.refreshed(calendars, moved.current());
        continue;
      }
      Slot about = slots.stream().filter(s -> s.slotId().equals(slotId)).findFirst().orElseThrow();
      Outcome<Booked> outcome = PlacementOutcomes.of(result, response, slotId, about.timeZone());
      return result instanceof PlaceResult.Placed || result instanceof PlaceResult.Replay
          ? outcome
          : PlacementOutcomes.withSlot(outcome, slotId);
    }
    return Outcome.refused(
        Refusal.THROTTLED, "too much contention on these slots; try again shortly");
  }

  /** The group's lines, earliest slot first (the lead, whose cancel tiers the booking keeps). */
  private static List<Booking> lines(
      BookSeveral command,
      List<String> lineIds,
      List<Slot> slots,
      Instant now,
      Optional<Pass> pass) {
    List<Slot> ordered =
        slots.stream()
            .sorted(
                Comparator.comparing((Slot s) -> s.interval().start()).thenComparing(Slot::slotId))
            .toList();
    List<Booking> bare = new ArrayList<>();
    for (int i = 0; i < ordered.size(); i++) {
      Slot slot = ordered.get(i);
      Booking b =
          BookingPlacer.newBooking(lineIds.get(i), command.userId(), command.quantity(), slot, now);
      // paid with the pass: each slot takes its own credits, PAID at once
      bare.add(pass.isPresent() ? BookingPlacer.paidWithPass(b, pass.get()) : b);
    }
    // One hold for the whole booking: the shortest of the slots' hold durations.
    Optional<Instant> hold =
        bare.stream().flatMap(b -> b.holdExpiresAt().stream()).min(Comparator.naturalOrder());
    BookingGroup group = BookingGroup.of(bare);
    boolean free = group.total().isFree();
    return bare.stream()
        .map(b -> (b.pass().isPresent() ? b : oneHold(b, free, hold)).inGroup(group))
        .toList();
  }

  /** A line under the group's one hold: paid at once only when the whole booking is free. */
  private static Booking oneHold(Booking b, boolean free, Optional<Instant> hold) {
    return new Booking(
        b.bookingId(),
        b.userId(),
        b.quantity(),
        free ? BookingStatus.PAID : BookingStatus.PENDING_PAY,
        b.amount(),
        free ? Optional.empty() : hold,
        b.createdAt(),
        Optional.empty(),
        b.slot(),
        b.version());
  }

  private static TreeSet<LocalDate> days(List<Booking> lines) {
    TreeSet<LocalDate> days = new TreeSet<>();
    lines.forEach(l -> days.addAll(l.calendarDays()));
    return days;
  }
}
