package fairslot.money.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.kernel.Money;
import fairslot.money.domain.Decline;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentRecord;
import fairslot.money.domain.PaymentStatus;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The payment item: amount snapshot, status, refund attempts, and sparse refundsDue keys while a
 * refund is owed.
 */
public final class PaymentItemMapper {
  private PaymentItemMapper() {}

  /** The sort key of a payment's own item. */
  public static final String PAYMENT_SK = "PAYMENT";

  /** The sort key prefix of a payment's refund parts, beside it in its partition. */
  public static final String PART_PREFIX = "REFUND#";

  /** The item type of a refund part. */
  public static final String PART_TYPE = "REFUND_PART";

  /** The key of the item {@code p} is kept in: the payment's, or its refund part's. */
  public static Map<String, AttributeValue> key(Payment p) {
    return key(p.paymentNo(), p.refundPart());
  }

  public static Map<String, AttributeValue> key(String paymentNo, int part) {
    return Attr.key(Keys.payment(paymentNo), part == 0 ? PAYMENT_SK : PART_PREFIX + part);
  }

  public static Map<String, AttributeValue> toItem(Payment p) {
    Map<String, AttributeValue> item = new HashMap<>(key(p));
    item.put("type", s(p.isPart() ? PART_TYPE : "PAYMENT"));
    if (p.isPart()) {
      // Owed back from the moment it is made: in the refund job's index until it settles.
      item.put("refundPart", n(p.refundPart()));
      item.put("refundNo", s(p.refundNo()));
      item.put("refundDueShard", s(Keys.shard("REFUNDS", p.paymentNo())));
      item.put("refundDueAt", millis(p.createdAt()));
    }
    item.put("paymentNo", s(p.paymentNo()));
    item.put(p.payable().idField(), s(p.payable().id()));
    item.put("userId", s(p.userId()));
    item.put("amountMinor", n(p.amount().minor()));
    item.put("currency", s(p.amount().currency()));
    item.put("provider", s(p.provider()));
    item.put("status", s(p.status().name()));
    item.put("refundAttempts", n(p.refundAttempts()));
    item.put("createdAt", millis(p.createdAt()));
    item.put("refundRound", n(p.refundRound()));
    item.put("refundMinor", n(p.refund().minor()));
    if (p.status() == PaymentStatus.PENDING) {
      // In the payments-reconcile job's index until it settles (PaymentWrites removes it).
      item.put("payCheckShard", s(Keys.shard(PENDING_FAMILY, p.paymentNo())));
      item.put("payCheckAt", millis(p.createdAt().plus(Payment.FIRST_CHECK)));
    }
    return item;
  }

  public static final String PENDING_FAMILY = "PAYCHECK";

  public static Payment fromItem(Map<String, AttributeValue> item) {
    return new Payment(
        str(item, "paymentNo"),
        Payable.fieldOf(item::containsKey)
            .map(field -> Payable.named(field, str(item, field)))
            .orElseThrow(() -> new IllegalStateException("a payment names what it pays for")),
        str(item, "userId"),
        new Money(Attr.num(item, "amountMinor"), str(item, "currency")),
        str(item, "provider"),
        PaymentStatus.valueOf(str(item, "status")),
        Attr.integer(item, "refundAttempts"),
        Attr.instant(item, "createdAt"),
        Math.toIntExact(Attr.numOr(item, "refundRound", 0)),
        new Money(
            Attr.numOr(item, "refundMinor", Attr.num(item, "amountMinor")), str(item, "currency")),
        Math.toIntExact(Attr.numOr(item, "refundPart", 0)));
  }

  /** The query of a payment's refund parts, in its partition, read consistently. */
  public static QueryRequest partsQuery(String table, String paymentNo) {
    return QueryRequest.builder()
        .tableName(table)
        .consistentRead(true)
        .keyConditionExpression("PK = :pk AND begins_with(SK, :part)")
        .expressionAttributeValues(
            Map.of(":pk", s(Keys.payment(paymentNo)), ":part", s(PART_PREFIX)))
        .build();
  }

  /** A payment's own item or one of its refund parts, by its sort key. */
  public static boolean isPart(Map<String, AttributeValue> item) {
    return str(item, Keys.SK).startsWith(PART_PREFIX);
  }

  /** The link that lists a payment under its booking (the booking's payments list). */
  public static Map<String, AttributeValue> bookingLink(Payment p) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.booking(p.payable().id()), Keys.payment(p.paymentNo())));
    item.put("type", s("BOOKING_PAYMENT"));
    item.put("paymentNo", s(p.paymentNo()));
    return item;
  }

  /** The payment listed under its payer's key: it stays theirs when the booking is given away. */
  public static Map<String, AttributeValue> payerLink(Payment p) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.member(p.userId()), Keys.paid(p.paymentNo())));
    item.put("type", s("PAYER_LINK"));
    item.put("paymentNo", s(p.paymentNo()));
    return item;
  }

  /** The payment's last declined attempt, if one is kept (API.md v1.3). */
  public static Optional<Decline> lastError(Map<String, AttributeValue> item) {
    AttributeValue v = item.get("lastError");
    if (v == null || !v.hasM()) {
      return Optional.empty();
    }
    Map<String, AttributeValue> e = v.m();
    return Optional.of(
        new Decline(
            Attr.str(e, "code"),
            Attr.optionalString(e, "declineCode"),
            Attr.str(e, "message"),
            Attr.instant(e, "at")));
  }

  public static final String RECEIVED_PREFIX = "RECEIVED#";

  /** A callback as received, under its payment; keyed by event id so a replay adds nothing. */
  /**
   * How long a received callback is kept: 13 months, past a year of refunds (WeChat Pay) and card
   * disputes (Stripe: up to 120 days), and a full year of accounts.
   */
  public static final Duration RAW_KEPT = Duration.ofDays(395);

  public static Map<String, AttributeValue> received(
      String paymentNo, PaymentRecord.Received event) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.payment(paymentNo), RECEIVED_PREFIX + event.eventId()));
    item.put("type", s("PAYMENT_RECEIVED"));
    item.put("eventId", s(event.eventId()));
    item.put("status", s(event.status().name()));
    item.put("receivedAt", millis(event.receivedAt()));
    item.put("raw", s(event.rawCallback()));
    // The received body (already redacted) expires by TTL: docs/security.md states the period.
    item.put("ttl", Attr.n(event.receivedAt().plus(RAW_KEPT).getEpochSecond()));
    return item;
  }

  public static PaymentRecord.Received receivedFrom(Map<String, AttributeValue> item) {
    return new PaymentRecord.Received(
        str(item, "eventId"),
        PaymentCallback.Outcome.valueOf(str(item, "status")),
        Attr.instant(item, "receivedAt"),
        Attr.optionalString(item, "raw").orElse(""));
  }
}
