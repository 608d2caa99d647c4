package fairslot.memory;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingRequest;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.Venue;
import fairslot.coupon.domain.Coupon;
import fairslot.coupon.domain.CouponUse;
import fairslot.idempotency.app.IdempotencyStore;
import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.Replayable;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberCalendar;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.RefundPartPlan;
import fairslot.notification.domain.Notification;
import fairslot.waitlist.domain.WaitlistEntry;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The state behind the in-memory fakes of the store ports: one map per kind of item, and one lock.
 * Every port method takes the lock for its whole body, so each is atomic, as one conditional write
 * or one TransactWriteItems is. The fakes judge the same conditions as the DynamoDB adapters, and
 * the port contract suites (e.g. BookingStoreContract) run against both to keep them honest.
 */
public final class MemoryTables {
  final Object lock = new Object();
  final Map<String, Venue> venues = new HashMap<>();
  final Map<String, Resource> resources = new HashMap<>();
  final Map<String, Slot> slots = new LinkedHashMap<>();

  /** (resourceId, start) to slotId: no two slots of a resource start together. */
  final Map<String, String> slotStarts = new HashMap<>();

  // coaches and rooms by ref; their sessions are the live slots that name them
  final Map<fairslot.catalog.domain.Assignee.Ref, fairslot.catalog.domain.Assignee> assignees =
      new HashMap<>();
  // cancelled slots whose cancel has not finished, with when it was marked (cancelsDue index)
  final Map<String, Instant> cancelsDue = new LinkedHashMap<>();

  final Map<String, Booking> bookings = new LinkedHashMap<>();

  /** (slotId, userId) to bookingId: one active booking per member per slot. */
  final Map<String, String> guards = new HashMap<>();

  final Map<String, fairslot.pass.domain.Plan> plans = new HashMap<>();

  /** Passes by "userId passId". */
  final Map<String, fairslot.pass.domain.Pass> passes = new HashMap<>();

  /** Members' standing per venue under the no-show rule: "userId venueId" to standing. */
  final Map<String, fairslot.member.domain.MemberStanding> standings = new HashMap<>();

  /** Each member's count of upcoming bookings per venue: "userId venueId" to count. */
  final Map<String, Integer> upcoming = new HashMap<>();

  final Map<String, MemberCalendar> calendars = new HashMap<>();
  final Map<String, IdempotencyStore.Recorded> idempotency = new HashMap<>();
  final Map<String, BookingRequest> requests = new LinkedHashMap<>();
  final List<AuditEntry> audit = new ArrayList<>();

  /** Venue roles by venue, then member; staff audit records by venue (kept under the venue). */
  final Map<String, Map<String, fairslot.staff.domain.StaffGrant>> staff = new HashMap<>();

  final Map<String, List<AuditEntry>> venueAudit = new HashMap<>();

  /** LOTTERY slots' draws, by slot. */
  final Map<String, fairslot.catalog.domain.Lottery> lotteries = new HashMap<>();

  final Map<String, Payment> payments = new HashMap<>();

  /** Finance exceptions by id, in the order they were raised. */
  final Map<String, fairslot.money.domain.FinanceException> exceptions = new LinkedHashMap<>();

  /** Payment event ids already applied: a replay fails here, as on the event item's put. */
  final Set<String> paymentEvents = new HashSet<>();

  /** Refund due times of REFUNDING payments (the sparse refundsDue index). */
  final Map<String, Instant> refundsDue = new HashMap<>();

  final Map<String, WaitlistEntry> entries = new LinkedHashMap<>();

  /** (slotId, userId) to the member's latest entryId for the slot. */
  final Map<String, String> waiterGuards = new HashMap<>();

  /** Each slot's atomic join counter. */
  final Map<String, Long> waitSequences = new HashMap<>();

  /** Slots owing seats to their waitlist (the sparse slotsAwaitingOffers index). */
  final Set<String> awaitingOffers = new java.util.LinkedHashSet<>();

  final Set<String> consumedEvents = new HashSet<>();

  /** Outbox records written with a transition, for tests to read. */
  final List<Notification> outbox = new ArrayList<>();

  static String guardKey(String slotId, String userId) {
    return slotId + "|" + userId;
  }

  static String calendarKey(String userId, LocalDate day) {
    return userId + "|" + day;
  }

  /** A test's way past the ports: the slot's remaining counter off by {@code delta}, as a bug. */
  public void skewRemaining(String slotId, int delta) {
    synchronized (lock) {
      Slot s = slots.get(slotId);
      slots.put(slotId, counted(s, s.remaining() + delta, s.forWaitlist()));
    }
  }

  /**
   * A test's way past the ports: the member's upcoming counter at the venue off by {@code delta}.
   */
  public void skewUpcoming(String userId, String venueId, int delta) {
    synchronized (lock) {
      upcoming.merge(userId + " " + venueId, delta, Integer::sum);
    }
  }

  /** The slot with new counters; everything else as it was. */
  static Slot counted(Slot s, int remaining, int forWaitlist) {
    return counted(s, remaining, forWaitlist, s.waitlistLength());
  }

  /** The slot with new counters, waitlist length included; everything else as it was. */
  static Slot counted(Slot s, int remaining, int forWaitlist, int waitlistLength) {
    return new Slot(
        s.slotId(),
        s.venueId(),
        s.resourceId(),
        s.kind(),
        s.interval(),
        s.capacity(),
        remaining,
        s.status(),
        s.price(),
        s.admission(),
        waitlistLength,
        s.timeZone(),
        s.policy(),
        forWaitlist,
        s.assignment(),
        s.inherited(),
        s.rules());
  }

  /**
   * Whether the slot's space is taken through a counterpart (combined resources): as the adapter's
   * condition, a counterpart not cancelled with any seat off open sale.
   */
  boolean spaceTaken(Slot slot) {
    return slot.rules().counterparts().stream()
        .map(slots::get)
        .anyMatch(
            c ->
                c != null
                    && c.status() != fairslot.catalog.domain.SlotStatus.CANCELLED
                    && (c.remaining() != c.capacity() || c.forWaitlist() != 0));
  }

  /** A payment as it is, with a new status and attempt count. */
  static Payment paymentIn(Payment p, fairslot.money.domain.PaymentStatus status, int attempts) {
    return p.withRefund(status, attempts);
  }

  /** What a payment refunded in parts may still refund (its refundableMinor), by number. */
  final Map<String, fairslot.kernel.Money> refundable = new HashMap<>();

  /** Refund parts of payments (see Payment#refundPart), by {@link #recordKey}. */
  final Map<String, Payment> refundParts = new HashMap<>();

  /**
   * The key a payment or its refund part is kept under: in {@link #payments} and {@link
   * #refundsDue} for a payment, in {@link #refundParts} and {@link #refundsDue} for a part.
   */
  static String recordKey(Payment p) {
    return recordKey(p.paymentNo(), p.refundPart());
  }

  static String recordKey(String paymentNo, int part) {
    return part == 0 ? paymentNo : paymentNo + " part " + part;
  }

  /** The payment or refund part {@code seen} is a view of, as it is now (null if none). */
  Payment current(Payment seen) {
    return seen.isPart() ? refundParts.get(recordKey(seen)) : payments.get(seen.paymentNo());
  }

  /** Keeps {@code p} where its kind is kept. */
  void keep(Payment p) {
    if (p.isPart()) {
      refundParts.put(recordKey(p), p);
    } else {
      payments.put(p.paymentNo(), p);
    }
  }

  /** What a refundsDue key names: a payment or a refund part. */
  Payment dueRecord(String key) {
    Payment p = payments.get(key);
    return p != null ? p : refundParts.get(key);
  }

  /** Coupons by "venueId code", and each member's redemptions by "userId venueId code". */
  final Map<String, Coupon> coupons = new LinkedHashMap<>();

  final Map<String, Integer> couponUses = new HashMap<>();

  /**
   * As CouponWrites.redeem's two conditions, in the adapter's order: the coupon's count and dates,
   * then the member's count; empty when a redemption may be taken.
   */
  Optional<Refusal> couponRefusal(String venueId, String userId, CouponUse use, Instant now) {
    Coupon c = coupons.get(venueId + " " + use.code());
    if (c == null || c.redeemed() >= c.maxRedemptions()) {
      return Optional.of(c == null ? Refusal.COUPON_INVALID : Refusal.COUPON_EXHAUSTED);
    }
    if (now.isBefore(c.validFrom()) || !now.isBefore(c.validTo())) {
      return Optional.of(Refusal.COUPON_INVALID);
    }
    if (couponUses.getOrDefault(userId + " " + venueId + " " + use.code(), 0) >= use.perMember()) {
      return Optional.of(Refusal.COUPON_ALREADY_USED);
    }
    return Optional.empty();
  }

  /** Both counts moved by {@code delta} (a redemption taken, or given back). */
  void countCoupon(String venueId, String userId, String code, int delta) {
    Coupon c = coupons.get(venueId + " " + code);
    coupons.put(
        venueId + " " + code,
        new Coupon(
            c.venueId(),
            c.code(),
            c.discount(),
            c.currency(),
            c.maxRedemptions(),
            c.perMember(),
            c.validFrom(),
            c.validTo(),
            c.minSpend(),
            c.resourceIds(),
            c.createdAt(),
            c.redeemed() + delta));
    couponUses.merge(userId + " " + venueId + " " + code, delta, Integer::sum);
  }

  /** Wallets by "userId venueId", their ledger entries, and what each wallet payment took. */
  final Map<String, fairslot.money.domain.Wallet> wallets = new LinkedHashMap<>();

  final List<fairslot.money.domain.LedgerEntry> walletEntries = new ArrayList<>();
  final Map<String, fairslot.money.domain.WalletShare> walletShares = new HashMap<>();

  /** Split payments' wallet parts (v1.3 rest), by the rest's payment number, as taken. */
  final Map<String, fairslot.money.domain.WalletPart> walletParts = new HashMap<>();

  /**
   * The wallet part of the rest {@code paymentNo}, its payment as it is now; call under the lock.
   */
  Optional<fairslot.money.domain.WalletPart> walletPart(String paymentNo) {
    var part = walletParts.get(paymentNo);
    return part == null
        ? Optional.empty()
        : Optional.of(
            new fairslot.money.domain.WalletPart(
                paymentNo, payments.get(part.payment().paymentNo()), part.taken(), part.venueId()));
  }

  /** As WalletParts.giveBack: the part REFUNDED and credited whole, if still taken. */
  void giveBackWalletPart(String paymentNo, java.time.Instant at) {
    walletPart(paymentNo)
        .filter(fairslot.money.domain.WalletPart::isTaken)
        .ifPresent(
            part -> {
              var w = part.payment();
              payments.put(
                  w.paymentNo(), paymentIn(w, fairslot.money.domain.PaymentStatus.REFUNDED, 0));
              moveWallet(
                  fairslot.money.domain.LedgerEntry.credit(
                      w.userId(),
                      part.venueId(),
                      fairslot.money.domain.LedgerEntry.Kind.REFUND,
                      part.taken(),
                      w.amount().currency(),
                      w.refundNo(),
                      at));
            });
  }

  /** Each member's prepaid guard at each venue (v1.3 "Prepaid rules"), by user and venue. */
  final Map<String, Long> prepaidGuards = new HashMap<>();

  /** Whether {@code claim} (if any) was judged on the guard as it is now; call under the lock. */
  boolean prepaidHolds(Optional<fairslot.money.domain.PrepaidClaim> claim) {
    return claim
        .map(c -> prepaidGuards.getOrDefault(c.userId() + "|" + c.venueId(), 0L) == c.seen())
        .orElse(true);
  }

  /** The guard moved on by {@code claim}, once every other condition held. */
  void prepaidClaimed(Optional<fairslot.money.domain.PrepaidClaim> claim) {
    claim.ifPresent(c -> prepaidGuards.put(c.userId() + "|" + c.venueId(), c.seen() + 1));
  }

  long prepaidSeen(String userId, String venueId) {
    synchronized (lock) {
      return prepaidGuards.getOrDefault(userId + "|" + venueId, 0L);
    }
  }

  /** As WalletWrites: the entry kept and the balance moved by exactly it; false if overdrawn. */
  boolean moveWallet(fairslot.money.domain.LedgerEntry e) {
    String k = e.userId() + " " + e.venueId();
    var w = wallets.get(k);
    long principal = (w == null ? 0 : w.balance().principalMinor()) + e.principalDeltaMinor();
    long bonus = (w == null ? 0 : w.balance().bonusMinor()) + e.bonusDeltaMinor();
    if (principal < 0 || bonus < 0 || w != null && !w.currency().equals(e.currency())) {
      return false;
    }
    wallets.put(
        k,
        new fairslot.money.domain.Wallet(
            e.userId(),
            e.venueId(),
            e.currency(),
            new fairslot.money.domain.WalletShare(principal, bonus)));
    walletEntries.add(e);
    return true;
  }

  /** As a keyed write's answer put: a twin's answer, or the key reused; empty when it is free. */
  Optional<KeyedWrite> keyTaken(Optional<Replayable> answer) {
    if (answer.isEmpty()) {
      return Optional.empty();
    }
    IdempotencyStore.Recorded seen = idempotency.get(answer.get().request().scope());
    if (seen == null) {
      return Optional.empty();
    }
    return Optional.of(
        seen.fingerprint().equals(answer.get().request().fingerprint())
            ? new KeyedWrite.Replay(seen.response())
            : new KeyedWrite.KeyReused());
  }

  /** The keyed write's answer kept under its key. */
  void keep(Optional<Replayable> answer) {
    answer.ifPresent(
        a ->
            idempotency.put(
                a.request().scope(),
                new IdempotencyStore.Recorded(a.request().fingerprint(), a.response())));
  }

  /** The plan's payment as it read it: SUCCEEDED with as many parts, as DynamoDB's condition. */
  boolean partAsPlanned(RefundPartPlan plan) {
    Payment payment = payments.get(plan.payment().paymentNo());
    long parts =
        refundParts.values().stream()
            .filter(p -> p.paymentNo().equals(plan.payment().paymentNo()))
            .count();
    return payment != null
        && payment.status() == PaymentStatus.SUCCEEDED
        && parts == plan.partsBefore();
  }

  /** The plan's part kept, due to be paid back, and what the payment may still refund. */
  void keepPart(RefundPartPlan plan) {
    Payment part = plan.part();
    keep(part);
    refundsDue.put(recordKey(part), part.createdAt());
    refundable.put(plan.payment().paymentNo(), plan.refundableAfter());
  }

  /** A pass refund part made at a venue on its local day (the daily report). */
  record PassRefund(String venueId, LocalDate day, fairslot.kernel.Money amount) {}

  final List<PassRefund> passRefunds = new ArrayList<>();

  static String passKey(String userId, String passId) {
    return userId + " " + passId;
  }

  /** The pass with its credit ledger moved: left, used and forfeited each by the given delta. */
  static fairslot.pass.domain.Pass credited(
      fairslot.pass.domain.Pass p, int left, int used, int forfeited) {
    return new fairslot.pass.domain.Pass(
        p.passId(),
        p.userId(),
        p.plan(),
        p.status(),
        p.creditsLeft() + left,
        p.creditsUsed() + used,
        p.creditsForfeited() + forfeited,
        p.creditsRefunded(),
        p.validUntil(),
        p.paymentNo(),
        p.createdAt());
  }

  /** Moves a booking's pass credits (if it was paid with a pass) by the given deltas. */
  void creditPass(Booking b, int left, int used, int forfeited) {
    b.pass()
        .ifPresent(
            use ->
                passes.computeIfPresent(
                    passKey(b.userId(), use.passId()),
                    (k, p) ->
                        credited(
                            p,
                            left * use.credits(),
                            used * use.credits(),
                            forfeited * use.credits())));
  }

  static String standingKey(String userId, String venueId) {
    return userId + " " + venueId;
  }

  static String upcomingKey(Booking b) {
    return b.userId() + " " + b.slot().venueId();
  }

  /** A payment put up for refund of {@code part}. */
  static Payment refundOf(Payment p, fairslot.kernel.Money part) {
    return new Payment(
        p.paymentNo(),
        p.payable(),
        p.userId(),
        p.amount(),
        p.provider(),
        fairslot.money.domain.PaymentStatus.REFUNDING,
        0,
        p.createdAt(),
        p.refundRound(),
        part);
  }
}
