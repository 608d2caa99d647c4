package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Stripe's statement read as Stripe writes it (API.md v1.3): balance transactions by type, in an
 * account that settles in another currency than the payers are charged in, with Stripe's fees on
 * each charge, a fee line, a payout, a refund and a dispute.
 */
class StripeStatementIT {
  private static final MovableClock CLOCK = new MovableClock(Instant.now());
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("stripe-statement-it", CLOCK);
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  /** A booking paid with Stripe: the booking's id and the intent's. */
  private static String[] paid(String member) throws Exception {
    String[] paid = api.stripePaid(member);
    return new String[] {paid[0], paid[2]};
  }

  @Test
  void feesAndPayoutsAreNoPaymentsAndAmountsAreComparedInTheChargeCurrency() throws Exception {
    runtime.stripe().balance().settleIn("usd", 0.14); // charged in CNY, kept in USD
    String member = api.token("stmt-member", "customer");
    String[] kept = paid(member);
    String[] refunded = paid(member);
    String[] disputed = paid(member);
    Reply cancel = api.call("POST", "/bookings/" + refunded[0] + "/cancel", member, null);
    assertThat(cancel.status()).isEqualTo(200);
    assertThat(api.status(member, refunded[0])).isEqualTo("REFUNDED");
    api.call("POST", "/_local/stripe/payment_intents/" + disputed[1] + "/dispute", null, "{}");
    runtime.stripe().balance().other("stripe_fee", -500, "usd");
    runtime.stripe().balance().other("payout", -10000, "usd");
    int before = api.financeExceptions();

    Reply run =
        api.call(
            "POST",
            "/finance/statements:reconcile",
            api.token("stmt-fin", "finance"),
            "{\"provider\":\"stripe\",\"date\":\""
                + LocalDate.ofInstant(CLOCK.instant(), ZoneOffset.UTC)
                + "\"}");

    assertThat(run.status()).isEqualTo(200);
    JsonNode r = run.json();
    assertThat(r.path("lines").asInt())
        .as("3 charges, a refund, a dispute, a fee, a payout")
        .isEqualTo(7);
    assertThat(r.path("matched").asInt()).isEqualTo(5);
    assertThat(r.path("exceptions").asInt()).isZero();
    assertThat(api.financeExceptions() - before).as("the statement opens none").isZero();
    // each 8800 CNY charge is 1232 USD cents, with Stripe's fee of 2.9 % + 30: 66
    assertThat(r.path("settlementCurrency").asText()).isEqualTo("USD");
    assertThat(r.path("feesMinor").asLong()).isEqualTo(3 * 66 + 500);
    assertThat(r.path("payoutsMinor").asLong()).isEqualTo(10000);
    assertThat(r.path("netMinor").asLong())
        .as("charges net of fees, less the refund, the dispute and the fee line")
        .isEqualTo(3 * (1232 - 66) - 1232 - 1232 - 500);
    assertThat(kept[0]).isNotBlank();
  }
}
