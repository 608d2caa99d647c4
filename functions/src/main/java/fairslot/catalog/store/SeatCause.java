package fairslot.catalog.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.kernel.Change;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Why a slot's stock moved, written on the slot by the same update that moves it ({@code seatBy},
 * {@code seatWhy}, {@code seatAt}), so the seat audit reading the stream can say who and why next
 * to the stock before and after. Every update of {@code remaining} on the booking path sets all
 * three; an update that writes its own audit record (an edit, a ledger repair) removes them, which
 * tells the seat audit to skip it.
 */
public record SeatCause(String actor, String why, Instant at) {

  public static final String SET = "seatBy = :seatBy, seatWhy = :seatWhy, seatAt = :seatAt";
  public static final String REMOVE = "seatBy, seatWhy, seatAt";

  public static SeatCause of(Change change, String subject) {
    return new SeatCause(change.actor(), change.reason() + " (" + subject + ")", change.at());
  }

  public static String booking(String bookingId) {
    return "booking " + bookingId;
  }

  public static String waitlistEntry(String entryId) {
    return "waitlist entry " + entryId;
  }

  public void addValues(Map<String, AttributeValue> values) {
    values.put(":seatBy", s(actor));
    values.put(":seatWhy", s(why));
    values.put(":seatAt", millis(at));
  }
}
