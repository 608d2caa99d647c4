package fairslot.handler.staff;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.definitions.Fairslot;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The role matrix of every staff and admin route: who gets past the role check (whatever the input
 * then earns) and who gets 403 forbidden, for the token's global groups. The requests carry no
 * valid input, so nothing is written. Roles granted per venue are VenueRolesIT's.
 */
class StaffRolesIT {
  private static final String CUSTOMER = "customer";
  private static final String FRONTDESK = "frontdesk";
  private static final String FINANCE = "finance";
  private static final String ADMIN = "admin";
  private static final List<String> ROLES = List.of(CUSTOMER, FRONTDESK, FINANCE, ADMIN);

  /**
   * Route key → the roles allowed (API.md "Venues, resources, slots" and "Staff"; admin may do
   * everything staff may).
   */
  private static final Map<String, Set<String>> MATRIX = new LinkedHashMap<>();

  static {
    MATRIX.put("POST /venues", Set.of(ADMIN));
    MATRIX.put("POST /venues/{venueId}/resources", Set.of(ADMIN));
    MATRIX.put("POST /coaches", Set.of(ADMIN));
    MATRIX.put("POST /rooms", Set.of(ADMIN));
    MATRIX.put("POST /slots", Set.of(ADMIN));
    MATRIX.put("POST /slots:generate", Set.of(ADMIN));
    MATRIX.put("POST /slots/{slotId}/close", Set.of(FRONTDESK, ADMIN));
    MATRIX.put("POST /slots/{slotId}/open", Set.of(FRONTDESK, ADMIN));
    MATRIX.put("POST /slots/{slotId}/admission", Set.of(FRONTDESK, ADMIN));
    MATRIX.put("POST /slots/{slotId}/cancel", Set.of(ADMIN));
    MATRIX.put("POST /staff/bookings", Set.of(FRONTDESK, ADMIN));
    MATRIX.put("GET /staff/bookings", Set.of(FRONTDESK, FINANCE, ADMIN));
    MATRIX.put("POST /staff/bookings/{bookingId}/check-in", Set.of(FRONTDESK, ADMIN));
    MATRIX.put("POST /staff/check-in", Set.of(FRONTDESK, ADMIN));
    MATRIX.put("POST /staff/bookings/{bookingId}/offline-payment", Set.of(FRONTDESK, ADMIN));
    MATRIX.put("POST /staff/bookings/{bookingId}/refund", Set.of(FRONTDESK, FINANCE, ADMIN));
    MATRIX.put("GET /reports/daily", Set.of(FINANCE, ADMIN));
    MATRIX.put("GET /reports/liabilities", Set.of(FINANCE, ADMIN));
    MATRIX.put("GET /audit", Set.of(FINANCE, ADMIN));
    MATRIX.put("POST /admin/reconcile", Set.of(ADMIN));
    MATRIX.put("PATCH /slots/{slotId}", Set.of(ADMIN));
    MATRIX.put("PATCH /venues/{venueId}", Set.of(ADMIN));
    MATRIX.put("PATCH /venues/{venueId}/resources/{resourceId}", Set.of(ADMIN));
    MATRIX.put("GET /finance/exceptions", Set.of(FINANCE, ADMIN));
    MATRIX.put("POST /finance/statements:reconcile", Set.of(FINANCE, ADMIN));
    MATRIX.put("POST /finance/exceptions/{exceptionId}/retry-refund", Set.of(FINANCE, ADMIN));
    MATRIX.put("POST /finance/exceptions/{exceptionId}/abnormal-refund", Set.of(FINANCE, ADMIN));
    MATRIX.put("POST /finance/exceptions/{exceptionId}/resolve", Set.of(FINANCE, ADMIN));
    MATRIX.put("POST /staff/members/{userId}/pardon", Set.of(FRONTDESK, ADMIN));
    MATRIX.put("POST /venues/{venueId}/plans", Set.of(ADMIN));
    MATRIX.put("POST /venues/{venueId}/wallet-plans", Set.of(ADMIN));
    MATRIX.put("POST /venues/{venueId}/membership-plans", Set.of(ADMIN));
    MATRIX.put("POST /venues/{venueId}/coupons", Set.of(ADMIN));
    MATRIX.put("GET /venues/{venueId}/coupons", Set.of(ADMIN));
    MATRIX.put("POST /staff/passes", Set.of(FRONTDESK, ADMIN));
    MATRIX.put("POST /staff/passes/{passId}/refund", Set.of(FINANCE, ADMIN));
    MATRIX.put("GET /staff/notifications", Set.of(FRONTDESK, ADMIN));
    MATRIX.put("POST /staff/notifications/{notificationId}/retry", Set.of(FRONTDESK, ADMIN));
    MATRIX.put("GET /venues/{venueId}/staff", Set.of(ADMIN));
    MATRIX.put("PUT /venues/{venueId}/staff/{userId}", Set.of(ADMIN));
    MATRIX.put("DELETE /venues/{venueId}/staff/{userId}", Set.of(ADMIN));
    MATRIX.put("POST /venues/{venueId}/webhooks", Set.of(ADMIN));
    MATRIX.put("GET /venues/{venueId}/webhooks", Set.of(ADMIN));
    MATRIX.put("GET /venues/{venueId}/webhooks/{webhookId}", Set.of(ADMIN));
    MATRIX.put("DELETE /venues/{venueId}/webhooks/{webhookId}", Set.of(ADMIN));
    MATRIX.put("GET /venues/{venueId}/webhooks/{webhookId}/deliveries", Set.of(ADMIN));
    MATRIX.put(
        "POST /venues/{venueId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry", Set.of(ADMIN));
  }

  private final ApiDriver api = new ApiDriver("roles");

  private Reply send(String routeKey, List<String> groups) {
    return api.send(
        routeKey,
        e -> {
          if (groups != null) {
            e.as("someone", groups);
          }
          e.path("venueId", "v-none")
              .path("slotId", "s-none")
              .path("bookingId", "b-none")
              .path("resourceId", "r-none")
              .path("exceptionId", "x-none")
              .path("userId", "u-none")
              .path("notificationId", "n-none")
              .path("passId", "p-none")
              .path("planId", "wp-none")
              .body("{\"cursor\":\"!\"}");
        });
  }

  @Test
  void everyStaffRouteLetsInExactlyItsRolesAndForbidsTheRest() {
    int before = SeatLedger.itemCount(Aws.dynamo(), api.table);
    for (Map.Entry<String, Set<String>> route : MATRIX.entrySet()) {
      for (String role : ROLES) {
        Reply r = send(route.getKey(), List.of(role));
        if (route.getValue().contains(role)) {
          assertThat(r.status()).as("%s as %s: %s", route.getKey(), role, r).isNotIn(401, 403, 500);
        } else {
          assertThat(r.status()).as("%s as %s", route.getKey(), role).isEqualTo(403);
          assertThat(r.text("code")).isEqualTo("forbidden");
        }
      }
      assertThat(send(route.getKey(), null).status())
          .as("%s without a token", route.getKey())
          .isEqualTo(401);
    }
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(before);
  }

  @Test
  void theMatrixCoversEveryRouteThatAPlainCustomerMayNotUse() {
    Set<String> forbiddenToCustomers =
        Fairslot.ROUTES.stream()
            .map(r -> r.method() + " " + r.path())
            .filter(key -> send(key, List.of(CUSTOMER)).status() == 403)
            .collect(Collectors.toSet());

    assertThat(MATRIX.keySet()).containsAll(forbiddenToCustomers);
    assertThat(forbiddenToCustomers).hasSize(MATRIX.size());
  }
}
