package fairslot.handler.integration;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.handler.ScheduledJobHandler;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Contacts;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A member's data rights (API.md v1.2 "Data rights") through the HTTP handler and the erase-members
 * job on the emulator: the export holds every kind of record written for the member, and after
 * erasure their name, e-mail and phone are in no item of the table (scanned whole), while the daily
 * report's figures, made from the same bookings, are unchanged.
 */
class DataRightsIT {
  private static final List<String> FINANCE = List.of("finance");
  private final ApiDriver api = new ApiDriver("rights");
  private final String suffix = String.valueOf(100 + new Random().nextInt(900));
  private final String phone = "+8613900139" + suffix;
  private final String email = "zhou" + suffix + "@example.com";
  private final String name = "Zhou Erasable" + suffix;
  private final String walkInName = "Walkin Zhou" + suffix;

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table); // seats and member counters
  }

  private Reply desk(String action, String bookingId) {
    return api.send(
        "POST /staff/bookings/{bookingId}/" + action,
        e -> e.as("desk-1", FRONTDESK).path("bookingId", bookingId));
  }

  private Reply export(String user) {
    Reply r = api.send("GET /me/export", e -> e.as(user, CUSTOMER));
    ApiDriver.expect(r, 200);
    return r;
  }

  private Reply erase(String user) {
    return api.send("POST /me/erase", e -> e.as(user, CUSTOMER));
  }

  private Reply report(String venueId, LocalDate date) {
    Reply r =
        api.send(
            "GET /reports/daily",
            e -> e.as("fin-1", FINANCE).query("venueId", venueId).query("date", date.toString()));
    ApiDriver.expect(r, 200);
    return r;
  }

  private void run(String job) {
    new ScheduledJobHandler(api.wiring).run(job);
  }

  private static List<String> field(JsonNode records, String name) {
    List<String> out = new ArrayList<>();
    records.forEach(r -> out.add(r.path(name).asText()));
    return out;
  }

  /** Every string in the table (keys and values, nested too) that contains one of {@code words}. */
  private List<String> itemsMentioning(Set<String> words) {
    List<String> found = new ArrayList<>();
    for (Map<String, AttributeValue> item :
        Aws.dynamo().scanPaginator(r -> r.tableName(api.table).consistentRead(true)).items()) {
      String text = item.toString();
      for (String word : words) {
        if (text.contains(word)) {
          found.add(word + " in " + item.get("PK").s() + " / " + item.get("SK").s());
        }
      }
    }
    return found;
  }

  @Test
  void theExportHoldsEveryKindAndAfterErasureNoItemNamesTheMemberWhileTheReportStands() {
    String m = "rights-m" + suffix;
    String venue =
        api.venue(
            "Asia/Shanghai",
            "{\"holdDuration\":\"PT1H\",\"noShowPolicy\":{\"strikes\":2,\"window\":\"P30D\","
                + "\"suspension\":\"P14D\"}}");
    String courts = api.resource(venue, "SEATS", 10);
    String single = api.resource(venue, "SEATS", 1);
    String morning = api.slot(courts, Duration.ofHours(1), Duration.ofHours(1), 5000);
    String noon = api.slot(courts, Duration.ofHours(3), Duration.ofHours(1), 3000);
    String evening = api.slot(courts, Duration.ofHours(10), Duration.ofHours(1), 2000);
    String tight = api.slot(single, Duration.ofHours(5), Duration.ofHours(1), 1000);
    // a walk-in with the member's phone, linked when the member proves it
    Reply walkIn =
        api.send(
            "POST /staff/bookings",
            e ->
                e.as("desk-1", FRONTDESK)
                    .body(
                        "{\"slotId\":\""
                            + evening
                            + "\",\"quantity\":1,\"customer\":{\"phone\":\""
                            + phone
                            + "\",\"name\":\""
                            + walkInName
                            + "\"}}"));
    ApiDriver.expect(walkIn, 201);
    Contacts.verifiedProfile(
        api,
        m,
        "{\"name\":\""
            + name
            + "\",\"email\":\""
            + email
            + "\",\"phone\":\""
            + phone
            + "\",\"channels\":[\"EMAIL\",\"SMS\"]}",
        email,
        phone);
    String openId = "oWx" + suffix + "openid";
    new fairslot.member.store.DynamoDbWechatIdentityStore(Aws.dynamo(), api.table)
        .link(m, openId, api.clock.instant());
    String attended = api.paidBooking(m, morning);
    ApiDriver.expect(desk("check-in", attended), 200);
    String noShow = api.paidBooking(m, noon);
    String refunded = api.book(m, tight, 1).text("bookingId");
    String refundedPayment = api.pay(m, refunded).text("paymentNo");
    api.provider.report(refundedPayment, "SUCCEEDED");
    ApiDriver.expect(desk("refund", refunded), 200);
    api.provider.report(refundedPayment, "REFUNDED");
    String expired = api.book(m, evening, 1).text("bookingId");
    // a hold bought with a coupon, left to lapse: the member's count of its redemptions is theirs
    String later = api.slot(courts, Duration.ofHours(12), Duration.ofHours(1), 4000);
    ApiDriver.expect(
        api.send(
            "POST /venues/{venueId}/coupons",
            e ->
                e.as("admin-1", ADMIN)
                    .path("venueId", venue)
                    .body(
                        "{\"code\":\"RIGHTS\",\"percentOff\":10,\"maxRedemptions\":5,"
                            + "\"perMember\":1,\"validFrom\":\"2020-01-01T00:00:00Z\","
                            + "\"validTo\":\"2099-01-01T00:00:00Z\"}")),
        201);
    Reply couponed =
        api.send(
            "POST /bookings",
            e ->
                e.as(m, CUSTOMER)
                    .body(
                        "{\"slotId\":\"" + later + "\",\"quantity\":1,\"couponCode\":\"rights\"}"));
    ApiDriver.expect(couponed, 201);
    String other = api.paidBooking("someone-else", tight);
    ApiDriver.expect(
        api.send("POST /slots/{slotId}/waitlist", e -> e.as(m, CUSTOMER).path("slotId", tight)),
        201);
    ApiDriver.expect(
        api.send(
            "DELETE /slots/{slotId}/waitlist/me", e -> e.as(m, CUSTOMER).path("slotId", tight)),
        204);
    Reply plan =
        api.send(
            "POST /venues/{venueId}/plans",
            e ->
                e.as("admin-1", ADMIN)
                    .path("venueId", venue)
                    .body(
                        "{\"name\":\"Ten\",\"kind\":\"PACK\",\"credits\":10,\"validity\":\"P30D\","
                            + "\"priceMinor\":30000,\"currency\":\"CNY\"}"));
    ApiDriver.expect(plan, 201);
    Reply pass =
        api.send(
            "POST /me/passes",
            e ->
                e.as(m, CUSTOMER)
                    .header("Idempotency-Key", "pass-" + suffix)
                    .body("{\"planId\":\"" + plan.text("planId") + "\"}"));
    ApiDriver.expect(pass, 201);
    // a request through queued admission, granted, then cancelled
    String queued = api.openSlot("SEATS", 5, 0);
    ApiDriver.expect(
        api.send(
            "POST /slots/{slotId}/admission",
            e ->
                e.as("desk-1", FRONTDESK)
                    .path("slotId", queued)
                    .body("{\"admission\":\"QUEUED\"}")),
        200);
    Reply request = api.book(m, queued, 1);
    ApiDriver.expect(request, 202);
    api.bookingPoller.drain();
    String granted =
        api.send(
                "GET /booking-requests/{requestId}",
                e -> e.as(m, CUSTOMER).path("requestId", request.text("requestId")))
            .text("bookingId");
    ApiDriver.expect(api.cancel(m, granted), 200);
    api.clock.advance(Duration.ofHours(6));
    run("sweep-holds"); // the evening hold lapses
    run("no-shows"); // noon was not attended: a strike
    run("send-notifications");
    LocalDate day =
        LocalDate.ofInstant(ApiDriver.START.plus(Duration.ofHours(1)), ZoneId.of("Asia/Shanghai"));
    String reportBefore = report(venue, day).body();

    JsonNode data = export(m).json();

    // the member's own, and the walk-in's their proved phone linked
    assertThat(field(data.get("bookings"), "bookingId"))
        .containsExactlyInAnyOrder(
            attended,
            noShow,
            refunded,
            expired,
            granted,
            walkIn.text("bookingId"),
            couponed.text("bookingId"));
    assertThat(field(data.get("bookingRequests"), "requestId"))
        .containsExactly(request.text("requestId"));
    assertThat(field(data.get("bookingRequests"), "status")).containsExactly("GRANTED");
    assertThat(field(data.get("bookings"), "status"))
        .contains("COMPLETED", "NO_SHOW", "REFUNDED", "EXPIRED");
    assertThat(field(data.get("payments"), "bookingId")).contains(attended, noShow, refunded);
    assertThat(field(data.get("passes"), "passId")).containsExactly(pass.text("passId"));
    assertThat(field(data.get("waitlistEntries"), "status")).containsExactly("LEFT");
    assertThat(field(data.get("notifications"), "address")).contains(email);
    assertThat(field(data.get("member"), "type"))
        .contains("MEMBER_PROFILE", "STANDING", "UPCOMING", "CALENDAR", "CODE_SENDS", "COUPON_USE");
    assertThat(field(data.get("member"), "name")).contains(name, walkInName);
    assertThat(field(data.get("member"), "type")).contains("PHONE_ACCOUNT", "PROFILE");
    assertThat(field(data.get("member"), "openId")).contains(openId);
    String text = data.toString();
    assertThat(text).doesNotContain("\"salt\"", "\"hash\"", "\"PK\"", "\"SK\"");

    Set<String> personal = Set.of(name, walkInName, email, phone, phone.substring(3), openId);
    List<String> before = itemsMentioning(personal);
    Reply asked = erase(m);
    Reply askedAgain = erase(m);
    run("erase-members");

    assertThat(asked.status()).isEqualTo(202);
    assertThat(asked.text("status")).isEqualTo("REQUESTED");
    assertThat(askedAgain.text("requestedAt")).isEqualTo(asked.text("requestedAt"));
    // the scan finds each before (profile, walk-in, codes' counters, messages), none after
    assertThat(before).anyMatch(f -> f.startsWith(name + " in MEMBER#"));
    assertThat(before).anyMatch(f -> f.startsWith(walkInName + " in PHONE#"));
    assertThat(before).anyMatch(f -> f.startsWith(email + " in CONTACT#"));
    assertThat(before).anyMatch(f -> f.startsWith(phone + " in PHONE#"));
    assertThat(before).anyMatch(f -> f.startsWith(openId + " in MEMBER#"));
    assertThat(itemsMentioning(personal)).isEmpty();
    assertThat(report(venue, day).body()).isEqualTo(reportBefore);
    JsonNode after = export(m).json();
    assertThat(after.get("erasure").get("status").asText()).isEqualTo("ERASED");
    for (String kind :
        List.of(
            "bookings",
            "bookingRequests",
            "payments",
            "passes",
            "waitlistEntries",
            "notifications",
            "member")) {
      assertThat(after.get(kind)).as(kind).isEmpty();
    }
    Reply mine = api.send("GET /me/bookings", e -> e.as(m, CUSTOMER));
    assertThat(mine.json().get("items")).isEmpty();
    // the bookings stay, amounts and dates kept, under one pseudonym
    assertThat(api.booking("someone-else", other).status()).isEqualTo(200);
    assertThat(pseudonymsOf(Set.of(attended, noShow, refunded, expired, granted)))
        .singleElement()
        .satisfies(p -> assertThat(p).startsWith("erased-"));
    // the no-show's strike stays, with the pseudonymous member (API.md v1.3)
    String pseudonym = pseudonymsOf(Set.of(noShow)).iterator().next();
    Map<String, AttributeValue> standing = item("MEMBER#" + pseudonym, "STANDING#" + venue);
    assertThat(standing.get("strikes").l()).hasSize(1);
    assertThat(standing.get("userId").s()).isEqualTo(pseudonym);
    assertThat(item("MEMBER#" + m, "STANDING#" + venue)).isEmpty();
  }

  @Test
  void aPaymentForABookingGivenAwayStaysThePayersInTheirExportAndErasure() {
    String payer = "rights-payer" + suffix;
    String venue = api.venue("Asia/Shanghai", "{}");
    String courts = api.resource(venue, "SEATS", 5);
    String slot = api.slot(courts, Duration.ofHours(1), Duration.ofHours(1), 4000);
    String booking = api.paidBooking(payer, slot);
    ApiDriver.expect(
        api.send("PUT /me/profile", e -> e.as("rights-to", CUSTOMER).body("{\"name\":\"T\"}")),
        200);
    ApiDriver.expect(
        api.send(
            "POST /bookings/{bookingId}/transfer",
            e ->
                e.as(payer, CUSTOMER)
                    .path("bookingId", booking)
                    .body("{\"toUserId\":\"rights-to\"}")),
        200);

    JsonNode paid = export(payer).json().get("payments");
    assertThat(field(paid, "bookingId")).containsExactly(booking);
    assertThat(field(paid, "userId")).containsExactly(payer);
    assertThat(export("rights-to").json().get("payments")).isEmpty();
    String paymentNo = paid.get(0).get("paymentNo").asText();

    ApiDriver.expect(erase(payer), 202);
    run("erase-members"); // the booking is live (the recipient's): the payment waits for it
    assertThat(item("PAYMENT#" + paymentNo, "PAYMENT").get("userId").s()).isEqualTo(payer);
    ApiDriver.expect(desk("check-in", booking), 200);
    api.clock.advance(Duration.ofHours(1));
    run("erase-members");

    assertThat(export(payer).json().get("erasure").get("status").asText()).isEqualTo("ERASED");
    assertThat(item("PAYMENT#" + paymentNo, "PAYMENT").get("userId").s()).startsWith("erased-");
    assertThat(item("MEMBER#" + payer, "PAID#" + paymentNo)).isEmpty();
    assertThat(api.booking("rights-to", booking).text("status")).isEqualTo("COMPLETED");
  }

  /** One item by its keys, read consistently; empty if there is none. */
  @Test
  void aWalletHoldingMoneyKeepsItsMemberUntilClosedThenMovesWholeToThePseudonym() {
    String m = "rights-wallet" + suffix;
    String venue = api.venue("Asia/Shanghai", "{}");
    Reply plan =
        api.send(
            "POST /venues/{venueId}/wallet-plans",
            e ->
                e.as("admin-1", ADMIN)
                    .path("venueId", venue)
                    .body(
                        "{\"name\":\"Top\",\"payMinor\":10000,\"bonusMinor\":1000,"
                            + "\"currency\":\"CNY\"}"));
    ApiDriver.expect(plan, 201);
    Reply bought =
        api.send(
            "POST /wallet-plans/{planId}/buy",
            e -> e.as(m, CUSTOMER).path("planId", plan.text("planId")).body("{}"));
    ApiDriver.expect(bought, 201);
    String topUpPayment = bought.json().path("payment").path("paymentNo").asText();
    api.provider.report(topUpPayment, "SUCCEEDED");
    JsonNode data = export(m).json();
    assertThat(field(data.get("wallets"), "type"))
        .containsExactlyInAnyOrder("TOP_UP", "WALLET_ENTRY", "WALLET");
    assertThat(field(data.get("payments"), "paymentNo")).contains(topUpPayment);

    ApiDriver.expect(erase(m), 202);
    run("erase-members");
    assertThat(export(m).json().get("erasure").get("status").asText()).isEqualTo("REQUESTED");
    assertThat(export(m).json().get("wallets")).hasSize(3); // the venue still owes the member

    Reply closed =
        api.send("POST /me/wallets/{venueId}/close", e -> e.as(m, CUSTOMER).path("venueId", venue));
    ApiDriver.expect(closed, 200);
    closed
        .json()
        .path("refunds")
        .forEach(r -> api.provider.reportRefund(r.path("refundNo").asText(), "REFUNDED"));
    api.clock.advance(Duration.ofHours(2)); // the erasure's next run
    run("erase-members");

    JsonNode after = export(m).json();
    assertThat(after.get("erasure").get("status").asText()).isEqualTo("ERASED");
    assertThat(after.get("wallets")).isEmpty();
    assertThat(after.get("payments")).isEmpty();
    // the member's id stays only on their erasure record and on the audit lines of their partition,
    // as for passes; no wallet, entry, top-up or payment names them
    assertThat(itemsMentioning(Set.of(m)))
        .allSatisfy(f -> assertThat(f).matches(".* / (ERASURE|AUDIT#.*)"));
    // under the pseudonym, whole: the wallet at 0 and its ledger adding up to it
    List<Map<String, AttributeValue>> moved = new ArrayList<>();
    Aws.dynamo()
        .scanPaginator(r -> r.tableName(api.table).consistentRead(true))
        .items()
        .forEach(
            i -> {
              if (i.containsKey("type")
                  && Set.of("WALLET", "WALLET_ENTRY", "TOP_UP").contains(i.get("type").s())
                  && i.containsKey("venueId")
                  && venue.equals(i.get("venueId").s())) {
                moved.add(i);
              }
            });
    assertThat(moved).hasSize(4).allSatisfy(i -> assertThat(i.get("PK").s()).contains("erased-"));
    long sum =
        moved.stream()
            .filter(i -> i.get("type").s().equals("WALLET_ENTRY"))
            .mapToLong(
                i ->
                    Long.parseLong(i.get("principalDeltaMinor").n())
                        + Long.parseLong(i.get("bonusDeltaMinor").n()))
            .sum();
    assertThat(sum).isZero();
  }

  @Test
  void aRunningMembershipKeepsItsMemberUntilItEndsThenMovesToThePseudonymWithItsPayment() {
    String m = "rights-club" + suffix;
    String venue = api.venue("Asia/Shanghai", "{}");
    Reply plan =
        api.send(
            "POST /venues/{venueId}/membership-plans",
            e ->
                e.as("admin-1", ADMIN)
                    .path("venueId", venue)
                    .body(
                        "{\"name\":\"Monthly\",\"priceMinor\":30000,\"currency\":\"CNY\","
                            + "\"period\":\"P1M\"}"));
    ApiDriver.expect(plan, 201);
    Reply subscribed =
        api.send(
            "POST /membership-plans/{planId}/subscribe",
            e -> e.as(m, CUSTOMER).path("planId", plan.text("planId")).body("{}"));
    ApiDriver.expect(subscribed, 201);
    String paymentNo = subscribed.json().path("payment").path("paymentNo").asText();
    String membershipId = subscribed.text("membershipId");
    api.provider.report(paymentNo, "SUCCEEDED");
    JsonNode data = export(m).json();
    assertThat(field(data.get("memberships"), "status")).containsExactly("ACTIVE");
    assertThat(field(data.get("payments"), "paymentNo")).contains(paymentNo);

    ApiDriver.expect(erase(m), 202);
    run("erase-members");
    assertThat(export(m).json().get("erasure").get("status").asText()).isEqualTo("REQUESTED");
    assertThat(export(m).json().get("memberships")).hasSize(1); // it runs to its period's end

    ApiDriver.expect(
        api.send(
            "POST /me/memberships/{membershipId}/cancel",
            e -> e.as(m, CUSTOMER).path("membershipId", membershipId)),
        200);
    api.clock.advance(Duration.ofDays(32));
    run("renew-memberships");
    run("erase-members");

    JsonNode after = export(m).json();
    assertThat(after.get("erasure").get("status").asText()).isEqualTo("ERASED");
    assertThat(after.get("memberships")).isEmpty();
    assertThat(after.get("payments")).isEmpty();
    assertThat(itemsMentioning(Set.of(m)))
        .allSatisfy(f -> assertThat(f).matches(".* / (ERASURE|AUDIT#.*)"));
    assertThat(item("PAYMENT#" + paymentNo, "PAYMENT").get("userId").s()).startsWith("erased-");
  }

  private Map<String, AttributeValue> item(String pk, String sk) {
    Map<String, AttributeValue> found =
        Aws.dynamo()
            .getItem(
                r ->
                    r.tableName(api.table)
                        .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk)))
                        .consistentRead(true))
            .item();
    return found == null ? Map.of() : found;
  }

  @Test
  void aLiveBookingKeepsTheMemberUntilItEndsWhileTheirPersonalDataGoesAtOnce() {
    String m = "rights-live" + suffix;
    String slot = api.openSlot("SEATS", 5, 0);
    Contacts.verifiedProfile(
        api,
        m,
        "{\"name\":\"" + name + "\",\"email\":\"" + email + "\",\"channels\":[\"EMAIL\"]}",
        email,
        null);
    String booking = api.book(m, slot, 1).text("bookingId");

    ApiDriver.expect(erase(m), 202);
    run("erase-members");

    assertThat(itemsMentioning(Set.of(name, email))).isEmpty();
    assertThat(export(m).json().get("erasure").get("status").asText()).isEqualTo("REQUESTED");
    assertThat(api.booking(m, booking).status()).isEqualTo(200); // still theirs, to cancel
    ApiDriver.expect(api.cancel(m, booking), 200);
    run("erase-members"); // not due yet: the job comes back an hour later
    assertThat(export(m).json().get("bookings")).hasSize(1);
    api.clock.advance(Duration.ofHours(1));
    run("erase-members");

    JsonNode after = export(m).json();
    assertThat(after.get("erasure").get("status").asText()).isEqualTo("ERASED");
    assertThat(after.get("bookings")).isEmpty();
    assertThat(pseudonymsOf(Set.of(booking)))
        .singleElement()
        .satisfies(p -> assertThat(p).startsWith("erased-"));
  }

  private Set<String> pseudonymsOf(Set<String> bookingIds) {
    Set<String> owners = new java.util.HashSet<>();
    for (String id : bookingIds) {
      Map<String, AttributeValue> item =
          Aws.dynamo()
              .getItem(
                  r ->
                      r.tableName(api.table)
                          .key(
                              Map.of(
                                  "PK",
                                  AttributeValue.fromS("BOOKING#" + id),
                                  "SK",
                                  AttributeValue.fromS("BOOKING")))
                          .consistentRead(true))
              .item();
      assertThat(item.get("amountMinor")).as(id).isNotNull();
      owners.add(item.get("userId").s());
    }
    return owners;
  }
}
