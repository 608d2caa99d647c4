package fairslot.handler.http;

import fairslot.kernel.VenueTime;
import java.time.Instant;

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
      @com.fasterxml.jackson.annotation.JsonInclude(
              com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
          Integer credits,
      String validity,
      java.util.List<String> resourceIds,
      long priceMinor,
      String currency) {
    public static PlanView of(fairslot.pass.domain.Plan p) {
      return new PlanView(
          p.planId(),
          p.venueId(),
          p.name(),
          p.kind().name(),
          p.kind() == fairslot.pass.domain.PlanKind.PACK ? p.credits() : null,
          p.validity().toString(),
          p.resourceIds().stream().sorted().toList(),
          p.price().minor(),
          p.price().currency());
    }
  }

  /** A pass as its holder sees it at {@code now}; {@code validUntil} absent until it is paid. */
  public record PassView(
      String passId,
      String planId,
      String userId,
      String venueId,
      String name,
      String kind,
      String status,
      @com.fasterxml.jackson.annotation.JsonInclude(
              com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
          Integer creditsLeft,
      @com.fasterxml.jackson.annotation.JsonInclude(
              com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
          String validUntil,
      long priceMinor,
      String currency) {
    public static PassView of(fairslot.pass.domain.Pass p, Instant now) {
      boolean pack = p.plan().kind() == fairslot.pass.domain.PlanKind.PACK;
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
