package fairslot.memory;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.SeatReleases;
import fairslot.booking.domain.AuditSubject;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.DueBookings;
import fairslot.booking.domain.DueReminder;
import fairslot.booking.domain.DueReminders;
import fairslot.catalog.app.SeatReleased;
import fairslot.catalog.domain.Slot;
import fairslot.coupon.domain.CouponUse;
import fairslot.idempotency.app.IdempotencyStore;
import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.Replayable;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberCalendar;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.RefundPartPlan;
import fairslot.notification.domain.Notification;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Bookings in memory, with the booking transaction's conditions in the adapter's order: a decided
 * request, then the idempotency record, the member's guard, the seats (or the waitlist offer that
 * holds one), the calendar days.
 */
public final class MemoryBookingStore implements BookingStore {
  private final MemoryTables t;

  /** Outbox records written with a release, for tests to read. */
  public final List<Notification> notices = new ArrayList<>();

  public MemoryBookingStore(MemoryTables tables) {
    this.t = tables;
  }

  /**
   * A new booking is made under the slot's price and venue policy of the moment: made under others,
   * it is made again.
   */
  private static Optional<PlaceResult> priceRefusal(Slot slot, Booking b) {
    // Paid with credits: the money price does not bind it; the policy revision still does.
    boolean samePrice =
        b.pass().isPresent()
            || slot.price()
                .times(b.quantity())
                .equals(b.coupon().map(CouponUse::base).orElse(b.amount()));
    boolean same = samePrice && slot.inherited().venueRev() == b.slot().policyRev();
    return same ? Optional.empty() : Optional.of(new PlaceResult.TermsChanged());
  }

  /** The offer condition: still OFFERED to this member and not past its deadline. */
  private Optional<PlaceResult> offerRefusal(WaitlistEntry seen, Booking b, Instant now) {
    WaitlistEntry entry = t.entries.get(seen.entryId());
    boolean open =
        entry != null
            && entry.status() == WaitlistStatus.OFFERED
            && entry.userId().equals(b.userId())
            && entry.offerExpiresAt().map(now::isBefore).orElse(false);
    return open
        ? Optional.empty()
        : Optional.of(new PlaceResult.OfferGone(Optional.ofNullable(entry)));
  }

  /** The seat condition: open, not started, enough seats on open sale and none owed to waiters. */
  private Optional<PlaceResult> seatRefusal(Slot slot, int quantity, Instant now) {
    if (slot == null) {
      return Optional.of(new PlaceResult.SlotMissing());
    }
    if (!slot.onSale()) {
      return Optional.of(new PlaceResult.SlotNotOpen());
    }
    if (slot.hasStarted(now)) {
      return Optional.of(new PlaceResult.SlotStarted());
    }
    if (slot.remaining() < quantity || slot.forWaitlist() != 0) {
      return Optional.of(new PlaceResult.SoldOut(slot.remaining() - slot.forWaitlist()));
    }
    if (t.spaceTaken(slot)) {
      return Optional.of(new PlaceResult.SoldOut(0)); // taken through a counterpart
    }
    return Optional.empty();
  }

  @Override
  public Optional<PlaceResult> probe(Booking b, Instant now) {
    synchronized (t.lock) {
      String guard = t.guards.get(MemoryTables.guardKey(b.slotId(), b.userId()));
      if (guard != null) {
        return Optional.of(new PlaceResult.AlreadyBooked(guard));
      }
      return seatRefusal(t.slots.get(b.slotId()), b.quantity(), now);
    }
  }

  @Override
  public Optional<Booking> findBooking(String bookingId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.bookings.get(bookingId));
    }
  }

  @Override
  public Page<Booking> bookingsOf(String userId, PageRequest page) {
    return where(b -> b.userId().equals(userId), page);
  }

  @Override
  public Page<Booking> bookingsOfSlot(String slotId, PageRequest page) {
    return where(b -> b.slotId().equals(slotId), page);
  }

  @Override
  public Page<Booking> bookingsOnVenueDay(String venueId, LocalDate date, PageRequest page) {
    return where(
        b ->
            b.slot().venueId().equals(venueId)
                && b.slot()
                    .interval()
                    .start()
                    .atZone(b.slot().timeZone())
                    .toLocalDate()
                    .equals(date),
        page);
  }

  private Page<Booking> where(java.util.function.Predicate<Booking> test, PageRequest page) {
    synchronized (t.lock) {
      return new Page<>(
          t.bookings.values().stream().filter(test).limit(page.limit()).toList(), Optional.empty());
    }
  }

  @Override
  public ReleaseResult release(
      Booking b, BookingStatus to, Change change, Optional<Notification> notice) {
    if (!b.status().releasesSeatsMovingTo(to)) {
      throw new IllegalArgumentException(b.status() + " -> " + to + " does not release seats");
    }
    synchronized (t.lock) {
      // A booking of several slots is released whole, as in DynamoDB: every line in its status.
      List<Booking> others = otherLines(b).stream().filter(l -> l.status() == b.status()).toList();
      ReleaseResult first = releaseOne(b, to, change, notice);
      if (!(first instanceof ReleaseResult.Released released)) {
        return first;
      }
      List<SeatReleased> events = new ArrayList<>(released.events());
      for (Booking line : others) {
        events.addAll(
            ((ReleaseResult.Released) releaseOne(line, to, change, Optional.empty())).events());
      }
      return new ReleaseResult.Released(released.booking(), events);
    }
  }

  @Override
  public KeyedWrite refundPart(
      Booking read,
      Booking after,
      RefundPartPlan plan,
      Optional<Replayable> answer,
      Change change) {
    synchronized (t.lock) {
      Optional<KeyedWrite> taken = t.keyTaken(answer);
      if (taken.isPresent()) {
        return taken.get();
      }
      Booking now = t.bookings.get(read.bookingId());
      if (now == null
          || now.status() != BookingStatus.PAID
          || now.version() != read.version()
          || !asPlanned(plan)) {
        return new KeyedWrite.Moved();
      }
      t.keep(answer);
      t.bookings.put(read.bookingId(), after);
      keepPart(plan);
      return new KeyedWrite.Made();
    }
  }

  @Override
  public ReleaseResult releaseLine(
      Booking line, Change change, Optional<Notification> notice, Optional<RefundPartPlan> share) {
    synchronized (t.lock) {
      if (share.isPresent() && !asPlanned(share.get())) {
        return new ReleaseResult.NotInStatus(line);
      }
      ReleaseResult released = releaseOne(line, BookingStatus.CANCELLED, change, notice);
      if (released instanceof ReleaseResult.Released) {
        share.ifPresent(this::keepPart);
      }
      return released;
    }
  }

  private boolean asPlanned(RefundPartPlan plan) {
    return t.partAsPlanned(plan);
  }

  private void keepPart(RefundPartPlan plan) {
    t.keepPart(plan);
  }

  /** A booking of several slots given whole, as in DynamoDB. */
  private fairslot.booking.app.Transfer.Result transferGroup(
      fairslot.booking.app.Transfer.Plan plan) {
    Booking read = plan.booking();
    String to = plan.toUserId();
    synchronized (t.lock) {
      for (Booking line : plan.lines()) {
        Booking now = t.bookings.get(line.bookingId());
        if (now.status() != line.status()
            || !now.userId().equals(line.userId())
            || now.version() != line.version()) {
          return new fairslot.booking.app.Transfer.Result.NotInStatus(
              t.bookings.get(read.bookingId()));
        }
      }
      List<Booking> holding =
          plan.lines().stream().filter(l -> l.status() == read.status()).toList();
      if (plan.rules().suspension()) {
        var standing = t.standings.get(MemoryTables.standingKey(to, read.slot().venueId()));
        if (standing != null && standing.suspendedAt(plan.now())) {
          return new fairslot.booking.app.Transfer.Result.Suspended(
              standing.suspendedUntil().orElseThrow());
        }
      }
      for (Booking line : holding) {
        String guard = t.guards.get(MemoryTables.guardKey(line.slotId(), to));
        if (guard != null) {
          return new fairslot.booking.app.Transfer.Result.AlreadyBooked(guard);
        }
      }
      Booking given = plan.given();
      int counted = t.upcoming.getOrDefault(MemoryTables.upcomingKey(given), 0);
      if (plan.rules().upcomingLimit().isPresent()
          && counted + holding.size() > plan.rules().upcomingLimit().getAsInt()) {
        return new fairslot.booking.app.Transfer.Result.LimitReached(
            plan.rules().upcomingLimit().getAsInt());
      }
      List<MemberCalendar> moved = new ArrayList<>();
      for (MemberCalendar seen : plan.calendars()) {
        MemberCalendar current = calendar(seen.userId(), seen.day());
        if (current.version() != seen.version()) {
          moved.add(current);
        }
      }
      if (!moved.isEmpty()) {
        return new fairslot.booking.app.Transfer.Result.CalendarsMoved(moved);
      }
      for (Booking line : plan.lines()) {
        t.bookings.put(line.bookingId(), line.ownedBy(to));
      }
      for (Booking line : holding) {
        t.guards.remove(MemoryTables.guardKey(line.slotId(), line.userId()));
        t.guards.put(MemoryTables.guardKey(line.slotId(), to), line.bookingId());
        for (LocalDate day : line.calendarDays()) {
          removeEntry(line, day);
        }
      }
      t.upcoming.merge(MemoryTables.upcomingKey(read), -holding.size(), Integer::sum);
      t.upcoming.merge(MemoryTables.upcomingKey(given), holding.size(), Integer::sum);
      for (MemberCalendar seen : plan.calendars()) {
        MemberCalendar next = seen;
        for (Booking line : holding) {
          if (line.calendarDays().contains(seen.day())) {
            next = next.with(line.bookingId(), line.slot().interval());
          }
        }
        t.calendars.put(
            MemoryTables.calendarKey(seen.userId(), seen.day()),
            next.withVersion(seen.version() + 1));
      }
      return new fairslot.booking.app.Transfer.Result.Transferred(given);
    }
  }

  @Override
  public List<Booking> otherLines(Booking b) {
    synchronized (t.lock) {
      return b.otherLineIds().stream()
          .map(t.bookings::get)
          .filter(java.util.Objects::nonNull)
          .toList();
    }
  }

  @Override
  public PlaceAttempt place(BookingPlan plan) {
    synchronized (t.lock) {
      Booking lead = plan.lead();
      Optional<PlaceAttempt> refused = placementRefusal(plan);
      if (refused.isPresent()) {
        return refused.get();
      }
      List<MemberCalendar> moved = new ArrayList<>();
      for (MemberCalendar seen : plan.calendars()) {
        MemberCalendar now = calendar(seen.userId(), seen.day());
        if (now.version() != seen.version()) {
          moved.add(now);
        }
      }
      if (!moved.isEmpty()) {
        return about(new PlaceResult.CalendarsMoved(moved), null);
      }
      if (plan.offer().isPresent()) {
        // The offer already holds its seat: it becomes this booking's.
        WaitlistEntry offer = t.entries.get(plan.offer().get().entryId());
        t.entries.put(
            offer.entryId(),
            MemoryWaitlistStore.in(
                offer,
                WaitlistStatus.ACCEPTED,
                offer.offerExpiresAt(),
                Optional.of(lead.bookingId())));
      }
      for (Booking b : plan.lines()) {
        if (plan.offer().isEmpty()) {
          Slot slot = t.slots.get(b.slotId());
          t.slots.put(
              slot.slotId(),
              MemoryTables.counted(slot, slot.remaining() - b.quantity(), slot.forWaitlist()));
        }
        t.bookings.put(b.bookingId(), b);
        t.creditPass(b, -1, 0, 0);
        t.guards.put(MemoryTables.guardKey(b.slotId(), b.userId()), b.bookingId());
        audit(b, "-", b.status().name(), Change.by(plan.actor(), plan.now(), "booked"));
      }
      t.upcoming.merge(MemoryTables.upcomingKey(lead), plan.lines().size(), Integer::sum);
      lead.coupon()
          .ifPresent(use -> t.countCoupon(lead.slot().venueId(), lead.userId(), use.code(), 1));
      for (MemberCalendar seen : plan.calendars()) {
        MemberCalendar next = seen;
        for (Booking b : plan.lines()) {
          if (b.calendarDays().contains(seen.day())) {
            next = next.with(b.bookingId(), b.slot().interval());
          }
        }
        t.calendars.put(
            MemoryTables.calendarKey(seen.userId(), seen.day()),
            next.withVersion(seen.version() + 1));
      }
      plan.idempotency()
          .ifPresent(
              i ->
                  t.idempotency.put(
                      i.request().scope(),
                      new IdempotencyStore.Recorded(i.request().fingerprint(), i.response())));
      plan.granting()
          .ifPresent(
              q ->
                  t.requests.put(
                      q.requestId(),
                      MemoryRequestStore.decided(
                          t.requests.get(q.requestId()),
                          q.from().granted(),
                          Optional.of(lead.bookingId()),
                          Optional.empty(),
                          Optional.empty())));
      return about(new PlaceResult.Placed(lead), null);
    }
  }

  /** The transaction's conditions, in the order its cancellation reasons are read. */
  private Optional<PlaceAttempt> placementRefusal(BookingPlan plan) {
    Booking lead = plan.lead();
    if (plan.granting().isPresent()) {
      BookingRequest r = t.requests.get(plan.granting().get().requestId());
      if (r == null || r.status() != plan.granting().get().from()) {
        return Optional.of(about(new PlaceResult.RequestDecided(), null));
      }
    }
    if (plan.idempotency().isPresent()) {
      IdempotencyStore.Recorded seen =
          t.idempotency.get(plan.idempotency().get().request().scope());
      if (seen != null) {
        return Optional.of(
            about(
                seen.fingerprint().equals(plan.idempotency().get().request().fingerprint())
                    ? new PlaceResult.Replay(seen.response())
                    : new PlaceResult.KeyReused(),
                null));
      }
    }
    if (plan.rules().suspension()) {
      var standing =
          t.standings.get(MemoryTables.standingKey(lead.userId(), lead.slot().venueId()));
      if (standing != null && standing.suspendedAt(plan.now())) {
        return Optional.of(
            about(new PlaceResult.Suspended(standing.suspendedUntil().orElseThrow()), null));
      }
    }
    for (Booking b : plan.lines()) {
      String guard = t.guards.get(MemoryTables.guardKey(b.slotId(), b.userId()));
      if (guard != null) {
        return Optional.of(about(new PlaceResult.AlreadyBooked(guard), b));
      }
    }
    if (plan.offer().isPresent()) {
      Optional<PlaceResult> gone = offerRefusal(plan.offer().get(), lead, plan.now());
      if (gone.isPresent()) {
        return Optional.of(about(gone.get(), lead));
      }
    }
    for (Booking b : plan.lines()) {
      Slot slot = t.slots.get(b.slotId());
      Optional<PlaceResult> seats =
          plan.offer().isPresent()
              ? Optional.empty()
              : seatRefusal(slot, b.quantity(), plan.now()).or(() -> priceRefusal(slot, b));
      if (seats.isPresent()) {
        return Optional.of(about(seats.get(), b));
      }
    }
    if (lead.pass().isPresent()) {
      var pass = t.passes.get(MemoryTables.passKey(lead.userId(), lead.pass().get().passId()));
      int credits = plan.lines().stream().mapToInt(l -> l.pass().get().credits()).sum();
      Optional<Refusal> refused = pass == null ? Optional.of(Refusal.NOT_FOUND) : Optional.empty();
      for (Booking b : plan.lines()) {
        if (refused.isEmpty()) {
          refused =
              pass.refusalFor(
                  b.slot().venueId(), b.slot().resourceId(), b.slot().interval().start(), 0);
        }
      }
      if (refused.isEmpty() && pass.creditsLeft() < credits) {
        refused = Optional.of(Refusal.INSUFFICIENT_CREDITS);
      }
      if (refused.isPresent()) {
        return Optional.of(about(new PlaceResult.PassRefused(refused.get()), lead));
      }
    }
    if (lead.coupon().isPresent()) {
      Optional<Refusal> coupon =
          t.couponRefusal(lead.slot().venueId(), lead.userId(), lead.coupon().get(), plan.now());
      if (coupon.isPresent()) {
        return Optional.of(about(new PlaceResult.CouponRefused(coupon.get()), lead));
      }
    }
    int counted = t.upcoming.getOrDefault(MemoryTables.upcomingKey(lead), 0);
    if (plan.rules().upcomingLimit().isPresent()
        && counted + plan.lines().size() > plan.rules().upcomingLimit().getAsInt()) {
      return Optional.of(
          about(new PlaceResult.LimitReached(plan.rules().upcomingLimit().getAsInt()), lead));
    }
    return Optional.empty();
  }

  private static PlaceAttempt about(PlaceResult result, Booking line) {
    return new PlaceAttempt(result, Optional.ofNullable(line).map(Booking::slotId));
  }

  private ReleaseResult releaseOne(
      Booking b, BookingStatus to, Change change, Optional<Notification> notice) {
    synchronized (t.lock) {
      Booking now = t.bookings.get(b.bookingId());
      if (!inStatus(now, b, change)) {
        return new ReleaseResult.NotInStatus(now);
      }
      if (to == BookingStatus.REFUNDING) {
        // The refund starts in the same transaction: the payment must still be SUCCEEDED.
        Payment paid = t.payments.get(b.paymentNo().orElseThrow());
        fairslot.kernel.Money left = t.refundable.get(b.paymentNo().get());
        if (paid == null
            || paid.status() != PaymentStatus.SUCCEEDED
            || left != null && left.minor() < b.owedBack().minor()) {
          throw new IllegalStateException("release of " + b.bookingId() + " refused: payment");
        }
        // a split payment (v1.3 rest): the wallet's share in its proportion, the provider the rest
        var part = t.walletPart(paid.paymentNo()).filter(w -> w.isTaken());
        long toWallet =
            part.map(w -> w.refundShare(b.owedBack().minor(), b.total().minor())).orElse(0L);
        t.payments.put(
            paid.paymentNo(),
            MemoryTables.refundOf(
                paid,
                new fairslot.kernel.Money(
                    b.owedBack().minor() - toWallet, b.owedBack().currency())));
        t.refundsDue.put(paid.paymentNo(), change.at());
        if (toWallet > 0) {
          Payment w = part.get().payment();
          t.payments.put(
              w.paymentNo(),
              MemoryTables.refundOf(
                  w, new fairslot.kernel.Money(toWallet, b.owedBack().currency())));
          t.refundsDue.put(w.paymentNo(), change.at());
        }
      }
      if (now.status() == BookingStatus.PENDING_PAY && now.paymentNo().isPresent()) {
        t.giveBackWalletPart(
            now.paymentNo().get(), change.at()); // ends unpaid: the part comes back
      }
      Slot slot = t.slots.get(b.slotId());
      if (slot.remaining() > slot.capacity() - b.quantity()) {
        throw new IllegalStateException("release of " + b.bookingId() + " would exceed capacity");
      }
      int owed = slot.waitlistLength() > 0 ? b.quantity() : 0;
      if (owed > 0) {
        t.awaitingOffers.add(slot.slotId());
      }
      t.slots.put(
          slot.slotId(),
          MemoryTables.counted(slot, slot.remaining() + b.quantity(), slot.forWaitlist() + owed));
      Booking moved =
          (to == BookingStatus.REFUNDING ? now.refunding(b.owedBack()) : now).withStatus(to);
      if (now.status() == BookingStatus.PENDING_PAY
          && now.coupon().map(CouponUse::held).orElse(false)) {
        // ends unpaid: the redemption goes back with the move
        t.countCoupon(now.slot().venueId(), now.userId(), now.coupon().get().code(), -1);
        moved = moved.withCoupon(now.coupon().get().held(false));
      }
      t.bookings.put(b.bookingId(), moved);
      t.guards.remove(MemoryTables.guardKey(b.slotId(), b.userId()));
      t.upcoming.merge(MemoryTables.upcomingKey(b), -1, Integer::sum);
      t.creditPass(b, 1, 0, 0);
      for (LocalDate day : b.calendarDays()) {
        removeEntry(b, day);
      }
      notice.ifPresent(notices::add);
      notice.ifPresent(t.outbox::add);
      audit(b, b.status().name(), to.name(), change);
      return new ReleaseResult.Released(
          b.withStatus(to),
          new SeatReleased(
              "release:" + b.bookingId(), b.slotId(), b.quantity(), SeatReleases.reasonFor(to)));
    }
  }

  @Override
  public fairslot.booking.app.Reschedule.Result reschedule(
      fairslot.booking.app.Reschedule.Plan plan) {
    Booking read = plan.booking();
    Booking moved = plan.moved();
    synchronized (t.lock) {
      Booking now = t.bookings.get(read.bookingId());
      if (now == null
          || now.status() != read.status()
          || now.version() != read.version()
          || !now.slotId().equals(read.slotId())
          || !now.paymentNo().equals(read.paymentNo())) {
        return new fairslot.booking.app.Reschedule.Result.NotInStatus(now);
      }
      String guard = t.guards.get(MemoryTables.guardKey(moved.slotId(), moved.userId()));
      if (guard != null) {
        return new fairslot.booking.app.Reschedule.Result.AlreadyBooked(guard);
      }
      Slot target = t.slots.get(moved.slotId());
      Optional<PlaceResult> seats =
          seatRefusal(target, moved.quantity(), plan.now()).or(() -> priceRefusal(target, moved));
      if (seats.isPresent()) {
        PlaceResult refused = seats.get();
        return refused instanceof PlaceResult.SoldOut soldOut
            ? new fairslot.booking.app.Reschedule.Result.SoldOut(soldOut.remaining())
            : refused instanceof PlaceResult.SlotStarted
                ? new fairslot.booking.app.Reschedule.Result.SlotStarted()
                : refused instanceof PlaceResult.TermsChanged
                    ? new fairslot.booking.app.Reschedule.Result.TermsChanged()
                    : new fairslot.booking.app.Reschedule.Result.SlotNotOpen();
      }
      if (moved.pass().isPresent()) {
        var pass = t.passes.get(MemoryTables.passKey(moved.userId(), moved.pass().get().passId()));
        boolean valid =
            pass != null
                && pass.status() == fairslot.pass.domain.PassStatus.ACTIVE
                && pass.validUntil()
                    .map(u -> moved.slot().interval().start().isBefore(u))
                    .orElse(false);
        if (!valid) {
          return new fairslot.booking.app.Reschedule.Result.PassExpired();
        }
      }
      if (plan.difference().isPresent()) {
        // the payment as the plan saw it: SUCCEEDED, with as many refund parts
        var d = plan.difference().get();
        Payment payment = t.payments.get(d.payment().paymentNo());
        long parts =
            t.refundParts.values().stream()
                .filter(p -> p.paymentNo().equals(d.payment().paymentNo()))
                .count();
        if (payment == null
            || payment.status() != fairslot.money.domain.PaymentStatus.SUCCEEDED
            || parts != d.partsBefore()) {
          return new fairslot.booking.app.Reschedule.Result.PaymentMoved();
        }
      }
      for (Booking other : plan.otherLines()) {
        Booking current = t.bookings.get(other.bookingId());
        if (current.status() != other.status() || !current.paymentNo().equals(other.paymentNo())) {
          return new fairslot.booking.app.Reschedule.Result.NotInStatus(read);
        }
      }
      List<MemberCalendar> movedDays = new ArrayList<>();
      for (MemberCalendar seen : plan.calendars()) {
        MemberCalendar current = calendar(seen.userId(), seen.day());
        if (current.version() != seen.version()) {
          movedDays.add(current);
        }
      }
      if (!movedDays.isEmpty()) {
        return new fairslot.booking.app.Reschedule.Result.CalendarsMoved(movedDays);
      }
      Slot old = t.slots.get(read.slotId());
      if (old.remaining() > old.capacity() - read.quantity()) {
        throw new IllegalStateException("reschedule of " + read.bookingId() + " exceeds capacity");
      }
      int owed = old.waitlistLength() > 0 ? read.quantity() : 0;
      if (owed > 0) {
        t.awaitingOffers.add(old.slotId());
      }
      t.slots.put(
          old.slotId(),
          MemoryTables.counted(old, old.remaining() + read.quantity(), old.forWaitlist() + owed));
      t.slots.put(
          target.slotId(),
          MemoryTables.counted(
              target, target.remaining() - moved.quantity(), target.forWaitlist()));
      t.bookings.put(moved.bookingId(), moved);
      for (Booking other : plan.otherLines()) {
        t.bookings.put(
            other.bookingId(),
            t.bookings.get(other.bookingId()).inGroup(moved.group().orElseThrow()));
      }
      t.guards.remove(MemoryTables.guardKey(read.slotId(), read.userId()));
      t.guards.put(MemoryTables.guardKey(moved.slotId(), moved.userId()), moved.bookingId());
      List<LocalDate> newDays = moved.calendarDays();
      for (LocalDate day : read.calendarDays()) {
        if (!newDays.contains(day)) {
          removeEntry(read, day);
        }
      }
      for (MemberCalendar seen : plan.calendars()) {
        t.calendars.put(
            MemoryTables.calendarKey(seen.userId(), seen.day()),
            seen.with(moved.bookingId(), moved.slot().interval()));
      }
      Change change =
          Change.by(
              plan.actor(),
              plan.now(),
              "rescheduled from slot " + read.slotId() + " to slot " + moved.slotId());
      audit(read, read.status().name(), read.status().name(), change);
      plan.difference()
          .ifPresent(
              d -> {
                Payment part = d.part();
                t.keep(part);
                t.refundsDue.put(MemoryTables.recordKey(part), part.createdAt());
                t.refundable.put(d.payment().paymentNo(), d.refundableAfter());
                t.audit.add(
                    new fairslot.kernel.AuditEntry(
                        change.at(),
                        change.actor(),
                        "payment:" + part.paymentNo(),
                        "-",
                        part.status().name(),
                        "refund part " + part.refundPart() + ": " + change.reason()));
              });
      return new fairslot.booking.app.Reschedule.Result.Moved(
          moved,
          new SeatReleased(
              "reschedule:" + read.bookingId() + ":" + read.version(),
              read.slotId(),
              read.quantity(),
              SeatReleased.Reason.RESCHEDULED));
    }
  }

  @Override
  public fairslot.booking.app.Transfer.Result transfer(fairslot.booking.app.Transfer.Plan plan) {
    if (!plan.otherLines().isEmpty()) {
      return transferGroup(plan);
    }
    Booking read = plan.booking();
    Booking given = plan.given();
    synchronized (t.lock) {
      Booking now = t.bookings.get(read.bookingId());
      if (now == null
          || now.status() != read.status()
          || !now.userId().equals(read.userId())
          || now.version() != read.version()) {
        return new fairslot.booking.app.Transfer.Result.NotInStatus(now);
      }
      if (plan.rules().suspension()) {
        var standing =
            t.standings.get(MemoryTables.standingKey(given.userId(), given.slot().venueId()));
        if (standing != null && standing.suspendedAt(plan.now())) {
          return new fairslot.booking.app.Transfer.Result.Suspended(
              standing.suspendedUntil().orElseThrow());
        }
      }
      String guard = t.guards.get(MemoryTables.guardKey(given.slotId(), given.userId()));
      if (guard != null) {
        return new fairslot.booking.app.Transfer.Result.AlreadyBooked(guard);
      }
      int counted = t.upcoming.getOrDefault(MemoryTables.upcomingKey(given), 0);
      if (plan.rules().upcomingLimit().isPresent()
          && counted >= plan.rules().upcomingLimit().getAsInt()) {
        return new fairslot.booking.app.Transfer.Result.LimitReached(
            plan.rules().upcomingLimit().getAsInt());
      }
      List<MemberCalendar> moved = new ArrayList<>();
      for (MemberCalendar seen : plan.calendars()) {
        MemberCalendar current = calendar(seen.userId(), seen.day());
        if (current.version() != seen.version()) {
          moved.add(current);
        }
      }
      if (!moved.isEmpty()) {
        return new fairslot.booking.app.Transfer.Result.CalendarsMoved(moved);
      }
      t.bookings.put(given.bookingId(), given);
      t.guards.remove(MemoryTables.guardKey(read.slotId(), read.userId()));
      t.guards.put(MemoryTables.guardKey(given.slotId(), given.userId()), given.bookingId());
      t.upcoming.merge(MemoryTables.upcomingKey(read), -1, Integer::sum);
      t.upcoming.merge(MemoryTables.upcomingKey(given), 1, Integer::sum);
      for (LocalDate day : read.calendarDays()) {
        removeEntry(read, day);
      }
      for (MemberCalendar seen : plan.calendars()) {
        t.calendars.put(
            MemoryTables.calendarKey(seen.userId(), seen.day()),
            seen.with(given.bookingId(), given.slot().interval()));
      }
      audit(
          read,
          read.status().name(),
          read.status().name(),
          Change.by(
              plan.actor(),
              plan.now(),
              "transferred from " + read.userId() + " to " + given.userId()));
      return new fairslot.booking.app.Transfer.Result.Transferred(given);
    }
  }

  /**
   * The move's condition: still the booking seen (status and version), and with a due-by, its hold
   * due by then.
   */
  private static boolean inStatus(Booking now, Booking seen, Change change) {
    if (now == null || now.status() != seen.status() || now.version() != seen.version()) {
      return false;
    }
    return change.dueBy().isEmpty()
        || now.holdExpiresAt().map(d -> !d.isAfter(change.dueBy().get())).orElse(false);
  }

  @Override
  public MoveResult move(Booking b, BookingStatus to, Change change) {
    if (!b.status().canMoveTo(to) || b.status().releasesSeatsMovingTo(to)) {
      throw new IllegalArgumentException(
          b.status() + " -> " + to + " is not a move that keeps the seats");
    }
    synchronized (t.lock) {
      Booking now = t.bookings.get(b.bookingId());
      if (!inStatus(now, b, change)) {
        return new MoveResult.NotInStatus(now);
      }
      t.bookings.put(b.bookingId(), now.withStatus(to));
      if (b.status().isUpcoming() && !to.isUpcoming()) {
        t.upcoming.merge(MemoryTables.upcomingKey(b), -1, Integer::sum);
      }
      if (to == BookingStatus.COMPLETED) {
        t.creditPass(b, 0, 1, 0);
      } else if (to == BookingStatus.NO_SHOW) {
        t.creditPass(b, 0, 0, 1);
      }
      audit(b, b.status().name(), to.name(), change);
      return new MoveResult.Moved(b.withStatus(to));
    }
  }

  @Override
  public DueBookings dueHolds(Instant now, int limit) {
    synchronized (t.lock) {
      List<Booking> due =
          t.bookings.values().stream()
              .filter(b -> b.isOverdueHold(now))
              .sorted(Comparator.comparing(b -> b.holdExpiresAt().orElseThrow()))
              .limit(limit)
              .toList();
      return new DueBookings(due, due.size());
    }
  }

  /** The reminders already turned into notices (booking id and kind). */
  private final java.util.Set<String> reminded = java.util.concurrent.ConcurrentHashMap.newKeySet();

  /** A booking owes what its status owes as of when it was made, until reminded once. */
  @Override
  public DueReminders remindersDue(Instant now, int limit) {
    synchronized (t.lock) {
      List<DueReminder> due =
          t.bookings.values().stream()
              .flatMap(
                  b ->
                      fairslot.booking.domain.Reminder.owed(
                          b.status(), b.holdExpiresAt(), b.slot(), b.createdAt())
                          .filter(r -> !r.at().isAfter(now))
                          .filter(r -> !reminded.contains(b.bookingId() + r.kind()))
                          .map(r -> new DueReminder(b, r))
                          .stream())
              .limit(limit)
              .toList();
      return new DueReminders(due, due.size());
    }
  }

  @Override
  public boolean remind(Booking b, fairslot.booking.domain.Reminder reminder, Instant at) {
    synchronized (t.lock) {
      Booking now = t.bookings.get(b.bookingId());
      boolean owed =
          now != null
              && fairslot.booking.domain.Reminder.owed(
                      now.status(), now.holdExpiresAt(), now.slot(), now.createdAt())
                  .equals(java.util.Optional.of(reminder));
      if (!owed || !reminded.add(b.bookingId() + reminder.kind())) {
        return false;
      }
      // As the adapter: the notice is written with the reminder's move.
      t.outbox.add(
          new fairslot.notification.domain.Notification(
              b.userId(), b.slotId(), reminder.kind(), b.bookingId()));
      return true;
    }
  }

  @Override
  public List<Booking> holdsOf(String slotId, int limit) {
    synchronized (t.lock) {
      return t.bookings.values().stream()
          .filter(b -> b.slotId().equals(slotId) && b.status() == BookingStatus.PENDING_PAY)
          .sorted(Comparator.comparing(b -> b.holdExpiresAt().orElseThrow()))
          .limit(limit)
          .toList();
    }
  }

  @Override
  public DueBookings endedUnattended(Instant now, int limit) {
    synchronized (t.lock) {
      List<Booking> ended =
          t.bookings.values().stream()
              .filter(b -> b.status() == BookingStatus.PAID)
              .filter(b -> !b.slot().interval().end().isAfter(now))
              .limit(limit)
              .toList();
      return new DueBookings(ended, ended.size());
    }
  }

  @Override
  public List<MemberCalendar> calendars(String userId, List<LocalDate> days) {
    synchronized (t.lock) {
      return days.stream().map(d -> calendar(userId, d)).toList();
    }
  }

  /** The booking's entry leaves its member's day, which moves on a version. */
  private void removeEntry(Booking b, LocalDate day) {
    MemberCalendar c = calendar(b.userId(), day);
    Map<String, fairslot.kernel.Interval> entries = new HashMap<>(c.entries());
    entries.remove(b.bookingId());
    t.calendars.put(
        MemoryTables.calendarKey(b.userId(), day),
        new MemberCalendar(c.userId(), day, c.version() + 1, entries));
  }

  private MemberCalendar calendar(String userId, LocalDate day) {
    return t.calendars.getOrDefault(
        MemoryTables.calendarKey(userId, day), MemberCalendar.empty(userId, day));
  }

  @Override
  public fairslot.kernel.Page<AuditEntry> audit(
      AuditSubject subject, String id, fairslot.kernel.PageRequest page) {
    String entity = subject.name().toLowerCase(java.util.Locale.ROOT) + ":" + id;
    synchronized (t.lock) {
      List<AuditEntry> found =
          new java.util.ArrayList<>(
              t.audit.stream().filter(a -> a.entity().equals(entity)).toList());
      if (subject == AuditSubject.VENUE) {
        // Kept under the venue like its own edits: its staff grants and revocations.
        found.addAll(t.venueAudit.getOrDefault(id, List.of()));
        found.sort(java.util.Comparator.comparing(AuditEntry::at));
      }
      return MemoryPages.page(found, page);
    }
  }

  private void audit(Booking b, String from, String to, Change change) {
    t.audit.add(
        new AuditEntry(
            change.at(), change.actor(), "booking:" + b.bookingId(), from, to, change.reason()));
  }
}
