package fairslot.memory;

import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.domain.Wallet;
import fairslot.wallet.app.WalletStore;
import fairslot.wallet.domain.TopUp;
import fairslot.wallet.domain.WalletPlan;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** In-memory {@link WalletStore}: the adapter's conditions, checked under one lock. */
public final class MemoryWalletStore implements WalletStore {
  private final MemoryTables t;
  private final Map<String, WalletPlan> plans = new LinkedHashMap<>();
  private final Map<String, TopUp> topUps = new HashMap<>();

  public MemoryWalletStore(MemoryTables t) {
    this.t = t;
  }

  private boolean sells(String venueId) {
    var venue = t.venues.get(venueId);
    return venue != null && venue.status() != fairslot.catalog.domain.OperatingStatus.DISABLED;
  }

  @Override
  public boolean createPlan(WalletPlan plan, Change change) {
    synchronized (t.lock) {
      if (!sells(plan.venueId())) {
        return false;
      }
      plans.putIfAbsent(plan.planId(), plan);
      return true;
    }
  }

  @Override
  public Optional<WalletPlan> findPlan(String planId) {
    synchronized (t.lock) {
      return Optional.ofNullable(plans.get(planId));
    }
  }

  @Override
  public Page<WalletPlan> plansOf(String venueId, PageRequest page) {
    synchronized (t.lock) {
      return new Page<>(
          plans.values().stream()
              .filter(p -> p.venueId().equals(venueId))
              .sorted(Comparator.comparing(WalletPlan::planId))
              .limit(page.limit())
              .toList(),
          Optional.empty());
    }
  }

  @Override
  public Optional<TopUp> createTopUp(TopUp topUp, Change change) {
    synchronized (t.lock) {
      if (!sells(topUp.venueId())) {
        return Optional.empty();
      }
      return Optional.of(topUps.computeIfAbsent(key(topUp.userId(), topUp.topUpId()), k -> topUp));
    }
  }

  @Override
  public Optional<TopUp> findTopUp(String userId, String topUpId) {
    synchronized (t.lock) {
      return Optional.ofNullable(topUps.get(key(userId, topUpId)));
    }
  }

  @Override
  public Start startPayment(
      TopUp topUp, Payment payment, Optional<PrepaidClaim> claim, Change change) {
    synchronized (t.lock) {
      TopUp now = topUps.get(key(topUp.userId(), topUp.topUpId()));
      if (now.status() != TopUp.Status.PENDING_PAY || !sells(now.venueId())) {
        return new Start.NotPayable(now);
      }
      if (now.paymentNo().isPresent()) {
        return new Start.AlreadyStarted(now.paymentNo().get());
      }
      if (!t.prepaidHolds(claim)) {
        return new Start.Contended();
      }
      t.prepaidClaimed(claim);
      t.payments.put(payment.paymentNo(), payment);
      topUps.put(
          key(now.userId(), now.topUpId()),
          with(now, now.status(), Optional.of(payment.paymentNo())));
      return new Start.Started();
    }
  }

  @Override
  public long prepaidSeen(String userId, String venueId) {
    return t.prepaidSeen(userId, venueId);
  }

  @Override
  public List<TopUp> startedTopUps(String userId, String venueId) {
    synchronized (t.lock) {
      return topUps.values().stream()
          .filter(x -> x.userId().equals(userId) && x.venueId().equals(venueId))
          .filter(x -> x.status() == TopUp.Status.PENDING_PAY && x.paymentNo().isPresent())
          .sorted(Comparator.comparing(TopUp::createdAt).reversed())
          .toList();
    }
  }

  @Override
  public Settled settlePayment(
      String eventId,
      Payment payment,
      TopUp topUp,
      PaymentCallback.Outcome outcome,
      Change change) {
    synchronized (t.lock) {
      if (t.paymentEvents.contains(eventId)) {
        return Settled.DUPLICATE;
      }
      Payment stored = t.payments.get(payment.paymentNo());
      TopUp now = topUps.get(key(topUp.userId(), topUp.topUpId()));
      if (stored.status() != payment.status() || !now.equals(topUp)) {
        return Settled.STALE;
      }
      PaymentStatus from = payment.status();
      boolean open = from == PaymentStatus.PENDING || from == PaymentStatus.FAILED;
      t.paymentEvents.add(eventId);
      if (open && outcome == PaymentCallback.Outcome.SUCCEEDED) {
        t.keep(MemoryTables.paymentIn(stored, PaymentStatus.SUCCEEDED, stored.refundAttempts()));
        boolean creditable =
            now.status() == TopUp.Status.PENDING_PAY
                && now.paymentNo().map(payment.paymentNo()::equals).orElse(true);
        if (creditable) {
          topUps.put(
              key(now.userId(), now.topUpId()),
              with(now, TopUp.Status.PAID, Optional.of(payment.paymentNo())));
          t.moveWallet(
              LedgerEntry.credit(
                  now.userId(),
                  now.venueId(),
                  LedgerEntry.Kind.TOP_UP,
                  now.plan().credit(),
                  payment.amount().currency(),
                  payment.paymentNo(),
                  change.at()));
        } else {
          FinanceException e =
              FinanceException.passSuccessAfterFailure(
                  eventId, now.venueId(), payment.paymentNo(), payment.amount(), change.at());
          t.exceptions.put(e.exceptionId(), e);
        }
      } else if (from == PaymentStatus.PENDING && outcome == PaymentCallback.Outcome.FAILED) {
        t.keep(MemoryTables.paymentIn(stored, PaymentStatus.FAILED, stored.refundAttempts()));
        topUps.put(key(now.userId(), now.topUpId()), with(now, now.status(), Optional.empty()));
      }
      return Settled.APPLIED;
    }
  }

  @Override
  public List<Wallet> walletsOf(String userId) {
    synchronized (t.lock) {
      return t.wallets.values().stream().filter(w -> w.userId().equals(userId)).toList();
    }
  }

  @Override
  public Page<LedgerEntry> ledger(String userId, String venueId, PageRequest page) {
    synchronized (t.lock) {
      return new Page<>(
          t.walletEntries.stream()
              .filter(e -> e.userId().equals(userId) && e.venueId().equals(venueId))
              .limit(page.limit())
              .toList(),
          Optional.empty());
    }
  }

  private static String key(String a, String b) {
    return a + " " + b;
  }

  private static TopUp with(TopUp t, TopUp.Status status, Optional<String> paymentNo) {
    return new TopUp(t.topUpId(), t.userId(), t.plan(), status, paymentNo, t.createdAt());
  }

  @Override
  public List<TopUp> paidTopUps(String userId, String venueId) {
    synchronized (t.lock) {
      return topUps.values().stream()
          .filter(
              u ->
                  u.userId().equals(userId)
                      && u.venueId().equals(venueId)
                      && u.status() == TopUp.Status.PAID)
          .sorted(Comparator.comparing(TopUp::createdAt).reversed())
          .toList();
    }
  }

  @Override
  public boolean close(
      LedgerEntry entry, List<fairslot.money.domain.RefundPartPlan> parts, Change change) {
    synchronized (t.lock) {
      Wallet w = t.wallets.get(entry.userId() + " " + entry.venueId());
      if (w == null
          || w.balance().bonusMinor() != -entry.bonusDeltaMinor()
          || w.balance().principalMinor() < -entry.principalDeltaMinor()
          || !parts.stream().allMatch(t::partAsPlanned)) {
        return false;
      }
      t.moveWallet(entry);
      parts.forEach(t::keepPart);
      return true;
    }
  }

  @Override
  public List<LedgerEntry> venueEntriesBefore(String venueId, Instant end) {
    synchronized (t.lock) {
      return t.walletEntries.stream()
          .filter(e -> e.venueId().equals(venueId) && e.at().isBefore(end))
          .toList();
    }
  }
}
