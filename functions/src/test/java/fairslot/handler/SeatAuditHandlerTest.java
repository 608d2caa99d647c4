package fairslot.handler;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import fairslot.catalog.domain.SeatChange;
import fairslot.catalog.store.SlotStreamRecords;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the seat audit takes from a stream batch, and where it resumes after a failure. */
class SeatAuditHandlerTest {
  private final List<SeatChange> recorded = new ArrayList<>();

  private static Map<String, AttributeValue> slot(int remaining, int capacity, String why) {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("PK", new AttributeValue().withS("SLOT#s1"));
    item.put("SK", new AttributeValue().withS("SLOT"));
    item.put("remaining", new AttributeValue().withN(Integer.toString(remaining)));
    item.put("capacity", new AttributeValue().withN(Integer.toString(capacity)));
    if (!why.isEmpty()) {
      item.put("seatWhy", new AttributeValue().withS(why));
      item.put("seatBy", new AttributeValue().withS("u1"));
      item.put("seatAt", new AttributeValue().withN("1796083200000"));
    }
    return item;
  }

  private static DynamodbEvent.DynamodbStreamRecord record(
      String event,
      String sequence,
      Map<String, AttributeValue> before,
      Map<String, AttributeValue> after) {
    StreamRecord images = new StreamRecord();
    images.setSequenceNumber(sequence);
    images.setKeys(
        Map.of(
            "PK", new AttributeValue().withS("SLOT#s1"), "SK", new AttributeValue().withS("SLOT")));
    images.setOldImage(before);
    images.setNewImage(after);
    DynamodbEvent.DynamodbStreamRecord r = new DynamodbEvent.DynamodbStreamRecord();
    r.setEventName(event);
    r.setDynamodb(images);
    return r;
  }

  private static DynamodbEvent batch(DynamodbEvent.DynamodbStreamRecord... records) {
    DynamodbEvent e = new DynamodbEvent();
    e.setRecords(List.of(records));
    return e;
  }

  @Test
  void aChangeOfRemainingThatSaysWhyIsRecordedWithTheStockBeforeAndAfter() {
    var handler = new SeatAuditHandler(new SlotStreamRecords(), recorded::add);

    StreamsEventResponse response =
        handler.handleRequest(
            batch(record("MODIFY", "100", slot(5, 5, "x"), slot(3, 5, "booked (booking b1)"))),
            null);

    assertThat(response.getBatchItemFailures()).isEmpty();
    assertThat(recorded)
        .containsExactly(
            new SeatChange(
                "s1",
                "100",
                Instant.ofEpochMilli(1796083200000L),
                5,
                3,
                "u1",
                "booked (booking b1)"));
  }

  @Test
  void stockLeftAloneAnInsertAndAWriteThatAuditsItselfAreSkipped() {
    var handler = new SeatAuditHandler(new SlotStreamRecords(), recorded::add);

    handler.handleRequest(
        batch(
            record("MODIFY", "1", slot(5, 5, "a"), slot(5, 5, "a")),
            record("INSERT", "2", null, slot(5, 5, "")),
            record("MODIFY", "3", slot(5, 5, "a"), slot(7, 7, ""))),
        null);

    assertThat(recorded).isEmpty();
  }

  @Test
  void aFailedRecordIsReportedAndNothingAfterItIsRecordedSoTheRetryKeepsTheOrder() {
    List<String> attempts = new ArrayList<>();
    var handler =
        new SeatAuditHandler(
            new SlotStreamRecords(),
            change -> {
              attempts.add(change.sequence());
              if (change.sequence().equals("2")) {
                throw new IllegalStateException("throttled");
              }
            });

    StreamsEventResponse response =
        handler.handleRequest(
            batch(
                record("MODIFY", "1", slot(5, 5, "a"), slot(4, 5, "b")),
                record("MODIFY", "2", slot(4, 5, "b"), slot(3, 5, "c")),
                record("MODIFY", "3", slot(3, 5, "c"), slot(2, 5, "d"))),
            null);

    assertThat(attempts).containsExactly("1", "2");
    assertThat(response.getBatchItemFailures())
        .extracting(StreamsEventResponse.BatchItemFailure::getItemIdentifier)
        .containsExactly("2");
  }
}
