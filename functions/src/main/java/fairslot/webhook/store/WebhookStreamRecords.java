package fairslot.webhook.store;

import static fairslot.table.StreamImages.number;
import static fairslot.table.StreamImages.text;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.SlotStatus;
import fairslot.shared.Json;
import fairslot.table.Keys;
import fairslot.waitlist.domain.WaitlistStatus;
import fairslot.webhook.domain.WebhookEvent;
import fairslot.webhook.domain.WebhookEventType;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads the changes subscribers hear of from the table stream's records (API.md v1.2): a booking
 * becoming PAID (confirmed; a free or pass-paid one is PAID from its first write), leaving
 * PENDING_PAY or PAID for CANCELLED or REFUNDING (cancelled), becoming REFUNDED (refunded); a slot
 * becoming CANCELLED; a waitlist entry becoming OFFERED. Each event's id names the change (a
 * booking's by its version), so a record handed over twice makes the same event; its body is the
 * JSON POSTed.
 */
public final class WebhookStreamRecords {
  private static final String PAID = BookingStatus.PAID.name();
  private static final Set<String> HELD = Set.of(BookingStatus.PENDING_PAY.name(), PAID);
  private static final Set<String> ENDED =
      Set.of(BookingStatus.CANCELLED.name(), BookingStatus.REFUNDING.name());

  /** Where and when a slot is, for an offer's event (waitlist entries do not copy it). */
  public record SlotPlace(String venueId, String resourceId, Instant start, Instant end) {}

  private final Function<String, Optional<SlotPlace>> slots;

  public WebhookStreamRecords(Function<String, Optional<SlotPlace>> slots) {
    this.slots = slots;
  }

  public Optional<WebhookEvent> event(DynamodbStreamRecord record) {
    boolean insert = "INSERT".equals(record.getEventName());
    if (!(insert || "MODIFY".equals(record.getEventName())) || record.getDynamodb() == null) {
      return Optional.empty();
    }
    var images = record.getDynamodb();
    Map<String, AttributeValue> keys = images.getKeys();
    // An item's first write has no old image: its "before" is no status at all.
    Map<String, AttributeValue> before = insert ? Map.of() : images.getOldImage();
    Map<String, AttributeValue> after = images.getNewImage();
    if (keys == null || before == null || after == null) {
      return Optional.empty();
    }
    String was = text(before, "status");
    String is = text(after, "status");
    if (was.equals(is)) {
      return Optional.empty();
    }
    Instant at =
        images.getApproximateCreationDateTime() == null
            ? Instant.now()
            : images.getApproximateCreationDateTime().toInstant();
    return switch (text(keys, Keys.SK)) {
      case "BOOKING" -> booking(after, was, is, at);
      case "SLOT" -> SlotStatus.CANCELLED.name().equals(is) ? slot(after, at) : Optional.empty();
      case "WAITENTRY" ->
          WaitlistStatus.OFFERED.name().equals(is) ? offer(after, at) : Optional.empty();
      default -> Optional.empty();
    };
  }

  private static Optional<WebhookEvent> booking(
      Map<String, AttributeValue> b, String was, String is, Instant at) {
    WebhookEventType type;
    if (PAID.equals(is)) {
      type = WebhookEventType.BOOKING_CONFIRMED;
    } else if (HELD.contains(was) && ENDED.contains(is)) {
      type = WebhookEventType.BOOKING_CANCELLED;
    } else if (BookingStatus.REFUNDED.name().equals(is) && !otherLine(b)) {
      type = WebhookEventType.PAYMENT_REFUNDED; // a booking of several slots' refund: its lead's
    } else {
      return Optional.empty();
    }
    String bookingId = text(b, "bookingId");
    long version = number(b, "version").orElse(0L);
    // The move's own time where the item keeps it (the writer's clock), else the stream's.
    Instant when = number(b, "updatedAt").map(Instant::ofEpochMilli).orElse(at);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("bookingId", bookingId);
    data.put("venueId", text(b, "venueId"));
    data.put("slotId", text(b, "slotId"));
    data.put("resourceId", text(b, "resourceId"));
    data.put("userId", text(b, "userId"));
    data.put("status", is);
    data.put("quantity", number(b, "quantity").orElse(0L));
    data.put("amountMinor", number(b, "amountMinor").orElse(0L));
    data.put("currency", text(b, "currency"));
    number(b, "refundMinor").ifPresent(r -> data.put("refundMinor", r));
    data.put("start", instant(b, "slotStart"));
    data.put("end", instant(b, "slotEnd"));
    // One slot of a booking of several: the booking the member sees
    lead(b).ifPresent(lead -> data.put("groupBookingId", lead));
    return Optional.of(
        event(
            "booking:" + bookingId + ":v" + version,
            type,
            text(b, "venueId"),
            "booking:" + bookingId,
            version,
            when,
            data));
  }

  /** The lead's id of a line of a booking of several slots (its group's first line). */
  private static Optional<String> lead(Map<String, AttributeValue> b) {
    AttributeValue lines = b.get("groupLines");
    if (lines == null || lines.getL() == null || lines.getL().isEmpty()) {
      return Optional.empty();
    }
    AttributeValue first = lines.getL().get(0).getM().get("bookingId");
    return first == null ? Optional.empty() : Optional.ofNullable(first.getS());
  }

  private static boolean otherLine(Map<String, AttributeValue> b) {
    return lead(b).map(l -> !l.equals(text(b, "bookingId"))).orElse(false);
  }

  private static Optional<WebhookEvent> slot(Map<String, AttributeValue> s, Instant at) {
    String slotId = text(s, "slotId");
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("slotId", slotId);
    data.put("venueId", text(s, "venueId"));
    data.put("resourceId", text(s, "resourceId"));
    data.put("start", instant(s, "startAt"));
    data.put("end", instant(s, "endAt"));
    return Optional.of(
        event(
            "slot:" + slotId + ":cancelled",
            WebhookEventType.SLOT_CANCELLED,
            text(s, "venueId"),
            "slot:" + slotId,
            1,
            at,
            data));
  }

  private Optional<WebhookEvent> offer(Map<String, AttributeValue> e, Instant at) {
    String entryId = text(e, "entryId");
    String slotId = text(e, "slotId");
    Optional<SlotPlace> place = slots.apply(slotId);
    if (place.isEmpty()) {
      return Optional.empty();
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("entryId", entryId);
    data.put("slotId", slotId);
    data.put("venueId", place.get().venueId());
    data.put("resourceId", place.get().resourceId());
    data.put("userId", text(e, "userId"));
    data.put("offerExpiresAt", instant(e, "offerExpiresAt"));
    data.put("start", place.get().start().toString());
    data.put("end", place.get().end().toString());
    return Optional.of(
        event(
            "waitlist:" + entryId + ":offered",
            WebhookEventType.WAITLIST_OFFERED,
            place.get().venueId(),
            "waitlist:" + entryId,
            1,
            at,
            data));
  }

  private static WebhookEvent event(
      String id,
      WebhookEventType type,
      String venueId,
      String subject,
      long order,
      Instant at,
      Map<String, Object> data) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("id", id);
    body.put("type", type.wire());
    body.put("createdAt", at.toString());
    body.put("data", data);
    return new WebhookEvent(id, type, venueId, subject, order, at, Json.write(body));
  }

  private static String instant(Map<String, AttributeValue> item, String name) {
    return number(item, name).map(ms -> Instant.ofEpochMilli(ms).toString()).orElse("");
  }
}
