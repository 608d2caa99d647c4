package fairslot.handler.staff;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.handler.ScheduledJobHandler;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The daily finance report against a recount from the raw booking items. */
class DailyReportIT {
  private static final List<String> FINANCE = List.of("finance");
  private static final Set<String> ACTIVE = Set.of("PENDING_PAY", "PAID", "COMPLETED", "NO_SHOW");
  private static final Set<String> PAID =
      Set.of("PAID", "COMPLETED", "NO_SHOW", "REFUNDING", "REFUNDED", "REFUND_FAILED");
  private final ApiDriver api = new ApiDriver("report");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply desk(String action, String bookingId) {
    return api.send(
        "POST /staff/bookings/{bookingId}/" + action,
        e -> e.as("desk-1", FRONTDESK).path("bookingId", bookingId));
  }

  private Reply report(String venueId, String date, String accept) {
    return api.send(
        "GET /reports/daily",
        e -> {
          e.as("fin-1", FINANCE).query("venueId", venueId).query("date", date);
          if (accept != null) {
            e.header("Accept", accept);
          }
        });
  }

  /**
   * bookings, paidMinor, refundedMinor, refundPendingMinor, noShows per resourceId, straight from
   * the items.
   */
  private Map<String, long[]> recount(String venueId, LocalDate date, Instant now) {
    Map<String, long[]> byResource = new TreeMap<>();
    for (Map<String, AttributeValue> i :
        Aws.dynamo().scanPaginator(r -> r.tableName(api.table).consistentRead(true)).items()) {
      if (i.get("type") == null
          || !i.get("type").s().equals("BOOKING")
          || !i.get("venueId").s().equals(venueId)) {
        continue;
      }
      Instant start = Instant.ofEpochMilli(Long.parseLong(i.get("slotStart").n()));
      if (!LocalDate.ofInstant(start, ZoneId.of(i.get("timeZone").s())).equals(date)) {
        continue;
      }
      String status = i.get("status").s();
      if (status.equals("PENDING_PAY")
          && !now.isBefore(Instant.ofEpochMilli(Long.parseLong(i.get("holdExpiresAt").n())))) {
        status = "EXPIRED";
      }
      long amount = Long.parseLong(i.get("amountMinor").n());
      long[] f = byResource.computeIfAbsent(i.get("resourceId").s(), k -> new long[5]);
      f[0] += ACTIVE.contains(status) ? 1 : 0;
      f[1] += PAID.contains(status) ? amount : 0;
      f[2] += status.equals("REFUNDED") ? amount : 0;
      f[3] += status.equals("REFUNDING") || status.equals("REFUND_FAILED") ? amount : 0;
      f[4] += status.equals("NO_SHOW") ? 1 : 0;
    }
    return byResource;
  }

  @Test
  void theReportsFiguresEqualARecountFromTheRawBookingsInJsonAndCsv() {
    String venue = api.venue("Asia/Shanghai", "{\"holdDuration\":\"PT2H\"}");
    String courts = api.resource(venue, "SEATS", 10);
    String yoga = api.resource(venue, "SEATS", 10);
    String otherDay = api.slot(courts, Duration.ofDays(2), Duration.ofHours(1), 9900);
    String morning = api.slot(courts, Duration.ofHours(1), Duration.ofHours(1), 5000);
    String noon = api.slot(yoga, Duration.ofHours(4), Duration.ofHours(1), 3000);
    // Today (2026-12-01 in Shanghai): a spread of outcomes.
    String completed = api.paidBooking("u1", morning);
    desk("check-in", completed);
    api.paidBooking("u2", morning); // PAID, becomes NO_SHOW after the slot
    String refunded = api.book("u3", morning, 1).text("bookingId");
    String refundedPayment = api.pay("u3", refunded).text("paymentNo");
    api.provider.report(refundedPayment, "SUCCEEDED");
    desk("refund", refunded); // REFUNDING until the provider confirms
    api.provider.report(refundedPayment, "REFUNDED");
    String offline = api.book("u4", noon, 2).text("bookingId");
    desk("offline-payment", offline); // PAID offline, 2 x 3000
    api.book("u5", noon, 1); // PENDING_PAY, expires before the report
    String cancelled = api.book("u6", noon, 1).text("bookingId");
    api.cancel("u6", cancelled); // CANCELLED: counts nowhere
    String stillRefunding = api.paidBooking("u8", noon);
    desk("refund", stillRefunding); // REFUNDING
    api.paidBooking("u7", otherDay); // another day: not in the report
    api.clock.advance(Duration.ofHours(6));
    new ScheduledJobHandler(api.wiring).run("no-shows");

    Reply json = report(venue, "2026-12-01", null);
    Reply csv = report(venue, "2026-12-01", "text/csv");

    Map<String, long[]> expected =
        recount(venue, LocalDate.parse("2026-12-01"), api.clock.instant());
    long[] total = new long[5];
    expected
        .values()
        .forEach(
            f -> {
              for (int k = 0; k < 5; k++) {
                total[k] += f[k];
              }
            });
    assertThat(json.status()).isEqualTo(200);
    JsonNode r = json.json();
    assertThat(r.get("date").asText()).isEqualTo("2026-12-01");
    assertThat(r.get("currency").asText()).isEqualTo("CNY");
    assertThat(
            new long[] {
              r.get("bookings").asLong(),
              r.get("paidMinor").asLong(),
              r.get("refundedMinor").asLong(),
              r.get("refundPendingMinor").asLong(),
              r.get("noShows").asLong()
            })
        .containsExactly(total);
    // Hand-checked against the story above, so the recount itself is not the only witness. Active:
    // u1 COMPLETED, u2 and u4 NO_SHOW (both slots have ended); u5 expired, u6 cancelled, u8
    // refunding.
    assertThat(total).containsExactly(3, 5000 * 3 + 6000 + 3000, 5000, 3000, 2);
    // v1.1 fields: every refund here is whole (no cancel tiers yet) and no passes are sold.
    assertThat(r.get("feesMinor").isNumber()).isTrue();
    assertThat(r.get("feesMinor").asLong()).isZero();
    assertThat(r.get("passSalesMinor").asLong()).isZero();
    assertThat(r.get("disputedMinor").isNumber()).isTrue();
    assertThat(r.get("disputedMinor").asLong()).isZero();
    assertThat(r.get("byResource")).hasSize(2);
    for (JsonNode line : r.get("byResource")) {
      long[] f = expected.get(line.get("resourceId").asText());
      assertThat(
              new long[] {
                line.get("bookings").asLong(),
                line.get("paidMinor").asLong(),
                line.get("refundedMinor").asLong(),
                line.get("refundPendingMinor").asLong(),
                line.get("noShows").asLong()
              })
          .containsExactly(f);
    }
    assertThat(csv.status()).isEqualTo(200);
    assertThat(csv.contentType()).startsWith("text/csv");
    String[] rows = csv.body().split("\r\n");
    assertThat(rows[0])
        .isEqualTo(
            "date,venueId,resourceId,currency,bookings,paidMinor,refundedMinor,refundPendingMinor,noShows,"
                + "disputedMinor");
    assertThat(rows).hasSize(4);
    assertThat(rows[3])
        .isEqualTo(
            String.join(
                ",",
                "2026-12-01",
                venue,
                "TOTAL",
                "CNY",
                Long.toString(total[0]),
                Long.toString(total[1]),
                Long.toString(total[2]),
                Long.toString(total[3]),
                Long.toString(total[4]),
                "0")); // no dispute in this story
  }

  @Test
  void aDayWithoutBookingsIsAllZeroesAndTheReportNeedsFinanceOrAdmin() {
    String venue = api.venue("Asia/Shanghai", "{}");

    Reply empty = report(venue, "2026-12-24", null);
    Reply asDesk =
        api.send(
            "GET /reports/daily",
            e -> e.as("desk-1", FRONTDESK).query("venueId", venue).query("date", "2026-12-24"));
    Reply asAdmin =
        api.send(
            "GET /reports/daily",
            e -> e.as("admin-1", ADMIN).query("venueId", venue).query("date", "2026-12-24"));
    Reply badDate = report(venue, "24.12.2026", null);

    assertThat(empty.json().get("bookings").asInt()).isZero();
    assertThat(empty.json().get("paidMinor").asLong()).isZero();
    assertThat(empty.json().get("byResource")).isEmpty();
    assertThat(asDesk.status()).isEqualTo(403);
    assertThat(asAdmin.status()).isEqualTo(200);
    assertThat(badDate.status()).isEqualTo(422);
  }
}
