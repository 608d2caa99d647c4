package fairslot.memory;

import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.Replayable;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.RefundPartPlan;
import fairslot.pass.app.PassStore;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.pass.domain.Plan;
import java.util.Comparator;
import java.util.Optional;

/** In-memory {@link PassStore}. */
public final class MemoryPassStore implements PassStore {
  private final MemoryTables t;

  public MemoryPassStore(MemoryTables t) {
    this.t = t;
  }

  @Override
  public boolean createPlan(Plan plan, Change change) {
    synchronized (t.lock) {
      if (!sells(plan.venueId())) {
        return false;
      }
      t.plans.putIfAbsent(plan.planId(), plan);
      return true;
    }
  }

  /** As the adapter's condition: the venue exists and is not DISABLED. */
  private boolean sells(String venueId) {
    var venue = t.venues.get(venueId);
    return venue != null && venue.status() != fairslot.catalog.domain.OperatingStatus.DISABLED;
  }

  @Override
  public Optional<Plan> findPlan(String planId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.plans.get(planId));
    }
  }

  @Override
  public Page<Plan> plansOf(String venueId, PageRequest page) {
    synchronized (t.lock) {
      return new Page<>(
          t.plans.values().stream()
              .filter(p -> p.venueId().equals(venueId))
              .sorted(Comparator.comparing(Plan::planId))
              .limit(page.limit())
              .toList(),
          Optional.empty());
    }
  }

  @Override
  public Optional<Pass> findPass(String userId, String passId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.passes.get(MemoryTables.passKey(userId, passId)));
    }
  }

  @Override
  public java.util.List<fairslot.kernel.Money> refundsOn(String venueId, java.time.LocalDate day) {
    synchronized (t.lock) {
      return t.passRefunds.stream()
          .filter(r -> r.venueId().equals(venueId) && r.day().equals(day))
          .map(MemoryTables.PassRefund::amount)
          .toList();
    }
  }

  @Override
  public Optional<Pass> findPass(String passId) {
    synchronized (t.lock) {
      return t.passes.values().stream().filter(p -> p.passId().equals(passId)).findFirst();
    }
  }

  @Override
  public KeyedWrite refund(
      Pass read, Pass after, RefundPartPlan plan, Optional<Replayable> answer, Change change) {
    synchronized (t.lock) {
      Optional<KeyedWrite> taken = t.keyTaken(answer);
      if (taken.isPresent()) {
        return taken.get();
      }
      String key = MemoryTables.passKey(read.userId(), read.passId());
      Pass now = t.passes.get(key);
      if (now == null
          || now.status() != PassStatus.ACTIVE
          || now.creditsLeft() != read.creditsLeft()
          || !now.validUntil().equals(read.validUntil())
          || !now.paymentNo().equals(read.paymentNo())
          || !t.partAsPlanned(plan)) {
        return new KeyedWrite.Moved();
      }
      t.keep(answer);
      t.passes.put(key, after);
      t.keepPart(plan);
      t.passRefunds.add(
          new MemoryTables.PassRefund(
              read.venueId(),
              java.time.LocalDate.ofInstant(change.at(), read.plan().timeZone()),
              plan.part().refund()));
      return new KeyedWrite.Made();
    }
  }

  @Override
  public Page<Pass> passesOf(String userId, PageRequest page) {
    synchronized (t.lock) {
      return new Page<>(
          t.passes.values().stream()
              .filter(p -> p.userId().equals(userId))
              .sorted(Comparator.comparing(Pass::passId))
              .limit(page.limit())
              .toList(),
          Optional.empty());
    }
  }

  @Override
  public Created createPass(
      Pass pass, Optional<fairslot.money.domain.PrepaidClaim> claim, Change change) {
    synchronized (t.lock) {
      String key = MemoryTables.passKey(pass.userId(), pass.passId());
      if (t.passes.containsKey(key)) {
        return new Created.Made(t.passes.get(key));
      }
      if (!sells(pass.plan().venueId())) {
        return new Created.VenueDisabled();
      }
      if (!t.prepaidHolds(claim)) {
        return new Created.Contended();
      }
      t.prepaidClaimed(claim);
      t.passes.put(key, pass);
      return new Created.Made(pass);
    }
  }

  @Override
  public PayStart startPayment(
      Pass pass,
      fairslot.money.domain.Payment payment,
      Optional<fairslot.money.domain.PrepaidClaim> claim,
      Change change) {
    synchronized (t.lock) {
      String key = MemoryTables.passKey(pass.userId(), pass.passId());
      Pass now = t.passes.get(key);
      if (now.status() != fairslot.pass.domain.PassStatus.PENDING_PAY) {
        return new PayStart.NotPayable(now);
      }
      if (now.paymentNo().isPresent()) {
        return new PayStart.AlreadyStarted(now.paymentNo().get());
      }
      if (!sells(now.plan().venueId())) {
        return new PayStart.VenueDisabled();
      }
      if (!t.prepaidHolds(claim)) {
        return new PayStart.Contended();
      }
      t.prepaidClaimed(claim);
      t.payments.put(payment.paymentNo(), payment);
      t.passes.put(
          key, with(now, now.status(), now.validUntil(), Optional.of(payment.paymentNo())));
      return new PayStart.Started();
    }
  }

  @Override
  public Settled settlePayment(
      String eventId,
      fairslot.money.domain.Payment payment,
      Pass pass,
      fairslot.money.domain.PaymentCallback.Outcome outcome,
      Change change) {
    synchronized (t.lock) {
      if (t.paymentEvents.contains(eventId)) {
        return Settled.DUPLICATE;
      }
      String key = MemoryTables.passKey(pass.userId(), pass.passId());
      Pass now = t.passes.get(key);
      fairslot.money.domain.Payment paid = t.payments.get(payment.paymentNo());
      boolean pending = payment.status() == fairslot.money.domain.PaymentStatus.PENDING;
      boolean moves =
          pending
              && (outcome == fairslot.money.domain.PaymentCallback.Outcome.SUCCEEDED
                  || outcome == fairslot.money.domain.PaymentCallback.Outcome.FAILED);
      if (moves
          && (paid.status() != payment.status()
              || now.status() != fairslot.pass.domain.PassStatus.PENDING_PAY
              || !now.paymentNo().equals(Optional.of(payment.paymentNo())))) {
        return Settled.STALE;
      }
      if (payment.status() == fairslot.money.domain.PaymentStatus.FAILED
          && outcome == fairslot.money.domain.PaymentCallback.Outcome.SUCCEEDED) {
        // As the adapter: the money is kept, the pass activated if it still waits, finance told.
        if (paid.status() != payment.status()) {
          return Settled.STALE;
        }
        t.paymentEvents.add(eventId);
        t.payments.put(
            paid.paymentNo(),
            MemoryTables.paymentIn(paid, fairslot.money.domain.PaymentStatus.SUCCEEDED, 0));
        var e =
            fairslot.money.domain.FinanceException.passSuccessAfterFailure(
                eventId, now.plan().venueId(), paid.paymentNo(), paid.amount(), change.at());
        t.exceptions.putIfAbsent(e.exceptionId(), e);
        if (now.status() == fairslot.pass.domain.PassStatus.PENDING_PAY
            && now.paymentNo().isEmpty()) {
          t.passes.put(
              key,
              with(
                  now,
                  fairslot.pass.domain.PassStatus.ACTIVE,
                  Optional.of(change.at().plus(now.plan().validity())),
                  Optional.of(paid.paymentNo())));
        }
        return Settled.APPLIED;
      }
      t.paymentEvents.add(eventId);
      if (moves && outcome == fairslot.money.domain.PaymentCallback.Outcome.SUCCEEDED) {
        t.payments.put(
            paid.paymentNo(),
            MemoryTables.paymentIn(paid, fairslot.money.domain.PaymentStatus.SUCCEEDED, 0));
        t.passes.put(
            key,
            with(
                now,
                fairslot.pass.domain.PassStatus.ACTIVE,
                Optional.of(change.at().plus(now.plan().validity())),
                now.paymentNo()));
      } else if (moves) {
        t.payments.put(
            paid.paymentNo(),
            MemoryTables.paymentIn(paid, fairslot.money.domain.PaymentStatus.FAILED, 0));
        t.passes.put(key, with(now, now.status(), now.validUntil(), Optional.empty()));
      }
      return Settled.APPLIED;
    }
  }

  @Override
  public DuePasses duePasses(java.time.Instant now, int limit) {
    synchronized (t.lock) {
      var due =
          t.passes.values().stream()
              .filter(
                  p ->
                      p.status() == fairslot.pass.domain.PassStatus.ACTIVE
                          && p.validUntil().map(u -> !u.isAfter(now)).orElse(false))
              .limit(limit)
              .toList();
      return new DuePasses(due, due.size());
    }
  }

  @Override
  public boolean expire(Pass pass, Change change) {
    synchronized (t.lock) {
      String key = MemoryTables.passKey(pass.userId(), pass.passId());
      Pass now = t.passes.get(key);
      if (now.status() != fairslot.pass.domain.PassStatus.ACTIVE
          || now.validUntil().map(u -> u.isAfter(change.at())).orElse(true)) {
        return false;
      }
      t.passes.put(
          key,
          with(now, fairslot.pass.domain.PassStatus.EXPIRED, now.validUntil(), now.paymentNo()));
      return true;
    }
  }

  @Override
  public java.util.List<fairslot.kernel.Money> salesOn(String venueId, java.time.LocalDate day) {
    synchronized (t.lock) {
      return t.passes.values().stream()
          .filter(
              p ->
                  p.venueId().equals(venueId)
                      && p.status() != fairslot.pass.domain.PassStatus.PENDING_PAY)
          .filter(
              p ->
                  p.validUntil()
                      .map(u -> u.minus(p.plan().validity()))
                      .map(paid -> java.time.LocalDate.ofInstant(paid, p.plan().timeZone()))
                      .map(day::equals)
                      .orElse(false))
          .map(p -> p.plan().price())
          .toList();
    }
  }

  private static Pass with(
      Pass p,
      fairslot.pass.domain.PassStatus status,
      Optional<java.time.Instant> validUntil,
      Optional<String> paymentNo) {
    return new Pass(
        p.passId(),
        p.userId(),
        p.plan(),
        status,
        p.creditsLeft(),
        p.creditsUsed(),
        p.creditsForfeited(),
        p.creditsRefunded(),
        validUntil,
        paymentNo,
        p.createdAt());
  }

  @Override
  public WalletPay payFromWallet(
      Pass pass,
      fairslot.money.domain.Payment payment,
      fairslot.money.domain.WalletShare share,
      Optional<fairslot.money.domain.PrepaidClaim> claim,
      Change change) {
    synchronized (t.lock) {
      String key = MemoryTables.passKey(pass.userId(), pass.passId());
      Pass now = t.passes.get(key);
      if (now.status() != fairslot.pass.domain.PassStatus.PENDING_PAY
          || now.paymentNo().isPresent()
          || !t.prepaidHolds(claim)) {
        return WalletPay.STALE;
      }
      if (!sells(now.plan().venueId())) {
        return WalletPay.VENUE_DISABLED;
      }
      var entry =
          fairslot.money.domain.LedgerEntry.debit(
              pass.userId(),
              now.plan().venueId(),
              fairslot.money.domain.LedgerEntry.Kind.SPEND,
              share,
              payment.amount().currency(),
              payment.paymentNo(),
              change.at());
      if (!t.moveWallet(entry)) {
        return WalletPay.SHORT_OF_FUNDS;
      }
      t.prepaidClaimed(claim);
      t.walletShares.put(payment.paymentNo(), share);
      t.payments.put(payment.paymentNo(), payment);
      t.passes.put(
          key,
          with(
              now,
              fairslot.pass.domain.PassStatus.ACTIVE,
              Optional.of(change.at().plus(now.plan().validity())),
              Optional.of(payment.paymentNo())));
      return WalletPay.PAID;
    }
  }
}
