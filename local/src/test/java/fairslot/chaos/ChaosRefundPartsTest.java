package fairslot.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ChaosRefundPartsTest {

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static AttributeValue n(long v) {
    return AttributeValue.fromN(Long.toString(v));
  }

  private static Map<String, AttributeValue> payment(String status, long refund, int parts) {
    return Map.of(
        "type", s("PAYMENT"),
        "paymentNo", s("p1"),
        "bookingId", s("b1"),
        "amountMinor", n(5000),
        "refundMinor", n(refund),
        "status", s(status),
        "refundParts", n(parts));
  }

  private static Map<String, AttributeValue> part(long refund) {
    return Map.of("type", s("REFUND_PART"), "paymentNo", s("p1"), "refundMinor", n(refund));
  }

  /** A booking as written since v1.3: what it keeps, and the parts shown beside it. */
  private static Map<String, AttributeValue> booking(String status, long amount, long parts) {
    return Map.of(
        "type",
        s("BOOKING"),
        "bookingId",
        s("b1"),
        "status",
        s(status),
        "amountMinor",
        n(amount),
        "partsRefundedMinor",
        n(parts));
  }

  private static Map<String, AttributeValue> booking(String status, long amount) {
    return booking(status, amount, 1500);
  }

  private static List<String> check(List<Map<String, AttributeValue>> items) {
    List<String> out = new ArrayList<>();
    ChaosRefundParts.check(items, out);
    return out;
  }

  @Test
  void aKeptBookingAndItsPaymentsPartsAddUpToThePayment() {
    assertThat(check(List.of(payment("SUCCEEDED", 5000, 1), part(1500), booking("PAID", 3500))))
        .isEmpty();
  }

  @Test
  void aKeptBookingThatStillCostsTheWholePaymentAfterAPartIsMoneyRefundedTwice() {
    assertThat(check(List.of(payment("SUCCEEDED", 5000, 1), part(1500), booking("PAID", 5000))))
        .hasSize(1);
  }

  @Test
  void aRefundAfterPartsThatPassesThePaymentIsReported() {
    assertThat(
            check(List.of(payment("REFUNDING", 4000, 1), part(1500), booking("REFUNDING", 3500))))
        .singleElement()
        .asString()
        .contains("after its parts");
    assertThat(
            check(List.of(payment("REFUNDING", 3500, 1), part(1500), booking("REFUNDING", 3500))))
        .isEmpty();
  }

  @Test
  void aBookingRefundedWhileItsPaymentsOwnRefundIsOwedIsReported() {
    assertThat(check(List.of(payment("REFUNDING", 3500, 1), part(1500), booking("REFUNDED", 3500))))
        .singleElement()
        .asString()
        .contains("REFUNDED while the payment is REFUNDING");
  }

  @Test
  void aTopUpsPaymentRefundedInPartsHasNoBookingAndIsOnlyHeldToItsAmount() {
    Map<String, AttributeValue> topUpPayment =
        Map.of(
            "type", s("PAYMENT"),
            "paymentNo", s("p1"),
            "topUpId", s("t1"),
            "amountMinor", n(5000),
            "refundMinor", n(0),
            "status", s("SUCCEEDED"),
            "refundParts", n(1));

    assertThat(check(List.of(topUpPayment, part(4000)))).isEmpty();
    assertThat(check(List.of(topUpPayment, part(6000))))
        .singleElement()
        .satisfies(v -> assertThat(v).contains("in parts of"));
  }

  @Test
  void partsBeyondThePaymentOrMiscountedAreReported() {
    assertThat(
            check(
                List.of(
                    payment("SUCCEEDED", 5000, 1),
                    part(3000),
                    part(3000),
                    booking("PAID", 0, 6000))))
        .anySatisfy(v -> assertThat(v).contains("in parts of"))
        .anySatisfy(v -> assertThat(v).contains("counts 1 refund parts"));
  }

  @Test
  void aBookingThatDoesNotShowItsPaymentsPartsIsReported() {
    assertThat(check(List.of(payment("SUCCEEDED", 5000, 1), part(1500), booking("PAID", 3500, 0))))
        .singleElement()
        .asString()
        .contains("shows 0 refunded in parts of 1500");
  }
}
