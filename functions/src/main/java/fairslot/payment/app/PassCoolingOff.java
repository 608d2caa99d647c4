package fairslot.payment.app;

import fairslot.booking.app.MemberBookings;
import fairslot.booking.domain.Booking;
import fairslot.catalog.app.CatalogStore;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.money.domain.PrepaidHoldings;
import fairslot.money.domain.PrepaidRules;
import fairslot.pass.app.PassStore;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.pass.domain.PlanKind;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * Shanghai's cooling-off (API.md v1.3 "Prepaid rules", CN-SH-2025): within 7 days of its purchase,
 * an unused pass is refunded in full when its member asks, through the same refund path as
 * finance's ({@link PassRefunds}), whose write holds only while the pass is as judged.
 */
final class PassCoolingOff {
  private final PassStore passes;
  private final CatalogStore catalog;
  private final MemberBookings members;
  private final PassRefunds refunds;
  private final Clock clock;

  PassCoolingOff(
      PassStore passes,
      CatalogStore catalog,
      MemberBookings members,
      PassRefunds refunds,
      Clock clock) {
    this.passes = passes;
    this.catalog = catalog;
    this.members = members;
    this.refunds = refunds;
    this.clock = clock;
  }

  Outcome<PassRefunds.Answer> refund(
      String userId,
      String passId,
      Optional<IdempotentRequest> key,
      Function<PassRefunds.PassRefund, StoredResponse> answer) {
    Optional<Pass> found = passes.findPass(userId, passId);
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no pass " + passId);
    }
    Pass pass = found.get();
    PrepaidRules rules =
        catalog
            .findVenue(pass.venueId())
            .map(v -> v.policy().prepaidRules())
            .orElse(PrepaidRules.NONE);
    if (rules == PrepaidRules.NONE) {
      return Outcome.refused(
          Refusal.INVALID_TRANSITION, "this venue's rules give no cooling-off; ask the venue");
    }
    return refunds.refund(
        userId,
        passId,
        Optional.of(pass.plan().price().minor()),
        "pass refunded in its cooling-off",
        key,
        answer,
        this::whyNot);
  }

  /** Why {@code p} is not refunded in full now: not paid, its 7 days over, or used. */
  private Optional<String> whyNot(Pass p) {
    if (p.status() != PassStatus.ACTIVE || p.validUntil().isEmpty()) {
      return Optional.of("a " + p.status() + " pass has no cooling-off");
    }
    Instant paidAt = p.validUntil().get().minus(p.plan().validity());
    Instant ends = paidAt.plus(PrepaidHoldings.COOLING_OFF);
    if (clock.instant().isAfter(ends)) {
      return Optional.of("the cooling-off ended at " + ends);
    }
    boolean used =
        p.plan().kind() == PlanKind.PACK
            ? p.creditsLeft() != p.plan().credits()
            : bookedWith(p.userId(), p.passId());
    return used ? Optional.of("the pass has been used") : Optional.empty();
  }

  /** Whether any booking of the member was paid with the pass (a membership keeps no count). */
  private boolean bookedWith(String userId, String passId) {
    Optional<String> cursor = Optional.empty();
    do {
      Page<Booking> page = members.list(userId, new PageRequest(PageRequest.MAX_LIMIT, cursor));
      for (Booking b : page.items()) {
        if (b.pass().map(use -> use.passId().equals(passId)).orElse(false)) {
          return true;
        }
      }
      cursor = page.nextCursor();
    } while (cursor.isPresent());
    return false;
  }
}
