package fairslot.catalog.store;

import static fairslot.table.StreamImages.number;
import static fairslot.table.StreamImages.text;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import fairslot.catalog.domain.SeatChange;
import fairslot.table.Keys;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Reads seat changes from the table stream's records of slot items: a change of {@code remaining}
 * whose write said why ({@link SeatCause}). Writes that audit themselves (edits, ledger repairs)
 * remove the cause and are skipped, as are inserts, deletes and writes that leave the stock alone.
 */
public final class SlotStreamRecords {

  public Optional<SeatChange> seatChange(DynamodbStreamRecord record) {
    if (!"MODIFY".equals(record.getEventName()) || record.getDynamodb() == null) {
      return Optional.empty();
    }
    var images = record.getDynamodb();
    Map<String, AttributeValue> keys = images.getKeys();
    Map<String, AttributeValue> before = images.getOldImage();
    Map<String, AttributeValue> after = images.getNewImage();
    if (keys == null || before == null || after == null || !"SLOT".equals(text(keys, Keys.SK))) {
      return Optional.empty();
    }
    Optional<Integer> was = number(before, "remaining").map(Long::intValue);
    Optional<Integer> is = number(after, "remaining").map(Long::intValue);
    Optional<Long> at = number(after, "seatAt");
    String why = text(after, "seatWhy");
    if (was.isEmpty() || is.isEmpty() || was.equals(is) || why.isEmpty() || at.isEmpty()) {
      return Optional.empty();
    }
    String pk = text(keys, Keys.PK);
    return Optional.of(
        new SeatChange(
            pk.substring(pk.indexOf('#') + 1),
            images.getSequenceNumber(),
            Instant.ofEpochMilli(at.get()),
            was.get(),
            is.get(),
            text(after, "seatBy"),
            why));
  }
}
