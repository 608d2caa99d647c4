package fairslot.memory;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.MoneyBack;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.member.domain.MemberCalendar;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.notification.domain.Notification;
import fairslot.payment.app.PaymentStore;
import fairslot.payment.app.Settlement;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Payments in memory. Each settlement checks, in the adapter's order, the event id first (a replay
 * is a Duplicate whatever else moved), then the payment's and booking's statuses (Stale), then for
 * a revival the seats and the member's guard (NoSeat) and calendar days (Stale).
 */
public final class MemoryPaymentStore implements PaymentStore {
  private final MemoryTables t;

  /** Events refused for staff (e.g. a wrong amount): payment number and detail. */
  public MemoryPaymentStore(MemoryTables tables) {
    this.t = tables;
  }

  @Override
  public StartResult start(Booking b, Payment payment, Change change) {
    synchronized (t.lock) {
      Booking now = t.bookings.get(b.bookingId());
      boolean payable =
          now.status() == BookingStatus.PENDING_PAY
              && now.holdExpiresAt().map(d -> d.isAfter(change.at())).orElse(false);
      if (!payable || now.paymentNo().isPresent()) {
        return payable
            ? new StartResult.AlreadyStarted(now.paymentNo().get())
            : new StartResult.NotPayable(now);
      }
      t.bookings.put(b.bookingId(), now.withPayment(payment.paymentNo()));
      t.payments.put(payment.paymentNo(), payment);
      audit(payment.paymentNo(), "-", PaymentStatus.PENDING.name(), change);
      return new StartResult.Started(payment);
    }
  }

  @Override
  public StartResult startSplit(
      Booking b, Payment payment, fairslot.money.domain.WalletPart part, Change change) {
    synchronized (t.lock) {
      var wallet = t.wallets.get(payment.userId() + " " + part.venueId());
      Booking now = t.bookings.get(b.bookingId());
      boolean payable =
          now.status() == BookingStatus.PENDING_PAY
              && now.holdExpiresAt().map(d -> d.isAfter(change.at())).orElse(false)
              && now.paymentNo().isEmpty();
      if (payable && (wallet == null || !part.taken().within(wallet.balance()))) {
        return new StartResult.WalletMoved();
      }
      StartResult started = start(b, payment, change);
      if (started instanceof StartResult.Started) {
        Payment w = part.payment();
        t.payments.put(w.paymentNo(), w);
        t.walletShares.put(w.paymentNo(), part.taken());
        t.walletParts.put(payment.paymentNo(), part);
        t.moveWallet(
            fairslot.money.domain.LedgerEntry.debit(
                w.userId(),
                part.venueId(),
                fairslot.money.domain.LedgerEntry.Kind.SPEND,
                part.taken(),
                w.amount().currency(),
                w.paymentNo(),
                change.at()));
        audit(w.paymentNo(), "-", PaymentStatus.SUCCEEDED.name(), change);
      }
      return started;
    }
  }

  @Override
  public Optional<fairslot.money.domain.WalletPart> walletPartOf(String paymentNo) {
    synchronized (t.lock) {
      return t.walletPart(paymentNo);
    }
  }

  @Override
  public Optional<Payment> findPayment(String paymentNo) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.payments.get(paymentNo));
    }
  }

  @Override
  public Optional<Payment> findPart(String paymentNo, int n) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.refundParts.get(MemoryTables.recordKey(paymentNo, n)));
    }
  }

  @Override
  public List<Payment> partsOf(String paymentNo) {
    synchronized (t.lock) {
      return t.refundParts.values().stream()
          .filter(p -> p.paymentNo().equals(paymentNo))
          .sorted(Comparator.comparingInt(Payment::refundPart))
          .toList();
    }
  }

  @Override
  public SettleResult settle(Settlement s) {
    synchronized (t.lock) {
      if (t.paymentEvents.contains(s.eventId())) {
        return new SettleResult.Duplicate();
      }
      Optional<SettleResult> refused = refusal(s);
      if (refused.isPresent()) {
        return refused.get();
      }
      t.paymentEvents.add(s.eventId());
      s.raises().ifPresent(e -> t.exceptions.putIfAbsent(e.exceptionId(), e));
      apply(s);
      return new SettleResult.Applied();
    }
  }

  /** The settlement's conditions, judged before anything is written. */
  private Optional<SettleResult> refusal(Settlement s) {
    Payment p = t.current(s.payment());
    Optional<SettleResult> stale = Optional.of(new SettleResult.Stale());
    if ((s instanceof Settlement.MarkPaid || s instanceof Settlement.Revive)
        && t.walletPart(p == null ? "" : p.paymentNo()).filter(w -> !w.isTaken()).isPresent()) {
      return Optional.of(new SettleResult.NoSeat()); // its wallet part went back: refund it
    }
    if (s instanceof Settlement.Revive r) {
      // As the adapter reads its cancellation reasons: no seat outranks any other move.
      Booking b = r.booking();
      Slot slot = t.slots.get(b.slotId());
      boolean seats =
          slot.status() == SlotStatus.OPEN
              && !slot.hasStarted(r.change().at())
              && slot.remaining() >= b.quantity()
              && slot.forWaitlist() == 0
              && !t.spaceTaken(slot);
      if (!seats || t.guards.containsKey(MemoryTables.guardKey(b.slotId(), b.userId()))) {
        return Optional.of(new SettleResult.NoSeat());
      }
      var limit = r.upcomingLimit();
      var standing = t.standings.get(MemoryTables.standingKey(b.userId(), b.slot().venueId()));
      if (limit.isPresent()
              && t.upcoming.getOrDefault(MemoryTables.upcomingKey(b), 0) >= limit.getAsInt()
          || r.checkStanding() && standing != null && standing.suspendedAt(r.change().at())) {
        return Optional.of(new SettleResult.NoSeat()); // the venue's limit or a suspension
      }
      if (b.coupon().isPresent()
          && !b.coupon().get().held()
          && t.couponRefusal(b.slot().venueId(), b.userId(), b.coupon().get(), r.change().at())
              .isPresent()) {
        return Optional.of(new SettleResult.NoSeat()); // the coupon cannot be redeemed again
      }
      for (MemberCalendar seen : r.calendars()) {
        MemberCalendar now =
            t.calendars.getOrDefault(
                MemoryTables.calendarKey(seen.userId(), seen.day()),
                MemberCalendar.empty(seen.userId(), seen.day()));
        if (now.version() != seen.version()) {
          return stale;
        }
      }
      if (!bookingIn(b)) {
        return stale;
      }
    }
    if (s instanceof Settlement.PaidOffline o) {
      return p != null || !bookingIn(o.booking()) ? stale : Optional.empty();
    }
    if (s instanceof Settlement.PaidFromWallet w) {
      if (p != null || !bookingIn(w.booking())) {
        return stale;
      }
      var wallet = t.wallets.get(w.payment().userId() + " " + w.booking().slot().venueId());
      return wallet == null || !w.share().within(wallet.balance())
          ? Optional.of(new SettleResult.ShortOfFunds())
          : Optional.empty();
    }
    if (s instanceof Settlement.NoteOnly || s instanceof Settlement.Unapplied) {
      return Optional.empty(); // only the event id is remembered (and an exception raised)
    }
    PaymentStatus from =
        s instanceof Settlement.Refunded || s instanceof Settlement.RefundGivenUp
            ? PaymentStatus.REFUNDING
            : s instanceof Settlement.Failed ? PaymentStatus.PENDING : s.payment().status();
    if (p == null || p.status() != from) {
      return stale;
    }
    if (s instanceof Settlement.MarkPaid m && !bookingIn(m.booking())) {
      return stale;
    }
    if (s instanceof Settlement.Failed f) {
      // As read, the booking named this payment (or none): it still must, or the read is stale.
      Optional<String> seen = f.booking().paymentNo();
      Optional<String> named = t.bookings.get(f.booking().bookingId()).paymentNo();
      boolean seenThis = seen.isEmpty() || seen.get().equals(p.paymentNo());
      boolean namesThis = named.isEmpty() || named.get().equals(p.paymentNo());
      return seenThis && !namesThis ? stale : Optional.empty();
    }
    return Optional.empty();
  }

  /** The booking is still in the status the settlement saw. */
  private boolean bookingIn(Booking seen) {
    Booking now = t.bookings.get(seen.bookingId());
    return now != null && now.status() == seen.status() && now.version() == seen.version();
  }

  private void apply(Settlement s) {
    Payment p = s.payment();
    Change change = s.change();
    if (s instanceof Settlement.MarkPaid m) {
      movePayment(p, PaymentStatus.SUCCEEDED, change);
      paid(m.booking(), p, change);
    } else if (s instanceof Settlement.Revive r) {
      Booking b = r.booking();
      movePayment(p, PaymentStatus.SUCCEEDED, change);
      Slot slot = t.slots.get(b.slotId());
      t.slots.put(
          slot.slotId(),
          MemoryTables.counted(slot, slot.remaining() - b.quantity(), slot.forWaitlist()));
      t.guards.put(MemoryTables.guardKey(b.slotId(), b.userId()), b.bookingId());
      t.upcoming.merge(MemoryTables.upcomingKey(b), 1, Integer::sum);
      for (MemberCalendar c : r.calendars()) {
        t.calendars.put(
            MemoryTables.calendarKey(c.userId(), c.day()),
            c.with(b.bookingId(), b.slot().interval()));
      }
      if (b.coupon().isPresent() && !b.coupon().get().held()) {
        t.countCoupon(b.slot().venueId(), b.userId(), b.coupon().get().code(), 1);
        t.bookings.put(
            b.bookingId(), t.bookings.get(b.bookingId()).withCoupon(b.coupon().get().held(true)));
      }
      paid(b, p, change);
    } else if (s instanceof Settlement.RefundLate) {
      t.giveBackWalletPart(p.paymentNo(), change.at());
      t.payments.put(p.paymentNo(), MemoryTables.paymentIn(p, PaymentStatus.REFUNDING, 0));
      t.refundsDue.put(p.paymentNo(), change.at());
      audit(p.paymentNo(), p.status().name(), PaymentStatus.REFUNDING.name(), change);
    } else if (s instanceof Settlement.Failed f) {
      t.giveBackWalletPart(p.paymentNo(), change.at());
      movePayment(p, PaymentStatus.FAILED, change);
      Booking b = t.bookings.get(f.booking().bookingId());
      if (b.paymentNo().isEmpty() || b.paymentNo().get().equals(p.paymentNo())) {
        t.bookings.put(b.bookingId(), withoutPayment(b)); // another's (the desk's) stays
      }
    } else if (s instanceof Settlement.PaidFromWallet w) {
      t.payments.put(p.paymentNo(), p);
      audit(p.paymentNo(), "-", PaymentStatus.SUCCEEDED.name(), change);
      paid(w.booking(), p, change);
      t.walletShares.put(p.paymentNo(), w.share());
      t.moveWallet(
          fairslot.money.domain.LedgerEntry.debit(
              p.userId(),
              w.booking().slot().venueId(),
              fairslot.money.domain.LedgerEntry.Kind.SPEND,
              w.share(),
              p.amount().currency(),
              p.paymentNo(),
              change.at()));
    } else if (s instanceof Settlement.PaidOffline o) {
      // paid whole at the desk: a split rest's wallet part under way goes back
      t.bookings
          .get(o.booking().bookingId())
          .paymentNo()
          .ifPresent(no -> t.giveBackWalletPart(no, change.at()));
      t.payments.put(p.paymentNo(), p);
      audit(p.paymentNo(), "-", PaymentStatus.SUCCEEDED.name(), change);
      paid(o.booking(), p, change);
    } else if (s instanceof Settlement.Refunded r) {
      movePayment(p, PaymentStatus.REFUNDED, change);
      t.refundsDue.remove(MemoryTables.recordKey(p));
      var taken = t.walletShares.get(p.paymentNo());
      if (taken != null && fairslot.payment.app.PaymentProviders.WALLET.equals(p.provider())) {
        t.moveWallet(
            fairslot.money.domain.LedgerEntry.credit(
                p.userId(),
                r.subject().venueId(),
                fairslot.money.domain.LedgerEntry.Kind.REFUND,
                taken.backOf(Math.min(p.refund().minor(), taken.totalMinor())),
                p.refund().currency(),
                p.refundNo(),
                change.at()));
      }
      // a refund part leaves a REFUNDING booking to its own refund; a pass's moves only money
      if (!p.isPart() && r.subject() instanceof Settlement.Subject.OfBooking of && namesIt(of, p)) {
        moveIfRefunding(of.booking(), BookingStatus.REFUNDED, change);
      }
    } else if (s instanceof Settlement.RefundGivenUp g) {
      movePayment(p, PaymentStatus.REFUND_FAILED, change);
      t.refundsDue.remove(MemoryTables.recordKey(p));
      if (!p.isPart() && g.subject() instanceof Settlement.Subject.OfBooking of && namesIt(of, p)) {
        moveIfRefunding(of.booking(), BookingStatus.REFUND_FAILED, change);
      }
    } else {
      audit(p.paymentNo(), p.status().name(), p.status().name(), change);
    }
  }

  /** Only the booking's own payment ends its refund (a wallet part's or late payment's do not). */
  private static boolean namesIt(Settlement.Subject.OfBooking of, Payment p) {
    return of.booking().paymentNo().map(p.paymentNo()::equals).orElse(false);
  }

  /** The booking becomes PAID by this payment, and the member is told. */
  private void paid(Booking seen, Payment p, Change change) {
    moveBooking(seen, BookingStatus.PAID, change);
    Booking now = t.bookings.get(seen.bookingId());
    t.bookings.put(seen.bookingId(), now.withPayment(p.paymentNo()));
    t.outbox.add(
        new Notification(
            seen.userId(), seen.slotId(), Notification.Kind.BOOKING_CONFIRMED, seen.bookingId()));
  }

  private static Booking withoutPayment(Booking b) {
    return new Booking(
        b.bookingId(),
        b.userId(),
        b.quantity(),
        b.status(),
        b.amount(),
        b.holdExpiresAt(),
        b.createdAt(),
        Optional.empty(),
        b.slot(),
        b.version(),
        Optional.empty(),
        Optional.empty(),
        b.group(),
        MoneyBack.NONE,
        b.coupon());
  }

  private void movePayment(Payment seen, PaymentStatus to, Change change) {
    Payment now = t.current(seen);
    t.keep(MemoryTables.paymentIn(now, to, now.refundAttempts()));
    audit(seen, now.status().name(), to.name(), change);
  }

  private void moveBooking(Booking seen, BookingStatus to, Change change) {
    // A booking of several slots: its other lines in the lead's status move with it.
    for (String id : seen.otherLineIds()) {
      Booking line = t.bookings.get(id);
      if (line.status() == t.bookings.get(seen.bookingId()).status()) {
        t.bookings.put(id, line.withStatus(to));
      }
    }
    Booking now = t.bookings.get(seen.bookingId());
    t.bookings.put(seen.bookingId(), now.withStatus(to));
    t.audit.add(
        new AuditEntry(
            change.at(),
            change.actor(),
            "booking:" + seen.bookingId(),
            now.status().name(),
            to.name(),
            change.reason()));
  }

  private void moveIfRefunding(Booking seen, BookingStatus to, Change change) {
    Booking now = t.bookings.get(seen.bookingId());
    if (seen.status() == BookingStatus.REFUNDING && now.status() == BookingStatus.REFUNDING) {
      moveBooking(seen, to, change);
      return;
    }
    // the lead cancelled alone (its slot cancelled): the lines refunding still end with the refund
    for (String id : seen.otherLineIds()) {
      Booking line = t.bookings.get(id);
      if (line.status() == BookingStatus.REFUNDING) {
        t.bookings.put(id, line.withStatus(to));
      }
    }
  }

  /** Next check times moved by the job, and payments taken out of the checks; PENDING filters. */
  private final java.util.Map<String, Instant> payChecks = new java.util.HashMap<>();

  private final java.util.Set<String> unchecked = new java.util.HashSet<>();

  @Override
  public List<Payment> pendingDue(Instant now, int limit) {
    synchronized (t.lock) {
      return t.payments.values().stream()
          .filter(p -> p.status() == PaymentStatus.PENDING && !unchecked.contains(p.paymentNo()))
          .filter(p -> !checkAt(p).isAfter(now))
          .sorted(java.util.Comparator.comparing(this::checkAt))
          .limit(limit)
          .toList();
    }
  }

  private Instant checkAt(Payment p) {
    return payChecks.getOrDefault(p.paymentNo(), p.createdAt().plus(FIRST_CHECK));
  }

  @Override
  public boolean schedulePendingCheck(Payment seen, Instant nextAt) {
    synchronized (t.lock) {
      Payment now = t.payments.get(seen.paymentNo());
      if (now == null
          || now.status() != PaymentStatus.PENDING
          || unchecked.contains(now.paymentNo())) {
        return false;
      }
      payChecks.put(seen.paymentNo(), nextAt);
      return true;
    }
  }

  @Override
  public boolean stopPendingChecks(Payment seen) {
    synchronized (t.lock) {
      Payment now = t.payments.get(seen.paymentNo());
      return now != null && now.status() == PaymentStatus.PENDING && unchecked.add(now.paymentNo());
    }
  }

  @Override
  public List<Payment> refundsDue(Instant now, int limit) {
    synchronized (t.lock) {
      return t.refundsDue.entrySet().stream()
          .filter(e -> !e.getValue().isAfter(now))
          .sorted(java.util.Map.Entry.comparingByValue())
          .limit(limit)
          .map(e -> t.dueRecord(e.getKey()))
          .toList();
    }
  }

  @Override
  public boolean scheduleRefund(Payment seen, int attempts, Instant nextAt) {
    synchronized (t.lock) {
      Payment now = t.current(seen);
      if (now == null
          || now.status() != PaymentStatus.REFUNDING
          || now.refundAttempts() != seen.refundAttempts()) {
        return false;
      }
      t.keep(MemoryTables.paymentIn(now, now.status(), attempts));
      t.refundsDue.put(MemoryTables.recordKey(seen), nextAt);
      return true;
    }
  }

  private final java.util.Map<
          String, java.util.Map<String, fairslot.money.domain.PaymentRecord.Received>>
      received = new java.util.HashMap<>();

  @Override
  public void received(String paymentNo, fairslot.money.domain.PaymentRecord.Received event) {
    synchronized (t.lock) {
      received
          .computeIfAbsent(paymentNo, p -> new java.util.LinkedHashMap<>())
          .putIfAbsent(event.eventId(), event);
    }
  }

  private final java.util.Map<String, fairslot.money.domain.Decline> declines =
      new java.util.HashMap<>();

  @Override
  public boolean noteDecline(String paymentNo, fairslot.money.domain.Decline decline) {
    synchronized (t.lock) {
      Payment p = t.payments.get(paymentNo);
      fairslot.money.domain.Decline kept = declines.get(paymentNo);
      if (p == null
          || p.status() != fairslot.money.domain.PaymentStatus.PENDING
          || (kept != null && !kept.at().isBefore(decline.at()))) {
        return false;
      }
      declines.put(paymentNo, decline);
      return true;
    }
  }

  @Override
  public List<fairslot.money.domain.PaymentRecord> paymentsOf(String bookingId) {
    synchronized (t.lock) {
      return t.payments.values().stream()
          .filter(p -> p.payable().id().equals(bookingId))
          .sorted(Comparator.comparing(Payment::createdAt).thenComparing(Payment::paymentNo))
          .map(
              p ->
                  new fairslot.money.domain.PaymentRecord(
                      p,
                      partsOf(p.paymentNo()),
                      List.copyOf(
                          received.getOrDefault(p.paymentNo(), java.util.Map.of()).values()),
                      java.util.Optional.ofNullable(declines.get(p.paymentNo()))))
          .toList();
    }
  }

  @Override
  public boolean flag(
      String eventId, String paymentNo, fairslot.money.domain.FinanceException exception) {
    synchronized (t.lock) {
      if (!t.paymentEvents.add(eventId)) {
        return false;
      }
      t.exceptions.putIfAbsent(exception.exceptionId(), exception);
      return true;
    }
  }

  @Override
  public boolean dispute(
      String eventId,
      Payment payment,
      fairslot.money.domain.FinanceException exception,
      Optional<fairslot.kernel.Money> lost) {
    synchronized (t.lock) {
      if (!t.paymentEvents.add(eventId) || t.exceptions.containsKey(exception.exceptionId())) {
        return false;
      }
      t.exceptions.put(exception.exceptionId(), exception);
      if (lost.isPresent() && payment.bookingPaid().isPresent()) {
        t.bookings.computeIfPresent(
            payment.bookingPaid().get(), (id, b) -> b.disputedFor(lost.get()));
      }
      return true;
    }
  }

  @Override
  public void closeException(String exceptionId, String note, java.time.Instant at) {
    synchronized (t.lock) {
      t.exceptions.computeIfPresent(
          exceptionId,
          (id, e) ->
              e.status() == fairslot.money.domain.FinanceException.Status.OPEN
                  ? e.resolved(
                      fairslot.money.domain.FinanceException.Resolution.CLOSED_BY_PROVIDER,
                      note,
                      "provider")
                  : e);
    }
  }

  /** The finance exceptions raised so far, oldest first. */
  public List<fairslot.money.domain.FinanceException> exceptions() {
    synchronized (t.lock) {
      return List.copyOf(t.exceptions.values());
    }
  }

  /** The payment's audit trail, oldest first. */
  public List<AuditEntry> auditOfPayment(String paymentNo) {
    synchronized (t.lock) {
      return t.audit.stream()
          .filter(a -> a.entity().equals("payment:" + paymentNo))
          .sorted(Comparator.comparing(AuditEntry::at))
          .toList();
    }
  }

  @Override
  public List<fairslot.money.domain.MoneyMove> moneyMoves(Instant from, Instant to) {
    synchronized (t.lock) {
      List<fairslot.money.domain.MoneyMove> moves = new java.util.ArrayList<>();
      for (AuditEntry e : t.audit) {
        if (e.entity().startsWith("payment:") && !e.at().isBefore(from) && e.at().isBefore(to)) {
          fairslot.money.domain.MoneyMove.of(e.from(), e.to())
              .ifPresent(
                  k ->
                      moves.add(
                          new fairslot.money.domain.MoneyMove(
                              e.entity().substring("payment:".length()), k, e.at(), partOf(e))));
        }
      }
      moves.sort(java.util.Comparator.comparing(fairslot.money.domain.MoneyMove::at));
      return moves;
    }
  }

  /** A part's moves are in its payment's trail, named by the reason as the adapter's are. */
  private void audit(Payment p, String from, String to, Change change) {
    audit(
        p.paymentNo(),
        from,
        to,
        p.isPart()
            ? Change.by(
                change.actor(), change.at(), PART_REASON + p.refundPart() + ": " + change.reason())
            : change);
  }

  private static final String PART_REASON = "refund part ";

  /** The refund part an audit entry of a payment is about (0: the payment itself). */
  private static int partOf(AuditEntry e) {
    if (!e.reason().startsWith(PART_REASON)) {
      return 0;
    }
    String rest = e.reason().substring(PART_REASON.length());
    return Integer.parseInt(rest.substring(0, rest.indexOf(':')));
  }

  private void audit(String paymentNo, String from, String to, Change change) {
    t.audit.add(
        new AuditEntry(
            change.at(), change.actor(), "payment:" + paymentNo, from, to, change.reason()));
  }
}
