package fairslot.wallet.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.domain.PrepaidHoldings;
import fairslot.money.domain.PrepaidPurchase;
import fairslot.money.domain.PrepaidRules;
import fairslot.pass.app.PassStore;
import fairslot.pass.app.PrepaidCheck;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.pass.domain.PlanKind;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The venue's prepaid rules applied to a member's purchase (API.md v1.3 "Prepaid rules"): the guard
 * read first, then everything the member holds at the venue (stored value paid in and top-ups being
 * paid; passes' unused value and sessions, and those being paid), judged with the purchase. The
 * purchase's own transaction then moves the guard on from what was read, so two purchases judged on
 * the same holdings never both land; spends and uses only lower the holdings.
 */
public final class PrepaidJudge implements PrepaidCheck {
  private final WalletStore wallets;
  private final PassStore passes;
  private final CatalogStore catalog;
  private final Clock clock;

  public PrepaidJudge(WalletStore wallets, PassStore passes, CatalogStore catalog, Clock clock) {
    this.wallets = wallets;
    this.passes = passes;
    this.catalog = catalog;
    this.clock = clock;
  }

  @Override
  public Outcome<Optional<PrepaidClaim>> claim(
      String userId, String venueId, PrepaidPurchase purchase) {
    return judge(userId, venueId, purchase, false);
  }

  @Override
  public Outcome<Optional<PrepaidClaim>> early(
      String userId, String venueId, PrepaidPurchase purchase) {
    return judge(userId, venueId, purchase, true);
  }

  private Outcome<Optional<PrepaidClaim>> judge(
      String userId, String venueId, PrepaidPurchase purchase, boolean anyWay) {
    PrepaidRules rules =
        catalog.findVenue(venueId).map(v -> v.policy().prepaidRules()).orElse(PrepaidRules.NONE);
    if (rules == PrepaidRules.NONE) {
      return Outcome.done(Optional.empty());
    }
    long seen = wallets.prepaidSeen(userId, venueId);
    PrepaidHoldings held = holdings(userId, venueId);
    PrepaidPurchase judged =
        anyWay
            ? purchase.fromStoredValue(Math.min(purchase.price().minor(), held.storedValueMinor()))
            : purchase;
    Optional<String> refused = held.refusal(rules, judged);
    if (refused.isPresent()) {
      return Outcome.refused(
          Refusal.PREPAID_LIMIT,
          refused.get(),
          Map.of("prepaidRules", rules.wire(), "heldMinor", held.totalMinor()));
    }
    return Outcome.done(Optional.of(new PrepaidClaim(userId, venueId, seen)));
  }

  /**
   * What the member holds at the venue now, in CNY as the rules count it. Payments settle without
   * moving the guard, so the reads go in the order that can only count a settling purchase twice,
   * never miss it: a top-up being paid before the wallet it credits, a pass paid from the wallet
   * before the wallet it debits; each read strongly consistent.
   */
  public PrepaidHoldings holdings(String userId, String venueId) {
    String cny = PrepaidHoldings.CURRENCY;
    long paying =
        wallets.startedTopUps(userId, venueId).stream()
            .filter(t -> t.plan().pay().currency().equals(cny))
            .mapToLong(t -> t.plan().pay().minor())
            .sum();
    PrepaidHoldings passesHeld = passHoldings(userId, venueId, cny);
    long stored =
        paying
            + wallets.walletsOf(userId).stream()
                .filter(w -> w.venueId().equals(venueId) && w.currency().equals(cny))
                .mapToLong(w -> w.balance().principalMinor())
                .sum();
    return new PrepaidHoldings(
        stored,
        passesHeld.packValueMinor(),
        passesHeld.packSessions(),
        passesHeld.membershipValueMinor());
  }

  /** The member's passes at the venue: packs' value and sessions, memberships' value. */
  private PrepaidHoldings passHoldings(String userId, String venueId, String cny) {
    Instant now = clock.instant();
    long packValue = 0;
    long membershipValue = 0;
    int sessions = 0;
    Optional<String> cursor = Optional.empty();
    do {
      Page<Pass> page = passes.passesOf(userId, new PageRequest(PageRequest.MAX_LIMIT, cursor));
      for (Pass p : page.items()) {
        if (!p.venueId().equals(venueId) || !p.plan().price().currency().equals(cny)) {
          continue;
        }
        boolean paying = p.status() == PassStatus.PENDING_PAY && p.paymentNo().isPresent();
        long value = paying ? p.plan().price().minor() : p.unusedShare(now).minor();
        if (p.plan().kind() == PlanKind.PACK) {
          packValue += value;
          sessions +=
              paying ? p.plan().credits() : p.status() == PassStatus.ACTIVE ? p.creditsLeft() : 0;
        } else {
          membershipValue += value;
        }
      }
      cursor = page.nextCursor();
    } while (cursor.isPresent());
    return new PrepaidHoldings(0, packValue, sessions, membershipValue);
  }
}
