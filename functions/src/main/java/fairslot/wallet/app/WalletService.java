package fairslot.wallet.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.PrepaidHoldings;
import fairslot.money.domain.PrepaidPurchase;
import fairslot.money.domain.Wallet;
import fairslot.wallet.domain.Liabilities;
import fairslot.wallet.domain.TopUp;
import fairslot.wallet.domain.WalletPlan;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * Stored value (API.md v1.3 "One ledger: wallets"): the plans a venue sells, members' top-ups (paid
 * like a pass), their wallets and ledgers.
 */
public final class WalletService {
  private final WalletStore wallets;
  private final CatalogStore catalog;
  private final Clock clock;
  private final IdGenerator ids;
  private final PrepaidJudge prepaid;

  public WalletService(
      WalletStore wallets,
      CatalogStore catalog,
      Clock clock,
      IdGenerator ids,
      PrepaidJudge prepaid) {
    this.prepaid = prepaid;
    this.wallets = wallets;
    this.catalog = catalog;
    this.clock = clock;
    this.ids = ids;
  }

  /** NOT_FOUND for an unknown venue; DISABLED for a disabled one. */
  public Outcome<WalletPlan> createPlan(
      String admin,
      String venueId,
      String name,
      Money pay,
      long bonusMinor,
      Optional<IdempotentRequest> key) {
    Optional<Venue> venue = catalog.findVenue(venueId);
    if (venue.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId);
    }
    try {
      WalletPlan.checkTerms(pay.minor(), bonusMinor);
    } catch (IllegalArgumentException outOfRange) {
      return Outcome.refused(Refusal.INVALID_REQUEST, outOfRange.getMessage());
    }
    Optional<String> beyond =
        PrepaidHoldings.NONE.refusal(
            venue.get().policy().prepaidRules(), new PrepaidPurchase.StoredValue(pay));
    if (beyond.isPresent()) {
      return Outcome.refused(
          Refusal.PREPAID_LIMIT, "no member could buy this plan: " + beyond.get());
    }
    Instant now = clock.instant();
    WalletPlan plan =
        new WalletPlan(ids.idFor(key, "wallet-plan"), venueId, name, pay, bonusMinor, now);
    if (!wallets.createPlan(plan, Change.by(admin, now, "wallet plan created"))) {
      return Outcome.refused(Refusal.DISABLED, "the venue is disabled");
    }
    return Outcome.done(wallets.findPlan(plan.planId()).orElse(plan));
  }

  public Page<WalletPlan> plans(String venueId, PageRequest page) {
    return wallets.plansOf(venueId, page);
  }

  /** A top-up of {@code planId} for the member, waiting for its payment. */
  public Outcome<TopUp> buy(String userId, String planId, Optional<IdempotentRequest> key) {
    Optional<WalletPlan> plan = wallets.findPlan(planId);
    if (plan.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no wallet plan " + planId);
    }
    boolean otherCurrency =
        wallets.walletsOf(userId).stream()
            .anyMatch(
                w ->
                    w.venueId().equals(plan.get().venueId())
                        && !w.currency().equals(plan.get().pay().currency()));
    if (otherCurrency) {
      return Outcome.refused(
          Refusal.INVALID_REQUEST, "your wallet at this venue holds another currency");
    }
    // Judged now to answer early; binding when its payment starts (nothing is held before).
    return prepaid
        .early(userId, plan.get().venueId(), new PrepaidPurchase.StoredValue(plan.get().pay()))
        .then(
            unbound -> {
              Instant now = clock.instant();
              TopUp topUp = TopUp.unpaid(ids.idFor(key, "top-up"), userId, plan.get(), now);
              return wallets
                  .createTopUp(topUp, Change.by(userId, now, "top-up bought"))
                  .<Outcome<TopUp>>map(Outcome::done)
                  .orElseGet(() -> Outcome.refused(Refusal.DISABLED, "the venue is disabled"));
            });
  }

  public Optional<TopUp> topUp(String userId, String topUpId) {
    return wallets.findTopUp(userId, topUpId);
  }

  public List<Wallet> wallets(String userId) {
    return wallets.walletsOf(userId);
  }

  public Page<LedgerEntry> ledger(String userId, String venueId, PageRequest page) {
    return wallets.ledger(userId, venueId, page);
  }

  /**
   * The venue's stored value owed at the end of {@code date} in its zone: the sum of its wallets'
   * ledger entries made before then. NOT_FOUND for an unknown venue.
   */
  public Outcome<Liabilities> liabilities(String venueId, LocalDate date) {
    Optional<Venue> venue = catalog.findVenue(venueId);
    if (venue.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId);
    }
    Instant end = date.plusDays(1).atStartOfDay(venue.get().timeZone()).toInstant();
    return Outcome.done(Liabilities.of(venueId, date, wallets.venueEntriesBefore(venueId, end)));
  }
}
