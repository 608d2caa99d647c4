package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A Stripe refund that waits for the payer (status {@code requires_action}, API.md v1.3): the
 * booking stays REFUNDING, finance gets one REFUND_ACTION_REQUIRED however often Stripe says so,
 * and the refund's later success still settles the booking.
 */
class StripeRefundActionIT {
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("stripe-refund-action-it", new MovableClock(Instant.now()));
    api = new LocalClient(runtime);
    runtime.stripe().refundsPending(true);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  @Test
  void aRefundWaitingForThePayerIsOneExceptionAndItsSuccessStillSettles() throws Exception {
    String member = api.token("re-action", "customer");
    String bookingId = api.stripePaid(member)[0];
    assertThat(api.call("POST", "/bookings/" + bookingId + "/cancel", member, null).status())
        .isEqualTo(200);
    String refundId = runtime.stripe().refunds().get(0).path("id").asText();

    for (int i = 0; i < 2; i++) { // Stripe may say it twice
      assertThat(
              api.call(
                      "POST",
                      "/_local/stripe/refunds/" + refundId + "/finish",
                      null,
                      "{\"status\":\"requires_action\"}")
                  .status())
          .isEqualTo(200);
    }
    assertThat(api.status(member, bookingId)).isEqualTo("REFUNDING");
    long actions = 0;
    for (JsonNode e : api.financeExceptionItems()) {
      if (e.path("bookingId").asText().equals(bookingId)) {
        assertThat(e.path("kind").asText()).isEqualTo("REFUND_ACTION_REQUIRED");
        assertThat(e.path("amountMinor").asLong()).isEqualTo(8800);
        actions++;
      }
    }
    assertThat(actions).isEqualTo(1);

    api.call(
        "POST",
        "/_local/stripe/refunds/" + refundId + "/finish",
        null,
        "{\"status\":\"succeeded\"}");
    assertThat(api.status(member, bookingId)).isEqualTo("REFUNDED");
  }
}
