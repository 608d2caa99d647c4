package fairslot.handler;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Reconcile finds a deliberately broken seat counter with its parts, and repairs it only when
 * asked, audited.
 */
class ReconcileIT {
  private final ApiDriver api = new ApiDriver("reconcile");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply reconcile(String body) {
    return api.send("POST /admin/reconcile", e -> e.as("admin-1", ADMIN).body(body));
  }

  private void breakCounter(String slotId, int remaining) {
    fairslot.testing.Tamper.setRemaining(api.table, slotId, remaining);
  }

  @Test
  void anInjectedDeviationIsReportedWithItsPartsAndAnExplicitRepairFixesItWithAnAuditRecord() {
    String slotId = api.openSlot("SEATS", 5, 4000);
    api.book("u1", slotId, 2);
    api.paidBooking("u2", slotId);
    breakCounter(slotId, 4); // truth: 5 - 3 held = 2

    Reply found = reconcile("{\"slotId\":\"" + slotId + "\"}");
    int stillBroken = api.remaining(slotId);
    Reply repaired = reconcile("{\"slotId\":\"" + slotId + "\",\"repair\":true}");
    Reply clean = reconcile("{\"slotId\":\"" + slotId + "\"}");

    assertThat(found.json().get("checked").asInt()).isEqualTo(1);
    JsonNode d = found.json().get("deviations").get(0);
    assertThat(d.get("slotId").asText()).isEqualTo(slotId);
    assertThat(d.get("capacity").asInt()).isEqualTo(5);
    assertThat(d.get("remaining").asInt()).isEqualTo(4);
    assertThat(d.get("held").asInt()).isEqualTo(3);
    assertThat(d.get("offered").asInt()).isZero();
    assertThat(d.get("repaired").asBoolean()).isFalse();
    assertThat(stillBroken).as("a check alone changes nothing").isEqualTo(4);
    assertThat(repaired.json().get("deviations").get(0).get("repaired").asBoolean()).isTrue();
    assertThat(api.remaining(slotId)).isEqualTo(2);
    assertThat(clean.json().get("deviations")).isEmpty();
    JsonNode audit =
        api.send("GET /audit", e -> e.as("admin-1", ADMIN).query("slotId", slotId))
            .json()
            .get("items");
    List<JsonNode> repairs = new ArrayList<>();
    audit.forEach(
        a -> {
          if (a.get("reason").asText().startsWith("reconcile repair")) {
            repairs.add(a);
          }
        });
    assertThat(repairs).hasSize(1);
    assertThat(repairs.get(0).get("actor").asText()).isEqualTo("admin-1");
    assertThat(repairs.get(0).get("from").asText()).isEqualTo("remaining=4");
    assertThat(repairs.get(0).get("to").asText()).isEqualTo("remaining=2");
  }

  @Test
  void anOpenWaitlistOfferCountsAsHeldSeatsInTheCheck() {
    String slotId = api.openSlot("SEATS", 1, 4000);
    String booking = api.book("u1", slotId, 1).text("bookingId");
    api.send("POST /slots/{slotId}/waitlist", e -> e.as("w1", CUSTOMER).path("slotId", slotId));
    api.cancel("u1", booking);
    api.deliverSeatReleased(); // w1 now holds the seat as an offer: remaining 0, held 0, offered 1

    Reply balanced = reconcile("{\"slotId\":\"" + slotId + "\"}");
    breakCounter(slotId, 1);
    Reply broken = reconcile("{\"slotId\":\"" + slotId + "\",\"repair\":true}");

    assertThat(balanced.json().get("deviations")).isEmpty();
    JsonNode d = broken.json().get("deviations").get(0);
    assertThat(d.get("offered").asInt()).isEqualTo(1);
    assertThat(d.get("held").asInt()).isZero();
    assertThat(d.get("expectedRemaining").asInt()).isZero();
    assertThat(api.remaining(slotId)).isZero();
  }

  @Test
  void everySlotIsCheckedPageByPageByTheAdminRouteAndByTheDailyJob() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String hall = api.resource(venue, "SEATS", 8);
    Reply generated =
        api.send(
            "POST /slots:generate",
            e ->
                e.as("admin-1", ADMIN)
                    .body(
                        "{\"resourceId\":\""
                            + hall
                            + "\",\"from\":\"2026-12-02\",\"to\":\"2027-02-09\",\"weekly\":["
                            + "{\"dayOfWeek\":\"MON\",\"start\":\"09:00\",\"end\":\"10:00\"},{\"dayOfWeek\":\"TUE\",\"start\":\"09:00\",\"end\":\"10:00\"},"
                            + "{\"dayOfWeek\":\"WED\",\"start\":\"09:00\",\"end\":\"10:00\"},{\"dayOfWeek\":\"THU\",\"start\":\"09:00\",\"end\":\"10:00\"},"
                            + "{\"dayOfWeek\":\"FRI\",\"start\":\"09:00\",\"end\":\"10:00\"},{\"dayOfWeek\":\"SAT\",\"start\":\"09:00\",\"end\":\"10:00\"},"
                            + "{\"dayOfWeek\":\"SUN\",\"start\":\"09:00\",\"end\":\"10:00\"}],\"priceMinor\":100,\"currency\":\"CNY\"}"));
    List<String> slotIds = new ArrayList<>();
    generated.json().get("slotIds").forEach(id -> slotIds.add(id.asText()));
    assertThat(slotIds).hasSize(70);
    api.book("u1", slotIds.get(3), 2);
    breakCounter(slotIds.get(10), 3);
    breakCounter(slotIds.get(60), 7);

    Set<String> seen = new HashSet<>();
    int checked = 0;
    int pages = 0;
    String cursor = null;
    do {
      String body =
          cursor == null ? "{\"limit\":16}" : "{\"limit\":16,\"cursor\":\"" + cursor + "\"}";
      Reply page = reconcile(body);
      checked += page.json().get("checked").asInt();
      page.json().get("deviations").forEach(d -> seen.add(d.get("slotId").asText()));
      cursor = page.text("nextCursor");
      pages++;
    } while (cursor != null);
    Map<String, Object> job = new ScheduledJobHandler(api.wiring).run("reconcile");

    // The class shares one table: every slot in it, this test's 70 and the other tests' few.
    int slotsInTable = SeatLedger.count(Aws.dynamo(), api.table).size();
    assertThat(slotsInTable).isGreaterThanOrEqualTo(70);
    assertThat(checked).isEqualTo(slotsInTable);
    assertThat(pages).isGreaterThanOrEqualTo(5);
    assertThat(seen).containsExactlyInAnyOrder(slotIds.get(10), slotIds.get(60));
    assertThat(job)
        .containsEntry("job", "reconcile")
        .containsEntry("due", slotsInTable)
        .containsEntry("changed", 2);
    assertThat(api.remaining(slotIds.get(10))).as("the job never repairs").isEqualTo(3);
    reconcile("{\"slotId\":\"" + slotIds.get(10) + "\",\"repair\":true}");
    reconcile("{\"slotId\":\"" + slotIds.get(60) + "\",\"repair\":true}");
  }

  @Test
  void reconcileIsForAdminsOnlyAndABadCursorOrLimitIsABadRequest() {
    Reply asFinance =
        api.send("POST /admin/reconcile", e -> e.as("fin-1", List.of("finance")).body("{}"));
    Reply badCursor = reconcile("{\"cursor\":\"!!\"}");
    Reply badLimit = reconcile("{\"limit\":0}");
    Reply unknown = reconcile("{\"slotId\":\"no-such-slot\"}");

    assertThat(asFinance.status()).isEqualTo(403);
    assertThat(badCursor.status()).isEqualTo(422);
    assertThat(badLimit.status()).isEqualTo(422);
    assertThat(unknown.status()).isEqualTo(404);
  }
}
