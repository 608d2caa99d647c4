package fairslot.memory;

import fairslot.catalog.domain.OperatingStatus;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.membership.app.MembershipStore;
import fairslot.membership.domain.Membership;
import fairslot.membership.domain.MembershipPlan;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.WalletShare;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Memberships in memory, as DynamoDbMembershipStore keeps them: every move on the version read (a
 * payment named or forgotten moves it on too), a replayed event id a duplicate, a wallet payment
 * taken only from a wallet that holds it, and a renewal's payment number used once.
 */
public final class MemoryMembershipStore implements MembershipStore {
  private final MemoryTables t;
  private final Map<String, MembershipPlan> plans = new HashMap<>();
  private final Map<String, Membership> memberships = new HashMap<>();

  public MemoryMembershipStore(MemoryTables t) {
    this.t = t;
  }

  private boolean sells(String venueId) {
    var venue = t.venues.get(venueId);
    return venue != null && venue.status() != OperatingStatus.DISABLED;
  }

  private static String key(String userId, String membershipId) {
    return userId + " " + membershipId;
  }

  @Override
  public boolean createPlan(MembershipPlan plan, Change change) {
    synchronized (t.lock) {
      if (!sells(plan.venueId())) {
        return false;
      }
      plans.putIfAbsent(plan.planId(), plan);
      return true;
    }
  }

  @Override
  public Optional<MembershipPlan> findPlan(String planId) {
    synchronized (t.lock) {
      return Optional.ofNullable(plans.get(planId));
    }
  }

  @Override
  public Page<MembershipPlan> plansOf(String venueId, PageRequest page) {
    synchronized (t.lock) {
      return new Page<>(
          plans.values().stream()
              .filter(p -> p.venueId().equals(venueId))
              .sorted(Comparator.comparing(MembershipPlan::planId))
              .limit(page.limit())
              .toList(),
          Optional.empty());
    }
  }

  @Override
  public Optional<Membership> create(Membership m, Change change) {
    synchronized (t.lock) {
      if (!sells(m.venueId())) {
        return Optional.empty();
      }
      return Optional.of(memberships.computeIfAbsent(key(m.userId(), m.membershipId()), k -> m));
    }
  }

  @Override
  public Optional<Membership> find(String userId, String membershipId) {
    synchronized (t.lock) {
      return Optional.ofNullable(memberships.get(key(userId, membershipId)));
    }
  }

  @Override
  public List<Membership> of(String userId) {
    synchronized (t.lock) {
      return memberships.values().stream()
          .filter(m -> m.userId().equals(userId))
          .sorted(Comparator.comparing(Membership::createdAt).reversed())
          .toList();
    }
  }

  @Override
  public Start startPayment(Membership seen, Payment payment, Change change) {
    synchronized (t.lock) {
      Membership now = memberships.get(key(seen.userId(), seen.membershipId()));
      if (now.status() != Membership.Status.PENDING_PAY || !sells(now.venueId())) {
        return new Start.NotPayable(now);
      }
      if (now.paymentNo().isPresent()) {
        return new Start.AlreadyStarted(now.paymentNo().get());
      }
      t.payments.put(payment.paymentNo(), payment);
      put(bumped(now.withPayment(Optional.of(payment.paymentNo()))));
      return new Start.Started();
    }
  }

  @Override
  public Settled settlePayment(
      String eventId,
      Payment payment,
      Membership seen,
      Membership activated,
      PaymentCallback.Outcome outcome,
      Change change) {
    synchronized (t.lock) {
      if (t.paymentEvents.contains(eventId)) {
        return Settled.DUPLICATE;
      }
      Payment p = t.payments.get(payment.paymentNo());
      Membership now = memberships.get(key(seen.userId(), seen.membershipId()));
      if (p.status() != payment.status() || now.version() != seen.version()) {
        return Settled.STALE;
      }
      boolean open = p.status() == PaymentStatus.PENDING || p.status() == PaymentStatus.FAILED;
      boolean waiting =
          now.status() == Membership.Status.PENDING_PAY
              && now.paymentNo().map(p.paymentNo()::equals).orElse(true);
      if (open && outcome == PaymentCallback.Outcome.SUCCEEDED && waiting) {
        t.payments.put(p.paymentNo(), MemoryTables.paymentIn(p, PaymentStatus.SUCCEEDED, 0));
        put(activated);
      } else if (open && outcome == PaymentCallback.Outcome.SUCCEEDED) {
        t.payments.put(p.paymentNo(), MemoryTables.refundOf(p, p.amount()));
        t.refundsDue.put(p.paymentNo(), change.at());
        var exception =
            FinanceException.open(
                FinanceException.Kind.LATE_PAYMENT_REFUNDED,
                eventId,
                Optional.of(now.venueId()),
                Optional.empty(),
                Optional.of(p.paymentNo()),
                p.amount(),
                change.at());
        t.exceptions.putIfAbsent(exception.exceptionId(), exception);
      } else if (p.status() == PaymentStatus.PENDING && outcome == PaymentCallback.Outcome.FAILED) {
        t.payments.put(p.paymentNo(), MemoryTables.paymentIn(p, PaymentStatus.FAILED, 0));
        if (waiting && now.paymentNo().isPresent()) {
          put(bumped(now.withPayment(Optional.empty())));
        }
      }
      t.paymentEvents.add(eventId);
      return Settled.APPLIED;
    }
  }

  @Override
  public boolean paidFromWallet(
      Membership seen,
      Membership after,
      Payment payment,
      WalletShare share,
      String venueId,
      Change change) {
    synchronized (t.lock) {
      Membership now = memberships.get(key(seen.userId(), seen.membershipId()));
      var wallet = t.wallets.get(payment.userId() + " " + venueId);
      if (now.version() != seen.version()
          || t.payments.containsKey(payment.paymentNo())
          || wallet == null
          || !share.within(wallet.balance())) {
        return false;
      }
      t.moveWallet(
          LedgerEntry.debit(
              payment.userId(),
              venueId,
              LedgerEntry.Kind.SPEND,
              share,
              payment.amount().currency(),
              payment.paymentNo(),
              change.at()));
      t.payments.put(payment.paymentNo(), payment);
      t.walletShares.put(payment.paymentNo(), share);
      put(after);
      return true;
    }
  }

  @Override
  public boolean move(Membership seen, Membership after, Change change) {
    synchronized (t.lock) {
      Membership now = memberships.get(key(seen.userId(), seen.membershipId()));
      if (now.version() != seen.version()) {
        return false;
      }
      put(after);
      return true;
    }
  }

  @Override
  public List<Membership> due(Instant now, int limit) {
    synchronized (t.lock) {
      return memberships.values().stream()
          .filter(m -> m.dueAt().map(at -> !at.isAfter(now)).orElse(false))
          .sorted(Comparator.comparing(m -> m.dueAt().orElseThrow()))
          .limit(limit)
          .toList();
    }
  }

  private void put(Membership m) {
    memberships.put(key(m.userId(), m.membershipId()), m);
  }

  /** As a write that moves the item on (a payment named or forgotten): its version + 1. */
  private static Membership bumped(Membership m) {
    return m.with(m.status(), m.autoRenew(), m.cancelAtPeriodEnd(), m.failedRenewals());
  }
}
