package fairslot.handler.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import fairslot.kernel.VenueTime;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.Plan;
import fairslot.pass.domain.PlanKind;
import fairslot.payment.app.PassRefunds;
import java.time.Instant;
import java.util.List;

/**
 * The response bodies of plans and passes. Records keep field order stable, so bodies replay byte
 * for byte.
 */
public final class PassViews {
  private PassViews() {}

  public record PlanView(
      String planId,
      String venueId,
      String name,
      String kind,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer credits,
      String validity,
      List<String> resourceIds,
      long priceMinor,
      String currency) {
    public static PlanView of(Plan p) {
      return new PlanView(
          p.planId(),
          p.venueId(),
          p.name(),
          p.kind().name(),
          p.kind() == PlanKind.PACK ? p.credits() : null,
          p.validity().toString(),
          p.resourceIds().stream().sorted().toList(),
          p.price().minor(),
          p.price().currency());
    }
  }

  /** A pass as its holder sees it at {@code now}; {@code validUntil} absent until it is paid. */
  /** A pass refund's answer (v1.3): the pass as it is now and the refund part made. */
  public record PassRefundView(PassView pass, RefundView refund) {
    public static PassRefundView of(PassRefunds.PassRefund r, Instant now) {
      return new PassRefundView(
          PassView.of(r.pass(), now),
          new RefundView(
              r.part().refund().minor(),
              r.part().refund().currency(),
              r.part().status().name(),
              r.refunded().minor(),
              r.pass().creditsRefunded()));
    }
  }

  /**
   * The part paid back now, its status (REFUNDING until the provider confirms), all of the pass's
   * payment refunded so far, and the credits voided.
   */
  public record RefundView(
      long amountMinor, String currency, String status, long refundedMinor, int creditsVoided) {}

  public record PassView(
      String passId,
      String planId,
      String userId,
      String venueId,
      String name,
      String kind,
      String status,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer creditsLeft,
      @JsonInclude(JsonInclude.Include.NON_NULL) String validUntil,
      long priceMinor,
      String currency) {
    public static PassView of(Pass p, Instant now) {
      boolean pack = p.plan().kind() == PlanKind.PACK;
      return new PassView(
          p.passId(),
          p.plan().planId(),
          p.userId(),
          p.venueId(),
          p.plan().name(),
          p.plan().kind().name(),
          p.statusAt(now).name(),
          pack ? p.creditsLeft() : null,
          p.validUntil().map(u -> VenueTime.show(u, p.plan().timeZone())).orElse(null),
          p.plan().price().minor(),
          p.plan().price().currency());
    }
  }
}
