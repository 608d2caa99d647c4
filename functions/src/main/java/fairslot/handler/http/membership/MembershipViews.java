package fairslot.handler.http.membership;

import com.fasterxml.jackson.annotation.JsonInclude;
import fairslot.handler.http.PaymentViews.PaymentView;
import fairslot.membership.domain.Membership;
import fairslot.membership.domain.MembershipPlan;
import java.util.LinkedHashMap;
import java.util.Map;

/** Membership plans and memberships as the API shows them (v1.3 "Memberships"). */
final class MembershipViews {
  private MembershipViews() {}

  record PlanView(
      String planId,
      String venueId,
      String name,
      long priceMinor,
      String currency,
      String period,
      Map<String, Integer> benefits) {
    static PlanView of(MembershipPlan p) {
      Map<String, Integer> benefits = new LinkedHashMap<>();
      p.benefits().percentOff().ifPresent(v -> benefits.put("percentOff", v));
      p.benefits().bookingWindowDays().ifPresent(v -> benefits.put("bookingWindowDays", v));
      p.benefits().creditsPerPeriod().ifPresent(v -> benefits.put("creditsPerPeriod", v));
      return new PlanView(
          p.planId(),
          p.venueId(),
          p.name(),
          p.price().minor(),
          p.price().currency(),
          p.period().name(),
          benefits);
    }
  }

  /** A membership; {@code payment} only in the answer that started its first payment. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record MembershipView(
      String membershipId,
      String planId,
      String venueId,
      String name,
      String status,
      boolean autoRenew,
      boolean cancelAtPeriodEnd,
      String currentPeriodStart,
      String currentPeriodEnd,
      long priceMinor,
      String currency,
      PaymentView payment) {
    static MembershipView of(Membership m, PaymentView payment) {
      return new MembershipView(
          m.membershipId(),
          m.plan().planId(),
          m.venueId(),
          m.plan().name(),
          m.status().name(),
          m.autoRenew(),
          m.cancelAtPeriodEnd(),
          m.periodStart().map(Object::toString).orElse(null),
          m.periodEnd().map(Object::toString).orElse(null),
          m.plan().price().minor(),
          m.plan().price().currency(),
          payment);
    }

    static MembershipView of(Membership m) {
      return of(m, null);
    }
  }
}
