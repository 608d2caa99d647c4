package fairslot.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The chaos check of bookings of several slots, on items made by hand. */
class ChaosGroupsTest {

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static AttributeValue n(long v) {
    return AttributeValue.fromN(Long.toString(v));
  }

  private static final AttributeValue GROUP =
      AttributeValue.fromL(
          List.of(
              AttributeValue.fromM(Map.of("bookingId", s("b1"))),
              AttributeValue.fromM(Map.of("bookingId", s("b2")))));

  private static Map<String, AttributeValue> line(
      String id, String slot, String status, long amount) {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("type", s("BOOKING"));
    item.put("bookingId", s(id));
    item.put("slotId", s(slot));
    item.put("status", s(status));
    item.put("amountMinor", n(amount));
    item.put("groupLines", GROUP);
    if (id.equals("b1")) {
      item.put("paymentNo", s("p1"));
    }
    return item;
  }

  private static Map<String, AttributeValue> payment(long amount) {
    return Map.of("type", s("PAYMENT"), "paymentNo", s("p1"), "amountMinor", n(amount));
  }

  private static Map<String, AttributeValue> part(long refund) {
    return Map.of("type", s("REFUND_PART"), "paymentNo", s("p1"), "refundMinor", n(refund));
  }

  private static Map<String, AttributeValue> cancelledSlot(String slot) {
    return Map.of("type", s("SLOT"), "slotId", s(slot), "status", s("CANCELLED"));
  }

  private static List<String> check(List<Map<String, AttributeValue>> items) {
    List<String> out = new ArrayList<>();
    ChaosGroups.check(items, out);
    return out;
  }

  @Test
  void linesInOneStatusPaidForBySumAreWhole() {
    assertThat(
            check(
                List.of(
                    line("b1", "s1", "PAID", 3000), line("b2", "s2", "PAID", 2000), payment(5000))))
        .isEmpty();
  }

  @Test
  void aLineHeldWhileAnotherIsReleasedIsAHalfBooking() {
    assertThat(check(List.of(line("b1", "s1", "PAID", 3000), line("b2", "s2", "REFUNDING", 2000))))
        .singleElement()
        .asString()
        .contains("half booked");
  }

  @Test
  void aMissingLineIsReported() {
    assertThat(check(List.of(line("b1", "s1", "PAID", 3000))))
        .singleElement()
        .asString()
        .contains("1 of its 2 lines");
  }

  @Test
  void aLineTheVenueCancelledAloneWithItsShareRefundedIsWhole() {
    assertThat(
            check(
                List.of(
                    line("b1", "s1", "PAID", 3000),
                    line("b2", "s2", "CANCELLED", 2000),
                    cancelledSlot("s2"),
                    payment(5000),
                    part(2000))))
        .isEmpty();
  }

  @Test
  void aCancelledLineOnASlotStillOpenIsAHalfBooking() {
    assertThat(check(List.of(line("b1", "s1", "PAID", 3000), line("b2", "s2", "CANCELLED", 2000))))
        .hasSize(1);
  }

  @Test
  void aMovedLinesDifferenceRefundedKeepsThePaymentWhole() {
    assertThat(
            check(
                List.of(
                    line("b1", "s1", "PAID", 3000),
                    line("b2", "s3", "PAID", 1000),
                    payment(5000),
                    part(1000))))
        .isEmpty();
  }

  @Test
  void aPaymentThatIsNotTheLinesAndTheirPartsIsReported() {
    assertThat(
            check(
                List.of(
                    line("b1", "s1", "PAID", 3000), line("b2", "s2", "PAID", 2000), payment(6000))))
        .singleElement()
        .asString()
        .contains("payment p1");
  }
}
