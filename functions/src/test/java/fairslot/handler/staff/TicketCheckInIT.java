package fairslot.handler.staff;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.handler.internal.Tickets;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.nio.charset.StandardCharsets;
import java.security.Signature;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * QR check-in through the HTTP handler on the emulator (API.md v1.2 "Integrations and data rights",
 * check-in by QR): a member's ticket verifies offline with the venue's published key, checks the
 * booking in once (again: the same answer), and every forgery, another venue's desk, an unpaid
 * booking and a ticket from before a transfer are refused with nothing written.
 */
class TicketCheckInIT {
  private final ApiDriver api = new ApiDriver("tickets");

  private Reply ticketOf(String userId, String bookingId) {
    return api.send(
        "GET /bookings/{bookingId}/ticket",
        e -> e.as(userId, CUSTOMER).path("bookingId", bookingId));
  }

  private Reply checkIn(String staff, List<String> groups, String ticket) {
    return api.send(
        "POST /staff/check-in", e -> e.as(staff, groups).body("{\"ticket\":\"" + ticket + "\"}"));
  }

  private void grant(String venueId, String userId) {
    ApiDriver.expect(
        api.send(
            "PUT /venues/{venueId}/staff/{userId}",
            e ->
                e.as("platform", ApiDriver.ADMIN)
                    .path("venueId", venueId)
                    .path("userId", userId)
                    .body("{\"roles\":[\"frontdesk\"]}")),
        200);
  }

  /** A signature with one character in its middle changed: always other bytes. */
  private static String flip(String sig) {
    char c = sig.charAt(20);
    return sig.substring(0, 20) + (c == 'A' ? 'B' : 'A') + sig.substring(21);
  }

  @Test
  void aPaidBookingsTicketVerifiesOfflineAndChecksItInOnce() throws Exception {
    String venue = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venue, "EXCLUSIVE", 1);
    String slot = api.slot(court, Duration.ofDays(1), Duration.ofHours(1), 6000);
    String booking = api.paidBooking("m1", slot);
    grant(venue, "desk-a");

    Reply issued = ticketOf("m1", booking);
    ApiDriver.expect(issued, 200);
    String ticket = issued.text("ticket");
    assertThat(issued.text("venueId")).isEqualTo(venue);
    assertThat(issued.text("expiresAt")).endsWith("+08:00");

    // A door device holds the venue's keys and the JDK, nothing of fairslot's.
    Reply keys = api.send("GET /venues/{venueId}/ticket-keys", e -> e.path("venueId", venue));
    ApiDriver.expect(keys, 200);
    JsonNode jwk = keys.json().get("keys").get(0);
    String[] parts = ticket.split("\\.");
    Signature ed = Signature.getInstance("Ed25519");
    ed.initVerify(Tickets.publicKey(jwk.get("x").asText()));
    ed.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
    assertThat(ed.verify(Base64.getUrlDecoder().decode(parts[2]))).isTrue();
    String claims = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
    assertThat(claims).contains(booking, venue, slot);

    // Someone else's booking has no ticket for them; an unknown venue has no keys.
    assertThat(ticketOf("m2", booking).status()).isEqualTo(404);
    assertThat(
            api.send("GET /venues/{venueId}/ticket-keys", e -> e.path("venueId", "nowhere"))
                .status())
        .isEqualTo(404);

    Reply first = checkIn("desk-a", CUSTOMER, ticket);
    ApiDriver.expect(first, 200);
    assertThat(first.text("status")).isEqualTo("COMPLETED");
    Reply again = checkIn("desk-a", CUSTOMER, ticket);
    ApiDriver.expect(again, 200);
    assertThat(again.text("status")).isEqualTo("COMPLETED");
    assertThat(again.text("bookingId")).isEqualTo(booking);
    assertThat(api.booking("m1", booking).text("status")).isEqualTo("COMPLETED");
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  @Test
  void forgeriesOtherVenuesUnpaidAndGivenAwayBookingsCheckNothingIn() {
    String venueA = api.venue("Asia/Shanghai", "{}");
    String venueB = api.venue("Asia/Shanghai", "{}");
    String courtA = api.resource(venueA, "SEATS", 5);
    String courtB = api.resource(venueB, "SEATS", 5);
    String slotA = api.slot(courtA, Duration.ofDays(1), Duration.ofHours(1), 6000);
    // Later the same day: one member holds both, never two at once.
    String slotB = api.slot(courtB, Duration.ofDays(1).plusHours(3), Duration.ofHours(1), 6000);
    String paidA = api.paidBooking("m1", slotA);
    String paidB = api.paidBooking("m1", slotB);
    String heldA = api.book("m2", slotA, 1).text("bookingId");
    grant(venueA, "desk-a");
    String ticketA = ticketOf("m1", paidA).text("ticket");
    String ticketB = ticketOf("m1", paidB).text("ticket");
    String[] parts = ticketA.split("\\.");
    String[] partsB = ticketB.split("\\.");

    // A hold has no ticket yet.
    Reply unpaid = ticketOf("m2", heldA);
    assertThat(unpaid.status()).isEqualTo(409);
    assertThat(unpaid.text("status")).isEqualTo("PENDING_PAY");

    int before = SeatLedger.itemCount(Aws.dynamo(), api.table);
    List<String> forged = new ArrayList<>();
    forged.add(parts[0] + "." + partsB[1] + "." + parts[2]); // B's claims under A's signature
    forged.add(parts[0] + "." + parts[1] + "." + partsB[2]); // A's claims under B's signature
    forged.add(parts[0] + "." + parts[1] + ".");
    forged.add("eyJhbGciOiJub25lIn0." + parts[1] + ".");
    forged.add(parts[0] + "." + parts[1] + "." + flip(parts[2]));
    forged.add("garbage");
    for (String f : forged) {
      Reply r = checkIn("desk-a", CUSTOMER, f);
      assertThat(r.status()).as(f).isEqualTo(401);
      assertThat(r.text("code")).isEqualTo("invalid_ticket");
    }
    // Venue A's desk with venue B's real ticket: the other venue's, 403.
    Reply elsewhere = checkIn("desk-a", CUSTOMER, ticketB);
    assertThat(elsewhere.status()).isEqualTo(403);
    assertThat(elsewhere.text("code")).isEqualTo("forbidden");
    // No role at all: 403 before anything is read.
    assertThat(checkIn("nobody", CUSTOMER, ticketA).status()).isEqualTo(403);
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(before);
    assertThat(api.booking("m1", paidA).text("status")).isEqualTo("PAID");
    assertThat(api.booking("m1", paidB).text("status")).isEqualTo("PAID");

    // Given away: the giver's old ticket checks nothing in; the recipient's new one does.
    ApiDriver.expect(
        api.send("PUT /me/profile", e -> e.as("r1", CUSTOMER).body("{\"name\":\"R\"}")), 200);
    ApiDriver.expect(
        api.send(
            "POST /bookings/{bookingId}/transfer",
            e -> e.as("m1", CUSTOMER).path("bookingId", paidA).body("{\"toUserId\":\"r1\"}")),
        200);
    Reply stale = checkIn("desk-a", CUSTOMER, ticketA);
    assertThat(stale.status()).isEqualTo(401);
    assertThat(stale.text("code")).isEqualTo("invalid_ticket");
    assertThat(api.booking("r1", paidA).text("status")).isEqualTo("PAID");
    Reply current = checkIn("desk-a", CUSTOMER, ticketOf("r1", paidA).text("ticket"));
    ApiDriver.expect(current, 200);
    assertThat(current.text("status")).isEqualTo("COMPLETED");

    // A ticket ends with its slot.
    api.clock.advance(Duration.ofDays(1).plusHours(5));
    Reply late = checkIn("platform", ApiDriver.ADMIN, ticketB);
    assertThat(late.status()).isEqualTo(401);
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }
}
