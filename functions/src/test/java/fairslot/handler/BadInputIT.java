package fairslot.handler;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Events;
import fairslot.testing.SeatLedger;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad input gets the right 4xx problem with a code, never a 5xx, and writes nothing. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BadInputIT {
  private final ApiDriver api = new ApiDriver("bad");
  private String slotId;
  private String resourceId;
  private String venueId;

  @BeforeAll
  void oneOpenSlot() {
    slotId = api.openSlot("SEATS", 10, 5000);
    resourceId = api.slot(slotId).text("resourceId");
    venueId = api.slot(slotId).text("venueId");
  }

  record Case(
      String name, String routeKey, Consumer<Events.Builder> request, int status, String code) {
    @Override
    public String toString() {
      return name;
    }
  }

  /** A coupon at the test's venue, created by an admin, with {@code off} as its discount. */
  private Case coupon(String name, String off) {
    return new Case(
        name,
        "POST /venues/{venueId}/coupons",
        e ->
            e.as("a", ADMIN)
                .path("venueId", venueId)
                .body(
                    "{\"code\":\"BADTERMS\","
                        + off
                        + ",\"maxRedemptions\":5,\"perMember\":1,"
                        + "\"validFrom\":\"2026-12-01T00:00:00+08:00\","
                        + "\"validTo\":\"2027-01-01T00:00:00+08:00\"}"),
        422,
        "invalid_request");
  }

  /** A wallet plan at the test's venue, created by an admin (v1.3 "One ledger"). */
  private Case walletPlan(String name, String body) {
    return new Case(
        name,
        "POST /venues/{venueId}/wallet-plans",
        e -> e.as("a", ADMIN).path("venueId", venueId).body(body),
        422,
        "invalid_request");
  }

  /** A membership plan at the test's venue, created by an admin (v1.3 "Memberships"). */
  private Case membershipPlan(String name, String body) {
    return new Case(
        name,
        "POST /venues/{venueId}/membership-plans",
        e -> e.as("a", ADMIN).path("venueId", venueId).body(body),
        422,
        "invalid_request");
  }

  Stream<Arguments> cases() {
    String big = "{\"slotId\":\"" + "x".repeat(100 * 1024) + "\",\"quantity\":1}";
    return Stream.of(
            booking("malformed JSON", "{\"slotId\": ", 400, "invalid_request"),
            booking("body is an array", "[1,2]", 400, "invalid_request"),
            booking(
                "trailing garbage",
                "{\"slotId\":\"" + slotId + "\",\"quantity\":1} {}",
                400,
                "invalid_request"),
            booking(
                "duplicate key",
                "{\"slotId\":\"a\",\"slotId\":\"b\",\"quantity\":1}",
                400,
                "invalid_request"),
            booking("empty body", "", 400, "invalid_request"),
            booking(
                "quantity is a string",
                "{\"slotId\":\"" + slotId + "\",\"quantity\":\"2\"}",
                422,
                "invalid_request"),
            booking(
                "quantity is a fraction",
                "{\"slotId\":\"" + slotId + "\",\"quantity\":1.5}",
                422,
                "invalid_request"),
            booking("slotId is a number", "{\"slotId\":42,\"quantity\":1}", 422, "invalid_request"),
            booking("slotId missing", "{\"quantity\":1}", 422, "invalid_request"),
            booking("quantity missing", "{\"slotId\":\"" + slotId + "\"}", 422, "invalid_request"),
            booking(
                "quantity zero",
                "{\"slotId\":\"" + slotId + "\",\"quantity\":0}",
                422,
                "invalid_request"),
            booking(
                "quantity negative",
                "{\"slotId\":\"" + slotId + "\",\"quantity\":-1}",
                422,
                "invalid_request"),
            booking(
                "quantity above maxPerBooking",
                "{\"slotId\":\"" + slotId + "\",\"quantity\":5}",
                422,
                "invalid_request"),
            booking(
                "quantity huge",
                "{\"slotId\":\"" + slotId + "\",\"quantity\":99999999999999}",
                422,
                "invalid_request"),
            booking(
                "unknown slot", "{\"slotId\":\"no-such-slot\",\"quantity\":1}", 404, "not_found"),
            // v1.2 slotIds: a booking of several slots
            several(
                "slotIds is a string",
                "{\"slotIds\":\"s1\",\"quantity\":1}",
                422,
                "invalid_request"),
            several(
                "slotIds holds numbers",
                "{\"slotIds\":[1,2],\"quantity\":1}",
                422,
                "invalid_request"),
            several(
                "slotIds nested",
                "{\"slotIds\":[[\"s1\"]],\"quantity\":1}",
                422,
                "invalid_request"),
            several("slotIds empty", "{\"slotIds\":[],\"quantity\":1}", 422, "invalid_request"),
            several(
                "slotIds with slotId",
                "{\"slotIds\":[\"" + slotId + "\"],\"slotId\":\"" + slotId + "\",\"quantity\":1}",
                422,
                "invalid_request"),
            several(
                "slotIds of 13",
                "{\"slotIds\":[\"s-0\",\"s-1\",\"s-2\",\"s-3\",\"s-4\",\"s-5\",\"s-6\",\"s-7\",\"s-8\",\"s-9\",\"s-10\",\"s-11\",\"s-12\"],\"quantity\":1}",
                422,
                "too_many_slots"),
            several(
                "slotIds of 101",
                "{\"slotIds\":"
                    + java.util.stream.IntStream.range(0, 101)
                        .mapToObj(i -> "\"s" + i + "\"")
                        .collect(java.util.stream.Collectors.joining(",", "[", "]"))
                    + ",\"quantity\":1}",
                422,
                "invalid_request"),
            several(
                "slotIds repeated",
                "{\"slotIds\":[\"" + slotId + "\",\"" + slotId + "\"],\"quantity\":1}",
                422,
                "slot_repeated"),
            several(
                "slotIds unknown",
                "{\"slotIds\":[\"" + slotId + "\",\"no-such-slot\"],\"quantity\":1}",
                404,
                "not_found"),
            several(
                "slotIds with joinWaitlist",
                "{\"slotIds\":[\""
                    + slotId
                    + "\",\"no-such-slot\"],\"quantity\":1,\"joinWaitlist\":true}",
                422,
                "invalid_request"),
            booking("100 KiB body", big, 413, "payload_too_large"),
            new Case(
                "no token",
                "POST /bookings",
                e -> e.body("{\"slotId\":\"" + slotId + "\",\"quantity\":1}"),
                401,
                "unauthorized"),
            new Case(
                "Idempotency-Key too long",
                "POST /bookings",
                e ->
                    e.as("u1", CUSTOMER)
                        .header("Idempotency-Key", "k".repeat(65))
                        .body("{\"slotId\":\"" + slotId + "\",\"quantity\":1}"),
                422,
                "invalid_request"),
            new Case(
                "unknown route", "DELETE /everything", e -> e.as("u1", CUSTOMER), 404, "not_found"),
            new Case(
                "unknown booking",
                "GET /bookings/{bookingId}",
                e -> e.as("u1", CUSTOMER).path("bookingId", "nope"),
                404,
                "not_found"),
            new Case(
                "cancel unknown booking",
                "POST /bookings/{bookingId}/cancel",
                e -> e.as("u1", CUSTOMER).path("bookingId", "nope"),
                404,
                "not_found"),
            new Case(
                "a WeChat phone without its code",
                "POST /me/phone/wechat",
                e -> e.as("u1", CUSTOMER).body("{}"),
                422,
                "invalid_request"),
            new Case(
                "a WeChat phone code that is a number",
                "POST /me/phone/wechat",
                e -> e.as("u1", CUSTOMER).body("{\"code\":12345}"),
                422,
                "invalid_request"),
            new Case(
                "a WeChat phone with a phone of one's own choosing",
                "POST /me/phone/wechat",
                e -> e.as("u1", CUSTOMER).body("{\"code\":\"c\",\"phone\":\"+8613800138000\"}"),
                422,
                "invalid_request"),
            new Case(
                "a WeChat phone where WeChat is not configured",
                "POST /me/phone/wechat",
                e -> e.as("u1", CUSTOMER).body("{\"code\":\"c\"}"),
                409,
                "provider_unavailable"),
            new Case(
                "a WeChat sign-in without its code",
                "POST /auth/wechat",
                e -> e.body("{}"),
                422,
                "invalid_request"),
            new Case(
                "a WeChat sign-in naming the member it wants to be",
                "POST /auth/wechat",
                e -> e.body("{\"code\":\"c\",\"userId\":\"admin\"}"),
                422,
                "invalid_request"),
            new Case(
                "a WeChat sign-in where WeChat is not configured",
                "POST /auth/wechat",
                e -> e.body("{\"code\":\"c\"}"),
                409,
                "provider_unavailable"),
            new Case(
                "a refresh with a token that is a number",
                "POST /auth/refresh",
                e -> e.body("{\"refreshToken\":12}"),
                422,
                "invalid_request"),
            new Case(
                "a refresh with a token fairslot never issued",
                "POST /auth/refresh",
                e -> e.body("{\"refreshToken\":\"fam.0.kid.AAAA\"}"),
                401,
                "invalid_token"),
            new Case(
                "subscribe-message grants that are no list",
                "POST /me/wechat/subscriptions",
                e -> e.as("u1", CUSTOMER).body("{\"grants\":\"accept\"}"),
                422,
                "invalid_request"),
            new Case(
                "a subscribe-message grant that counts its own sends",
                "POST /me/wechat/subscriptions",
                e ->
                    e.as("u1", CUSTOMER)
                        .body(
                            "{\"grants\":[{\"templateId\":\"t\",\"result\":\"accept\",\"sends\":99}]}"),
                422,
                "invalid_request"),
            new Case(
                "a subscribe-message grant of a template that is not the deployment's",
                "POST /me/wechat/subscriptions",
                e ->
                    e.as("u1", CUSTOMER)
                        .body("{\"grants\":[{\"templateId\":\"t\",\"result\":\"accept\"}]}"),
                422,
                "invalid_request"),
            new Case(
                "find venues near a point that is no point",
                "GET /venues",
                e -> e.query("near", "31.2;121.4"),
                422,
                "invalid_request"),
            new Case(
                "find venues near a latitude past the pole",
                "GET /venues",
                e -> e.query("near", "90.5,121.4"),
                422,
                "invalid_request"),
            new Case(
                "find venues with a cursor made by hand",
                "GET /venues",
                e -> e.query("cursor", "bm90IGEgY3Vyc29y"),
                422,
                "invalid_request"),
            new Case(
                "a venue at a latitude past the pole",
                "POST /venues",
                e ->
                    e.as("admin-1", ADMIN)
                        .body("{\"name\":\"Polar\",\"location\":{\"lat\":-90.01,\"lng\":0}}"),
                422,
                "invalid_request"),
            new Case(
                "list slots without venue",
                "GET /slots",
                e -> e.query("date", "2026-12-02"),
                422,
                "invalid_request"),
            new Case(
                "list slots with a bad date",
                "GET /slots",
                e -> e.query("venueId", "v").query("date", "12/02/2026"),
                422,
                "invalid_request"),
            new Case(
                "limit zero",
                "GET /me/bookings",
                e -> e.as("u1", CUSTOMER).query("limit", "0"),
                422,
                "invalid_request"),
            new Case(
                "limit not a number",
                "GET /me/bookings",
                e -> e.as("u1", CUSTOMER).query("limit", "ten"),
                422,
                "invalid_request"),
            new Case(
                "limit above 200",
                "GET /me/bookings",
                e -> e.as("u1", CUSTOMER).query("limit", "201"),
                422,
                "invalid_request"),
            new Case(
                "forged cursor",
                "GET /me/bookings",
                e -> e.as("u1", CUSTOMER).query("cursor", "%%%"),
                422,
                "invalid_request"),
            new Case(
                "unknown status filter",
                "GET /me/bookings",
                e -> e.as("u1", CUSTOMER).query("status", "HAPPY"),
                422,
                "invalid_request"),
            admin(
                "venue with an unknown zone",
                "POST /venues",
                "{\"name\":\"x\",\"timeZone\":\"Mars/Olympus\"}"),
            admin(
                "venue with a bad duration",
                "POST /venues",
                "{\"name\":\"x\",\"policy\":{\"holdDuration\":\"15 minutes\"}}"),
            admin(
                "venue with maxPerBooking 0",
                "POST /venues",
                "{\"name\":\"x\",\"policy\":{\"maxPerBooking\":0}}"),
            admin(
                "venue with an unknown waitlist mode",
                "POST /venues",
                "{\"name\":\"x\",\"policy\":{\"waitlistMode\":\"LOTTERY\"}}"),
            admin("venue without a name", "POST /venues", "{\"timeZone\":\"UTC\"}"),
            admin(
                "venue with a hold of 200 billion days",
                "POST /venues",
                "{\"name\":\"x\",\"policy\":{\"holdDuration\":\"P200000000000D\"}}"),
            admin(
                "venue with a hold over 7 days",
                "POST /venues",
                "{\"name\":\"x\",\"policy\":{\"holdDuration\":\"P8D\"}}"),
            admin(
                "venue with a huge cancel cutoff",
                "POST /venues",
                "{\"name\":\"x\",\"policy\":{\"cancelCutoff\":\"P100000000000D\"}}"),
            admin(
                "venue with an offer over 7 days",
                "POST /venues",
                "{\"name\":\"x\",\"policy\":{\"offerDuration\":\"P30D\"}}"),
            admin(
                "venue with maxPerBooking 101",
                "POST /venues",
                "{\"name\":\"x\",\"policy\":{\"maxPerBooking\":101}}"),
            admin(
                "slot priced over 10^12",
                "POST /slots",
                slotBody(
                    "2026-12-05T18:00:00Z",
                    "2026-12-05T19:00:00Z",
                    "9223372036854775807",
                    "\"CNY\"")),
            admin(
                "slot more than 2 years ahead",
                "POST /slots",
                slotBody("2029-12-05T18:00:00Z", "2029-12-05T19:00:00Z", "1000", "\"CNY\"")),
            admin(
                "slot in year 300000000",
                "POST /slots",
                slotBody(
                    "+300000000-12-05T18:00:00Z", "+300000000-12-05T19:00:00Z", "1000", "\"CNY\"")),
            admin(
                "slot ending before it starts",
                "POST /slots",
                slotBody("2026-12-05T19:00:00Z", "2026-12-05T18:00:00Z", "1000", "\"CNY\"")),
            admin(
                "slot in the past",
                "POST /slots",
                slotBody("2026-11-05T18:00:00Z", "2026-11-05T19:00:00Z", "1000", "\"CNY\"")),
            admin(
                "slot with a negative price",
                "POST /slots",
                slotBody("2026-12-05T18:00:00Z", "2026-12-05T19:00:00Z", "-1", "\"CNY\"")),
            admin(
                "slot with a bad currency",
                "POST /slots",
                slotBody("2026-12-05T18:00:00Z", "2026-12-05T19:00:00Z", "1000", "\"yuan\"")),
            admin(
                "slot with a garbled start",
                "POST /slots",
                slotBody("tomorrow", "2026-12-05T19:00:00Z", "1000", "\"CNY\"")),
            admin(
                "slot longer than a day",
                "POST /slots",
                slotBody("2026-12-05T18:00:00Z", "2026-12-07T19:00:00Z", "1000", "\"CNY\"")),
            new Case(
                "slot of an unknown resource",
                "POST /slots",
                e ->
                    e.as("a", ADMIN)
                        .body(
                            "{\"resourceId\":\"nope\",\"start\":\"2026-12-05T18:00:00Z\",\"end\":\"2026-12-05T19:00:00Z\","
                                + "\"priceMinor\":1,\"currency\":\"CNY\"}"),
                404,
                "not_found"),
            new Case(
                "resource of an unknown venue",
                "POST /venues/{venueId}/resources",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", "nope")
                        .body("{\"name\":\"c\",\"kind\":\"SEATS\",\"capacity\":3}"),
                404,
                "not_found"),
            new Case(
                "EXCLUSIVE resource with capacity 4",
                "POST /venues/{venueId}/resources",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", "nope")
                        .body("{\"name\":\"c\",\"kind\":\"EXCLUSIVE\",\"capacity\":4}"),
                422,
                "invalid_request"),
            new Case(
                "close an unknown slot",
                "POST /slots/{slotId}/close",
                e -> e.as("a", ADMIN).path("slotId", "nope"),
                404,
                "not_found"),
            slotEdit("edit with a price beyond 10^12", "{\"priceMinor\":1000000000001}"),
            slotEdit("edit with a fractional price", "{\"priceMinor\":1.5}"),
            slotEdit("edit with a lower-case currency", "{\"currency\":\"cny\"}"),
            slotEdit("edit with capacity 0", "{\"capacity\":0}"),
            slotEdit("edit with capacity beyond 100000", "{\"capacity\":100001}"),
            slotEdit("edit with an unknown field", "{\"remaining\":99}"),
            new Case(
                "edit an unknown slot",
                "PATCH /slots/{slotId}",
                e -> e.as("a", ADMIN).path("slotId", "nope").body("{\"priceMinor\":1}"),
                404,
                "not_found"),
            venueEdit(
                "venue edit with a hold of 8 days", "{\"policy\":{\"holdDuration\":\"P8D\"}}"),
            venueEdit(
                "venue edit with a cutoff over a year",
                "{\"policy\":{\"cancelCutoff\":\"P366D\"}}"),
            venueEdit(
                "venue edit with a negative cutoff", "{\"policy\":{\"cancelCutoff\":\"-PT1H\"}}"),
            venueEdit("venue edit with an unknown policy field", "{\"policy\":{\"holds\":1}}"),
            venueEdit("venue edit with policy not an object", "{\"policy\":\"PT5M\"}"),
            venueEdit("venue edit with an unknown status", "{\"status\":\"CLOSED\"}"),
            venueEdit("venue edit of the time zone", "{\"timeZone\":\"UTC\"}"),
            venueEdit("venue edit with a blank name", "{\"name\":\"  \"}"),
            resourceEdit("resource edit with capacity 0", "{\"capacity\":0}"),
            resourceEdit("resource edit with capacity beyond 100000", "{\"capacity\":100001}"),
            resourceEdit("resource edit of the kind", "{\"kind\":\"RENTAL\"}"),
            resourceEdit("resource edit with an unknown status", "{\"status\":\"OFF\"}"),
            resolveCase(
                "resolve with an unknown resolution", "{\"resolution\":\"PAID\",\"note\":\"x\"}"),
            resolveCase(
                "resolve as REFUND_RETRIED", "{\"resolution\":\"REFUND_RETRIED\",\"note\":\"x\"}"),
            resolveCase(
                "resolve with a blank note", "{\"resolution\":\"NO_ACTION\",\"note\":\" \"}"),
            resolveCase("resolve without a note", "{\"resolution\":\"NO_ACTION\"}"),
            resolveCase(
                "resolve as ABNORMAL_REFUND_APPLIED",
                "{\"resolution\":\"ABNORMAL_REFUND_APPLIED\",\"note\":\"x\"}"),
            abnormalCase("an abnormal refund to nowhere", "{\"type\":\"ELSEWHERE\"}"),
            abnormalCase(
                "an abnormal refund to a card without its number",
                "{\"type\":\"USER_BANK_CARD\",\"bankType\":\"ICBC_DEBIT\",\"realName\":\"x\"}"),
            abnormalCase(
                "an abnormal refund to a card number with letters",
                "{\"type\":\"USER_BANK_CARD\",\"bankType\":\"ICBC_DEBIT\","
                    + "\"bankAccount\":\"6222abc\",\"realName\":\"x\"}"),
            abnormalCase(
                "an abnormal refund with an unknown field",
                "{\"type\":\"MERCHANT_BANK_CARD\",\"iban\":\"x\"}"),
            resolveCase(
                "resolve with a note over 1000 characters",
                "{\"resolution\":\"NO_ACTION\",\"note\":\"" + "n".repeat(1001) + "\"}"),
            new Case(
                "list exceptions of an unknown status",
                "GET /finance/exceptions",
                e -> e.as("a", ADMIN).query("status", "CLOSED"),
                422,
                "invalid_request"),
            new Case(
                "list exceptions with a forged cursor",
                "GET /finance/exceptions",
                e -> e.as("a", ADMIN).query("cursor", "forged"),
                422,
                "invalid_request"),
            venueEdit(
                "cancel tiers refunding more nearer the start",
                "{\"policy\":{\"cancelTiers\":[{\"before\":\"P1D\",\"refundPercent\":50},"
                    + "{\"before\":\"PT2H\",\"refundPercent\":100}]}}"),
            venueEdit(
                "a cancel tier without a percent",
                "{\"policy\":{\"cancelTiers\":[{\"before\":\"P1D\"}]}}"),
            venueEdit(
                "six cancel tiers",
                "{\"policy\":{\"cancelTiers\":["
                    + "{\"before\":\"P6D\",\"refundPercent\":100},"
                    + "{\"before\":\"P5D\",\"refundPercent\":90},"
                    + "{\"before\":\"P4D\",\"refundPercent\":80},"
                    + "{\"before\":\"P3D\",\"refundPercent\":70},"
                    + "{\"before\":\"P2D\",\"refundPercent\":60},"
                    + "{\"before\":\"P1D\",\"refundPercent\":50}]}}"),
            venueEdit("an upcoming limit of zero", "{\"policy\":{\"maxUpcomingPerMember\":0}}"),
            venueEdit(
                "an upcoming limit that is text",
                "{\"policy\":{\"maxUpcomingPerMember\":\"five\"}}"),
            venueEdit(
                "a no-show rule without a window",
                "{\"policy\":{\"noShowPolicy\":{\"strikes\":3,\"suspension\":\"P14D\"}}}"),
            venueEdit(
                "a check-in window opening two days ahead",
                "{\"policy\":{\"checkIn\":{\"opensBefore\":\"P2D\",\"closesAfter\":\"PT15M\"}}}"),
            venueEdit(
                "a check-in window releasing unclaimed seats (not built yet)",
                "{\"policy\":{\"checkIn\":{\"opensBefore\":\"PT30M\",\"closesAfter\":\"PT15M\","
                    + "\"releaseUnclaimed\":true}}}"),
            venueEdit(
                "a check-in window without its close",
                "{\"policy\":{\"checkIn\":{\"opensBefore\":\"PT30M\"}}}"),
            venueEdit(
                "a check-in window with a field it does not know",
                "{\"policy\":{\"checkIn\":{\"opensBefore\":\"PT30M\",\"closesAfter\":\"PT15M\","
                    + "\"graceMinutes\":5}}}"),
            venueEdit(
                "prepaid rules of an unknown place",
                "{\"policy\":{\"prepaidRules\":\"CN-SH-2026\"}}"),
            venueEdit("prepaid rules that are a number", "{\"policy\":{\"prepaidRules\":2025}}"),
            venueEdit(
                "a no-show rule of zero strikes",
                "{\"policy\":{\"noShowPolicy\":{\"strikes\":0,\"window\":\"P30D\","
                    + "\"suspension\":\"P14D\"}}}"),
            new Case(
                "a plan of an unknown kind",
                "POST /venues/{venueId}/plans",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"name\":\"x\",\"kind\":\"PUNCH\",\"validity\":\"P30D\","
                                + "\"priceMinor\":1,\"currency\":\"CNY\"}"),
                422,
                "invalid_request"),
            new Case(
                "a membership with credits",
                "POST /venues/{venueId}/plans",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"name\":\"x\",\"kind\":\"MEMBERSHIP\",\"credits\":3,"
                                + "\"validity\":\"P30D\",\"priceMinor\":1,\"currency\":\"CNY\"}"),
                422,
                "invalid_request"),
            new Case(
                "a pack valid for an hour",
                "POST /venues/{venueId}/plans",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"name\":\"x\",\"kind\":\"PACK\",\"credits\":3,"
                                + "\"validity\":\"PT1H\",\"priceMinor\":1,\"currency\":\"CNY\"}"),
                422,
                "invalid_request"),
            new Case(
                "plans of an unknown venue",
                "GET /venues/{venueId}/plans",
                e -> e.path("venueId", "nope"),
                404,
                "not_found"),
            new Case(
                "a pass of an unknown plan",
                "POST /me/passes",
                e -> e.as("u1", CUSTOMER).body("{\"planId\":\"nope\"}"),
                404,
                "not_found"),
            new Case(
                "paying for an unknown pass",
                "POST /passes/{passId}/pay",
                e -> e.as("u1", CUSTOMER).path("passId", "nope"),
                404,
                "not_found"),
            walletPlan(
                "a wallet plan paying nothing",
                "{\"name\":\"x\",\"payMinor\":0,\"currency\":\"CNY\"}"),
            walletPlan(
                "a wallet plan whose bonus is above ten times its pay",
                "{\"name\":\"x\",\"payMinor\":100,\"bonusMinor\":1001,\"currency\":\"CNY\"}"),
            walletPlan(
                "a wallet plan in no currency",
                "{\"name\":\"x\",\"payMinor\":100,\"currency\":\"XAU\"}"),
            walletPlan(
                "a wallet plan with an unknown field",
                "{\"name\":\"x\",\"payMinor\":100,\"currency\":\"CNY\",\"free\":true}"),
            coupon("a coupon taking off nothing", "\"percentOff\":0"),
            coupon("a coupon taking off more than all", "\"percentOff\":101"),
            coupon(
                "a coupon taking off a percent and an amount",
                "\"percentOff\":5,\"amountOffMinor\":5,\"currency\":\"CNY\""),
            coupon("a coupon taking off an amount in no currency", "\"amountOffMinor\":500"),
            coupon(
                "a coupon in an unknown currency", "\"amountOffMinor\":500,\"currency\":\"XAU\""),
            coupon("a coupon with an unknown field", "\"percentOff\":5,\"free\":true"),
            new Case(
                "a coupon with a code of spaces",
                "POST /venues/{venueId}/coupons",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"code\":\"A B C\",\"percentOff\":5,\"maxRedemptions\":5,"
                                + "\"perMember\":1,\"validFrom\":\"2026-12-01T00:00:00+08:00\","
                                + "\"validTo\":\"2027-01-01T00:00:00+08:00\"}"),
                422,
                "invalid_request"),
            new Case(
                "a coupon valid from a time without its offset",
                "POST /venues/{venueId}/coupons",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"code\":\"LOCAL\",\"percentOff\":5,\"maxRedemptions\":5,"
                                + "\"perMember\":1,\"validFrom\":\"2026-12-01T00:00:00\","
                                + "\"validTo\":\"2027-01-01T00:00:00+08:00\"}"),
                422,
                "invalid_request"),
            new Case(
                "a coupon ending before it starts",
                "POST /venues/{venueId}/coupons",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"code\":\"BACKWARDS\",\"percentOff\":5,\"maxRedemptions\":5,"
                                + "\"perMember\":1,\"validFrom\":\"2027-01-01T00:00:00+08:00\","
                                + "\"validTo\":\"2026-12-01T00:00:00+08:00\"}"),
                422,
                "invalid_request"),
            couponBooking(
                "a booking with an unknown coupon",
                "{\"slotId\":\"" + slotId + "\",\"quantity\":1,\"couponCode\":\"NOSUCH\"}",
                422,
                "coupon_invalid"),
            couponBooking(
                "a booking with a coupon code of spaces",
                "{\"slotId\":\"" + slotId + "\",\"quantity\":1,\"couponCode\":\"NO SUCH\"}",
                422,
                "coupon_invalid"),
            couponBooking(
                "a booking of several slots with a coupon",
                "{\"slotIds\":[\"" + slotId + "\"],\"quantity\":1,\"couponCode\":\"ANY\"}",
                422,
                "invalid_request"),
            new Case(
                "closing a wallet with an unknown field",
                "POST /me/wallets/{venueId}/close",
                e -> e.as("u1", CUSTOMER).path("venueId", venueId).body("{\"all\":true}"),
                422,
                "invalid_request"),
            new Case(
                "closing a wallet the member does not have",
                "POST /me/wallets/{venueId}/close",
                e -> e.as("u1", CUSTOMER).path("venueId", venueId),
                404,
                "not_found"),
            new Case(
                "a top-up of an unknown wallet plan",
                "POST /wallet-plans/{planId}/buy",
                e -> e.as("u1", CUSTOMER).path("planId", "nope").body("{}"),
                404,
                "not_found"),
            membershipPlan(
                "a membership plan of no price",
                "{\"name\":\"m\",\"priceMinor\":0,\"currency\":\"CNY\",\"period\":\"P1M\"}"),
            membershipPlan(
                "a membership plan of an unknown period",
                "{\"name\":\"m\",\"priceMinor\":100,\"currency\":\"CNY\",\"period\":\"P2W\"}"),
            membershipPlan(
                "a membership plan of an unknown currency",
                "{\"name\":\"m\",\"priceMinor\":100,\"currency\":\"XAU\",\"period\":\"P1M\"}"),
            membershipPlan(
                "a membership plan taking more than all off",
                "{\"name\":\"m\",\"priceMinor\":100,\"currency\":\"CNY\",\"period\":\"P1M\","
                    + "\"benefits\":{\"percentOff\":101}}"),
            membershipPlan(
                "a membership plan with an unknown benefit",
                "{\"name\":\"m\",\"priceMinor\":100,\"currency\":\"CNY\",\"period\":\"P1M\","
                    + "\"benefits\":{\"free\":1}}"),
            new Case(
                "subscribing to an unknown membership plan",
                "POST /membership-plans/{planId}/subscribe",
                e -> e.as("u1", CUSTOMER).path("planId", "nope").body("{}"),
                404,
                "not_found"),
            new Case(
                "subscribing with autoRenew not a boolean",
                "POST /membership-plans/{planId}/subscribe",
                e -> e.as("u1", CUSTOMER).path("planId", "nope").body("{\"autoRenew\":\"yes\"}"),
                422,
                "invalid_request"),
            new Case(
                "cancelling another member's membership",
                "POST /me/memberships/{membershipId}/cancel",
                e -> e.as("u1", CUSTOMER).path("membershipId", "nope"),
                404,
                "not_found"),
            new Case(
                "a rest without paying from the wallet",
                "POST /bookings/{bookingId}/pay",
                e ->
                    e.as("u1", CUSTOMER)
                        .path("bookingId", "nope")
                        .body("{\"provider\":\"stripe\",\"rest\":\"local\"}"),
                422,
                "invalid_request"),
            new Case(
                "a rest paid by the wallet itself",
                "POST /bookings/{bookingId}/pay",
                e ->
                    e.as("u1", CUSTOMER)
                        .path("bookingId", "nope")
                        .body("{\"provider\":\"wallet\",\"rest\":\"wallet\"}"),
                422,
                "invalid_request"),
            new Case(
                "a rest that is not a provider's name",
                "POST /bookings/{bookingId}/pay",
                e ->
                    e.as("u1", CUSTOMER)
                        .path("bookingId", "nope")
                        .body("{\"provider\":\"wallet\",\"rest\":[\"local\"]}"),
                422,
                "invalid_request"),
            new Case(
                "a rest for a pass",
                "POST /passes/{passId}/pay",
                e ->
                    e.as("u1", CUSTOMER)
                        .path("passId", "nope")
                        .body("{\"provider\":\"wallet\",\"rest\":\"local\"}"),
                422,
                "invalid_request"),
            new Case(
                "paying an unknown booking from the wallet",
                "POST /bookings/{bookingId}/pay",
                e ->
                    e.as("u1", CUSTOMER)
                        .path("bookingId", "nope")
                        .body("{\"provider\":\"wallet\"}"),
                404,
                "not_found"),
            new Case(
                "a refund of an unknown pass",
                "POST /staff/passes/{passId}/refund",
                e -> e.as("a", ADMIN).path("passId", "nope"),
                404,
                "not_found"),
            new Case(
                "a cooling-off refund of another member's pass",
                "POST /me/passes/{passId}/refund",
                e -> e.as("u1", CUSTOMER).path("passId", "nope"),
                404,
                "not_found"),
            new Case(
                "a cooling-off refund with a field",
                "POST /me/passes/{passId}/refund",
                e -> e.as("u1", CUSTOMER).path("passId", "nope").body("{\"amountMinor\":1}"),
                422,
                "invalid_request"),
            new Case(
                "a pass refund of nothing",
                "POST /staff/passes/{passId}/refund",
                e -> e.as("a", ADMIN).path("passId", "nope").body("{\"amountMinor\":0}"),
                422,
                "invalid_request"),
            new Case(
                "a desk pass without a customer",
                "POST /staff/passes",
                e -> e.as("a", ADMIN).body("{\"planId\":\"nope\"}"),
                422,
                "invalid_request"),
            booking(
                "a booking with someone else's or no pass",
                "{\"slotId\":\"" + slotId + "\",\"quantity\":1,\"passId\":\"nope\"}",
                404,
                "not_found"),
            new Case(
                "standing without a venue",
                "GET /me/standing",
                e -> e.as("u1", CUSTOMER),
                422,
                "invalid_request"),
            new Case(
                "standing at an unknown venue",
                "GET /me/standing",
                e -> e.as("u1", CUSTOMER).query("venueId", "nope"),
                404,
                "not_found"),
            new Case(
                "a retry of an unknown notification",
                "POST /staff/notifications/{notificationId}/retry",
                e -> e.as("a", ADMIN).path("notificationId", "bm9wZQ"),
                404,
                "not_found"),
            new Case(
                "the desk's list of notifications by a status other than PARKED",
                "GET /staff/notifications",
                e -> e.as("a", ADMIN).query("status", "PENDING"),
                422,
                "invalid_request"),
            new Case(
                "IN_APP as a chosen channel",
                "PUT /me/profile",
                e -> e.as("u1", CUSTOMER).body("{\"channels\":[\"IN_APP\"]}"),
                422,
                "invalid_request"),
            new Case(
                "a reminder a week and a day ahead",
                "POST /venues",
                e ->
                    e.as("a", ADMIN)
                        .body("{\"name\":\"v\",\"policy\":{\"reminderBefore\":\"P8D\"}}"),
                422,
                "invalid_request"),
            new Case(
                "pardon with an unknown field",
                "POST /staff/members/{userId}/pardon",
                e -> e.as("a", ADMIN).path("userId", "u1").body("{\"venue\":\"x\"}"),
                422,
                "invalid_request"),
            new Case(
                "edit an unknown venue",
                "PATCH /venues/{venueId}",
                e -> e.as("a", ADMIN).path("venueId", "nope").body("{\"name\":\"x\"}"),
                404,
                "not_found"),
            new Case(
                "edit a resource under another venue",
                "PATCH /venues/{venueId}/resources/{resourceId}",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", "nope")
                        .path("resourceId", resourceId)
                        .body("{\"name\":\"x\"}"),
                404,
                "not_found"),
            new Case(
                "a webhook to a private address",
                "POST /venues/{venueId}/webhooks",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"url\":\"https://192.168.1.20/hook\",\"events\":[\"slot.cancelled\"]}"),
                422,
                "invalid_url"),
            new Case(
                "a webhook over plain http",
                "POST /venues/{venueId}/webhooks",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"url\":\"http://93.184.216.34/hook\",\"events\":[\"slot.cancelled\"]}"),
                422,
                "invalid_url"),
            new Case(
                "a webhook to the instance metadata address",
                "POST /venues/{venueId}/webhooks",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"url\":\"https://169.254.169.254/latest\",\"events\":[\"slot.cancelled\"]}"),
                422,
                "invalid_url"),
            new Case(
                "a webhook of an unknown event",
                "POST /venues/{venueId}/webhooks",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"url\":\"https://93.184.216.34/hook\",\"events\":[\"slot.exploded\"]}"),
                422,
                "invalid_request"),
            new Case(
                "a webhook of no events",
                "POST /venues/{venueId}/webhooks",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .body("{\"url\":\"https://93.184.216.34/hook\",\"events\":[]}"),
                422,
                "invalid_request"),
            new Case(
                "a webhook with an unknown field",
                "POST /venues/{venueId}/webhooks",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"url\":\"https://93.184.216.34/hook\",\"events\":[\"slot.cancelled\"],\"secret\":\"x\"}"),
                422,
                "invalid_request"),
            new Case(
                "an unknown webhook",
                "GET /venues/{venueId}/webhooks/{webhookId}",
                e -> e.as("a", ADMIN).path("venueId", venueId).path("webhookId", "nope"),
                404,
                "not_found"),
            new Case(
                "a delete of an unknown webhook",
                "DELETE /venues/{venueId}/webhooks/{webhookId}",
                e -> e.as("a", ADMIN).path("venueId", venueId).path("webhookId", "nope"),
                404,
                "not_found"),
            new Case(
                "the deliveries of an unknown webhook",
                "GET /venues/{venueId}/webhooks/{webhookId}/deliveries",
                e -> e.as("a", ADMIN).path("venueId", venueId).path("webhookId", "nope"),
                404,
                "not_found"),
            new Case(
                "a retry of an unknown delivery",
                "POST /venues/{venueId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .path("webhookId", "nope")
                        .path("deliveryId", "nope"),
                404,
                "not_found"),
            new Case(
                "a grant of an unknown role",
                "PUT /venues/{venueId}/staff/{userId}",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .path("userId", "clerk")
                        .body("{\"roles\":[\"owner\"]}"),
                422,
                "invalid_request"),
            new Case(
                "a grant of no roles",
                "PUT /venues/{venueId}/staff/{userId}",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .path("userId", "clerk")
                        .body("{\"roles\":[]}"),
                422,
                "invalid_request"),
            new Case(
                "a grant whose roles are a string",
                "PUT /venues/{venueId}/staff/{userId}",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .path("userId", "clerk")
                        .body("{\"roles\":\"admin\"}"),
                422,
                "invalid_request"),
            new Case(
                "a grant whose roles are numbers",
                "PUT /venues/{venueId}/staff/{userId}",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .path("userId", "clerk")
                        .body("{\"roles\":[1]}"),
                422,
                "invalid_request"),
            new Case(
                "a grant with an unknown field",
                "PUT /venues/{venueId}/staff/{userId}",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", venueId)
                        .path("userId", "clerk")
                        .body("{\"roles\":[\"admin\"],\"venue\":\"x\"}"),
                422,
                "invalid_request"),
            new Case(
                "a grant at an unknown venue",
                "PUT /venues/{venueId}/staff/{userId}",
                e ->
                    e.as("a", ADMIN)
                        .path("venueId", "nope")
                        .path("userId", "clerk")
                        .body("{\"roles\":[\"admin\"]}"),
                404,
                "not_found"),
            new Case(
                "a grant by a customer",
                "PUT /venues/{venueId}/staff/{userId}",
                e ->
                    e.as("u1", CUSTOMER)
                        .path("venueId", venueId)
                        .path("userId", "clerk")
                        .body("{\"roles\":[\"admin\"]}"),
                403,
                "forbidden"),
            new Case(
                "a revocation of nobody",
                "DELETE /venues/{venueId}/staff/{userId}",
                e -> e.as("a", ADMIN).path("venueId", venueId).path("userId", "nobody"),
                404,
                "not_found"))
        .map(Arguments::of);
  }

  private Case slotEdit(String name, String body) {
    return new Case(
        name,
        "PATCH /slots/{slotId}",
        e -> e.as("a", ADMIN).path("slotId", slotId).body(body),
        422,
        "invalid_request");
  }

  private Case resolveCase(String name, String body) {
    return new Case(
        name,
        "POST /finance/exceptions/{exceptionId}/resolve",
        e -> e.as("a", ADMIN).path("exceptionId", "nope").body(body),
        422,
        "invalid_request");
  }

  private Case abnormalCase(String name, String body) {
    return new Case(
        name,
        "POST /finance/exceptions/{exceptionId}/abnormal-refund",
        e -> e.as("a", ADMIN).path("exceptionId", "nope").body(body),
        422,
        "invalid_request");
  }

  private Case venueEdit(String name, String body) {
    return new Case(
        name,
        "PATCH /venues/{venueId}",
        e -> e.as("a", ADMIN).path("venueId", venueId).body(body),
        422,
        "invalid_request");
  }

  private Case resourceEdit(String name, String body) {
    return new Case(
        name,
        "PATCH /venues/{venueId}/resources/{resourceId}",
        e -> e.as("a", ADMIN).path("venueId", venueId).path("resourceId", resourceId).body(body),
        422,
        "invalid_request");
  }

  private Case booking(String name, String body, int status, String code) {
    return new Case(name, "POST /bookings", e -> e.as("u1", CUSTOMER).body(body), status, code);
  }

  /** A booking with a coupon, by a member of its own (a member may send 20 a 10 s). */
  private Case couponBooking(String name, String body, int status, String code) {
    return new Case(name, "POST /bookings", e -> e.as("u8", CUSTOMER).body(body), status, code);
  }

  /** A booking of several slots, by a member of its own (a member may send 20 a 10 s). */
  private Case several(String name, String body, int status, String code) {
    return new Case(name, "POST /bookings", e -> e.as("u7", CUSTOMER).body(body), status, code);
  }

  private Case admin(String name, String routeKey, String body) {
    return new Case(name, routeKey, e -> e.as("a", ADMIN).body(body), 422, "invalid_request");
  }

  private String slotBody(String start, String end, String price, String currency) {
    return "{\"resourceId\":\""
        + resourceId
        + "\",\"start\":\""
        + start
        + "\",\"end\":\""
        + end
        + "\",\"priceMinor\":"
        + price
        + ",\"currency\":"
        + currency
        + "}";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void isRefusedWithAProblemAndChangesNothing(Case c) {
    int itemsBefore = SeatLedger.itemCount(Aws.dynamo(), api.table);

    Reply reply = api.send(c.routeKey(), c.request());

    assertThat(reply.status()).as(reply.body()).isEqualTo(c.status());
    assertThat(reply.contentType()).isEqualTo("application/problem+json");
    assertThat(reply.text("code")).isEqualTo(c.code());
    assertThat(reply.json().get("status").asInt()).isEqualTo(c.status());
    assertThat(reply.text("detail")).isNotBlank();
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(itemsBefore);
    assertThat(api.slot(slotId).json().get("remaining").asInt()).isEqualTo(10);
  }
}
