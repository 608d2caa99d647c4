package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Partial refunds by staff (API.md v1.3 "Money as the providers behave", issue 60 item 3) on the
 * local runtime with the Stripe fake: parts go back through the provider while the booking stays
 * PAID, never more than was paid, the last of all that is left refunds the booking whole, and the
 * daily report counts every part; staff racing to refund one booking never pay back more.
 */
class PartialRefundIT {
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalRuntime.start(Settings.forTests("partial-refund-it"));
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  private static Reply refund(String staff, String bookingId, String body) throws Exception {
    return api.call("POST", "/staff/bookings/" + bookingId + "/refund", staff, body);
  }

  private static JsonNode report(String member, String bookingId) throws Exception {
    JsonNode b = api.call("GET", "/bookings/" + bookingId, member, null).json();
    String venueId = b.path("slot").path("venueId").asText();
    String date = b.path("slot").path("start").asText().substring(0, 10);
    return api.call(
            "GET",
            "/reports/daily?venueId=" + venueId + "&date=" + date,
            api.token("fin", "finance"),
            null)
        .json();
  }

  private static String statusWithin(String member, String bookingId, String wanted)
      throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    String status = api.status(member, bookingId);
    while (!status.equals(wanted) && System.nanoTime() < deadline) {
      Thread.sleep(100);
      api.run("refund-retry");
      status = api.status(member, bookingId);
    }
    return status;
  }

  @Test
  void partsGoBackWhileTheBookingStaysPaidAndTheLastOfTheRestRefundsItWhole() throws Exception {
    String member = api.token("pr-member-1", "customer");
    String desk = api.token("pr-desk", "frontdesk");
    String[] paid = api.stripePaid(member); // 88.00 CNY
    String bookingId = paid[0];
    JsonNode before = report(member, bookingId);

    Reply first = refund(desk, bookingId, "{\"amountMinor\":3000,\"reason\":\"lights failed\"}");
    Reply second = refund(desk, bookingId, "{\"amountMinor\":2000}");
    Reply tooMuch = refund(desk, bookingId, "{\"amountMinor\":5000}");

    assertThat(first.status()).isEqualTo(200);
    assertThat(first.json().path("status").asText()).isEqualTo("PAID");
    assertThat(first.json().path("amountMinor").asLong()).isEqualTo(5800);
    assertThat(first.json().path("refundedMinor").asLong()).isEqualTo(3000);
    assertThat(second.json().path("amountMinor").asLong()).isEqualTo(3800);
    assertThat(second.json().path("refundedMinor").asLong()).isEqualTo(5000);
    assertThat(tooMuch.status()).isEqualTo(422);
    assertThat(tooMuch.json().path("code").asText()).isEqualTo("refund_exceeds_payment");
    assertThat(tooMuch.json().path("refundableMinor").asLong()).isEqualTo(3800);

    Reply rest = refund(desk, bookingId, null);

    assertThat(rest.status()).isEqualTo(200);
    assertThat(statusWithin(member, bookingId, "REFUNDED")).isEqualTo("REFUNDED");
    JsonNode done = api.call("GET", "/bookings/" + bookingId, member, null).json();
    assertThat(done.path("refundedMinor").asLong()).isEqualTo(8800);
    assertThat(api.stripeRefunds(paid[2])).containsExactly(3000L, 2000L, 3800L);
    JsonNode after = report(member, bookingId);
    assertThat(after.path("refundedMinor").asLong() - before.path("refundedMinor").asLong())
        .isEqualTo(8800);
    assertThat(after.path("paidMinor").asLong()).isEqualTo(before.path("paidMinor").asLong());
  }

  @Test
  void aRefundOfNothingOfTooMuchOrWithAFieldItDoesNotKnowIsRefusedAndChangesNothing()
      throws Exception {
    String member = api.token("pr-member-2", "customer");
    String desk = api.token("pr-desk", "frontdesk");
    String[] paid = api.stripePaid(member);

    assertThat(refund(desk, paid[0], "{\"amountMinor\":0}").status()).isEqualTo(422);
    assertThat(refund(desk, paid[0], "{\"amountMinor\":-5}").status()).isEqualTo(422);
    assertThat(refund(desk, paid[0], "{\"amountMinor\":100,\"to\":\"me\"}").status())
        .isEqualTo(422);
    assertThat(refund(desk, paid[0], "{\"amountMinor\":8801}").status()).isEqualTo(422);
    assertThat(refund(member, paid[0], "{\"amountMinor\":100}").status()).isEqualTo(403);

    JsonNode b = api.call("GET", "/bookings/" + paid[0], member, null).json();
    assertThat(b.path("status").asText()).isEqualTo("PAID");
    assertThat(b.path("amountMinor").asLong()).isEqualTo(8800);
    assertThat(b.has("refundedMinor")).isFalse();
    assertThat(api.stripeRefunds(paid[2])).isEmpty();
  }

  @Test
  void twentyFourStaffRefundingOneBookingAtOnceNeverPayBackMoreThanWasPaid() throws Exception {
    String member = api.token("pr-member-3", "customer");
    String[] paid = api.stripePaid(member);
    int n = 24;
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Reply>> answers = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String staff = api.token("pr-race-" + i, i % 2 == 0 ? "frontdesk" : "finance");
      answers.add(
          pool.submit(
              () -> {
                go.await();
                return refund(staff, paid[0], "{\"amountMinor\":1000}");
              }));
    }
    go.countDown();
    int parts = 0;
    for (Future<Reply> f : answers) {
      Reply r = f.get(120, TimeUnit.SECONDS);
      assertThat(r.status()).isIn(200, 422, 503);
      parts += r.status() == 200 ? 1 : 0;
    }
    pool.shutdown();

    JsonNode b = api.call("GET", "/bookings/" + paid[0], member, null).json();
    assertThat(parts).isBetween(1, 8);
    assertThat(b.path("status").asText()).isEqualTo("PAID");
    assertThat(b.path("refundedMinor").asLong()).isEqualTo(parts * 1000L);
    assertThat(b.path("amountMinor").asLong() + b.path("refundedMinor").asLong()).isEqualTo(8800);
    assertThat(api.stripeRefunds(paid[2]).stream().mapToLong(Long::longValue).sum())
        .isEqualTo(parts * 1000L);
  }

  @Test
  void sixteenCopiesOfOneRequestWithItsIdempotencyKeyRefundOnePartAndAnswerAlike()
      throws Exception {
    String member = api.token("pr-member-4", "customer");
    String desk = api.token("pr-desk", "frontdesk");
    String[] paid = api.stripePaid(member);
    List<Reply> replies =
        api.race(
            16,
            () ->
                api.call(
                    "POST",
                    "/staff/bookings/" + paid[0] + "/refund",
                    desk,
                    "{\"amountMinor\":1500,\"reason\":\"court lights\"}",
                    Map.of("Idempotency-Key", "pr-once")));
    Reply later =
        api.call(
            "POST",
            "/staff/bookings/" + paid[0] + "/refund",
            desk,
            "{\"amountMinor\":1500,\"reason\":\"court lights\"}",
            Map.of("Idempotency-Key", "pr-once"));

    List<Reply> ok = replies.stream().filter(r -> r.status() == 200).toList();
    assertThat(replies).allSatisfy(r -> assertThat(r.status()).isIn(200, 503));
    assertThat(ok).isNotEmpty();
    assertThat(ok).allSatisfy(r -> assertThat(r.raw()).isEqualTo(ok.get(0).raw()));
    assertThat(later.raw()).isEqualTo(ok.get(0).raw());
    assertThat(api.stripeRefunds(paid[2])).containsExactly(1500L);
    JsonNode b = api.call("GET", "/bookings/" + paid[0], member, null).json();
    assertThat(b.path("refundedMinor").asLong()).isEqualTo(1500);
  }
}
