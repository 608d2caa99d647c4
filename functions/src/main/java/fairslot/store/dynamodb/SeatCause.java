package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.millis;
import static fairslot.store.dynamodb.Attr.s;

import fairslot.app.Change;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Why a slot's stock moved, written on the slot by the same update that moves it ({@code seatBy},
 * {@code seatWhy}, {@code seatAt}), so the seat audit reading the stream can say who and why next
 * to the stock before and after. Every update of {@code remaining} on the booking path sets all
 * three; an update that writes its own audit record (an edit, a ledger repair) removes them, which
 * tells the seat audit to skip it.
 */
record SeatCause(String actor, String why, java.time.Instant at) {

  static final String SET = "seatBy = :seatBy, seatWhy = :seatWhy, seatAt = :seatAt";
  static final String REMOVE = "seatBy, seatWhy, seatAt";

  static SeatCause of(Change change, String subject) {
    return new SeatCause(change.actor(), change.reason() + " (" + subject + ")", change.at());
  }

  static String booking(String bookingId) {
    return "booking " + bookingId;
  }

  static String waitlistEntry(String entryId) {
    return "waitlist entry " + entryId;
  }

  void addValues(Map<String, AttributeValue> values) {
    values.put(":seatBy", s(actor));
    values.put(":seatWhy", s(why));
    values.put(":seatAt", millis(at));
  }
}
