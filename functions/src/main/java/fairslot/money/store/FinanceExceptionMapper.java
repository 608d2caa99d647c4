package fairslot.money.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.kernel.Money;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.FinanceException.Resolution;
import fairslot.money.domain.FinanceException.Status;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The finance exception item. Its exceptionsByStatus keys: {@code excStatus} (the status) and
 * {@code excVenueAt} ({@code <venueId>#<createdAt millis, 13 digits>#<id>}, venue first so one
 * venue's exceptions are a key range, oldest first).
 */
public final class FinanceExceptionMapper {
  private FinanceExceptionMapper() {}

  /** The venue part of the index key for exceptions no venue can be named for. */
  public static final String NO_VENUE = "~none";

  public static Map<String, AttributeValue> key(String exceptionId) {
    return Attr.key(Keys.financeException(exceptionId), "EXCEPTION");
  }

  public static Map<String, AttributeValue> toItem(FinanceException e) {
    Map<String, AttributeValue> item = new HashMap<>(key(e.exceptionId()));
    item.put("type", s("FINANCE_EXCEPTION"));
    item.put("exceptionId", s(e.exceptionId()));
    item.put("kind", s(e.kind().name()));
    e.venueId().ifPresent(v -> item.put("venueId", s(v)));
    e.bookingId().ifPresent(b -> item.put("bookingId", s(b)));
    e.paymentNo().ifPresent(p -> item.put("paymentNo", s(p)));
    e.refundNo().ifPresent(r -> item.put("refundNo", s(r)));
    item.put("amountMinor", n(e.amount().minor()));
    item.put("currency", s(e.amount().currency()));
    item.put("createdAt", millis(e.createdAt()));
    item.put("status", s(e.status().name()));
    e.resolution().ifPresent(r -> item.put("resolution", s(r.name())));
    e.note().ifPresent(note -> item.put("note", s(note)));
    e.resolvedBy().ifPresent(by -> item.put("resolvedBy", s(by)));
    e.providerCode().ifPresent(c -> item.put("providerCode", s(c)));
    e.dispute()
        .ifPresent(
            d -> {
              item.put("disputeId", s(d.disputeId()));
              item.put("disputeReason", s(d.reason()));
              d.evidenceDueBy().ifPresent(t -> item.put("evidenceDueBy", millis(t)));
            });
    item.put("excStatus", s(e.status().name()));
    item.put("excVenueAt", s(venueKey(e.venueId().orElse(NO_VENUE)) + sortPart(e)));
    return item;
  }

  public static String venueKey(String venueId) {
    return venueId + "#";
  }

  private static String sortPart(FinanceException e) {
    return String.format("%013d", e.createdAt().toEpochMilli()) + "#" + e.exceptionId();
  }

  public static FinanceException fromItem(Map<String, AttributeValue> item) {
    return new FinanceException(
        str(item, "exceptionId"),
        FinanceException.Kind.valueOf(str(item, "kind")),
        Attr.optionalString(item, "venueId"),
        Attr.optionalString(item, "bookingId"),
        Attr.optionalString(item, "paymentNo"),
        new Money(Attr.num(item, "amountMinor"), str(item, "currency")),
        Attr.instant(item, "createdAt"),
        Status.valueOf(str(item, "status")),
        Attr.optionalString(item, "resolution").map(Resolution::valueOf),
        Attr.optionalString(item, "note"),
        Attr.optionalString(item, "resolvedBy"),
        Attr.optionalString(item, "refundNo"),
        Attr.optionalString(item, "disputeId")
            .map(
                id ->
                    new FinanceException.Dispute(
                        id,
                        Attr.optionalString(item, "disputeReason").orElse("general"),
                        Attr.optionalInstant(item, "evidenceDueBy"))),
        Attr.optionalString(item, "providerCode"));
  }
}
