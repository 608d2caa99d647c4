package fairslot.messaging.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.kernel.Money;
import fairslot.payment.app.ProviderRefs;
import fairslot.payment.app.StatementLine;
import fairslot.shared.Json;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * Balance transactions as Stripe writes them (API reference, "The Balance Transaction object"),
 * read by type: only charges, refunds and disputes are payments of ours, and their amount is the
 * source's, in the currency the payer was charged in.
 */
class StripeStatementLinesTest {
  private final Map<String, String> names = new ConcurrentHashMap<>();
  private final ProviderRefs refs =
      new ProviderRefs() {
        @Override
        public Optional<String> ref(String number) {
          return Optional.ofNullable(names.get(number));
        }

        @Override
        public String name(String number, String ref) {
          return names.computeIfAbsent(number, n -> ref);
        }
      };

  private static JsonNode bt(String json) throws Exception {
    return Json.mapper().readTree(json);
  }

  @Test
  void aChargeSettledInAnotherCurrencyIsThePaymentInTheChargeCurrencyWithItsFee() throws Exception {
    refs.name(StripeProvider.INTENT + "pi_1", "P1");
    StatementLine line =
        StripeObjects.line(
            bt(
                "{\"id\":\"txn_1\",\"type\":\"charge\",\"amount\":1232,\"fee\":66,\"net\":1166,"
                    + "\"currency\":\"usd\",\"source\":{\"id\":\"ch_1\",\"object\":\"charge\","
                    + "\"amount\":8800,\"currency\":\"cny\",\"payment_intent\":\"pi_1\"}}"),
            refs);

    assertThat(line.kind()).isEqualTo(StatementLine.Kind.PAYMENT);
    assertThat(line.number()).isEqualTo("P1");
    assertThat(line.amount()).isEqualTo(new Money(8800, "CNY"));
    assertThat(line.settled()).contains(new StatementLine.Settled("USD", 1232, 66, 1166));
  }

  @Test
  void aPaymentRefundIsARefundAndADisputeAdjustmentIsADispute() throws Exception {
    refs.name(StripeProvider.REFUND + "pyr_1", "R1");
    refs.name(StripeProvider.INTENT + "pi_2", "P2");
    StatementLine refund =
        StripeObjects.line(
            bt(
                "{\"id\":\"txn_2\",\"type\":\"payment_refund\",\"amount\":-500,\"fee\":0,"
                    + "\"net\":-500,\"currency\":\"eur\",\"source\":{\"id\":\"pyr_1\","
                    + "\"object\":\"refund\",\"amount\":500,\"currency\":\"eur\"}}"),
            refs);
    StatementLine dispute =
        StripeObjects.line(
            bt(
                "{\"id\":\"txn_3\",\"type\":\"adjustment\",\"amount\":-700,\"fee\":1500,"
                    + "\"net\":-2200,\"currency\":\"eur\",\"source\":{\"id\":\"dp_1\","
                    + "\"object\":\"dispute\",\"amount\":700,\"currency\":\"eur\","
                    + "\"payment_intent\":\"pi_2\"}}"),
            refs);

    assertThat(refund.kind()).isEqualTo(StatementLine.Kind.REFUND);
    assertThat(refund.number()).isEqualTo("R1");
    assertThat(dispute.kind()).isEqualTo(StatementLine.Kind.DISPUTE);
    assertThat(dispute.number()).isEqualTo("P2");
    assertThat(dispute.amount()).isEqualTo(new Money(700, "EUR"));
  }

  @Test
  void feesPayoutsAndOtherTypesAreNoPayments() throws Exception {
    for (String[] typeAndKind :
        new String[][] {
          {"stripe_fee", "FEE"},
          {"application_fee", "FEE"},
          {"payout", "PAYOUT"},
          {"payout_failure", "PAYOUT"},
          {"topup", "OTHER"},
          {"adjustment", "OTHER"}
        }) {
      StatementLine line =
          StripeObjects.line(
              bt(
                  "{\"id\":\"txn_x\",\"type\":\""
                      + typeAndKind[0]
                      + "\",\"amount\":-300,\"fee\":0,\"net\":-300,\"currency\":\"usd\","
                      + "\"source\":{\"id\":\"x_1\",\"object\":\"other\"}}"),
              refs);
      assertThat(line.kind().name()).as(typeAndKind[0]).isEqualTo(typeAndKind[1]);
      assertThat(line.kind().isPayment()).isFalse();
    }
  }
}
