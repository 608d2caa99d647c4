package fairslot.money.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.kernel.Money;
import fairslot.money.domain.Decline;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.RefundPartPlan;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The payment item's writes, and only here: its moves between statuses (each on condition it is
 * where the caller saw it, leaving the job indexes it no longer belongs in), a refund requested or
 * restarted, and the provider event id remembered beside it so a second delivery fails.
 */
public final class PaymentWrites {
  private final String table;

  public PaymentWrites(String table) {
    this.table = table;
  }

  /** A new payment, on condition its number is new. */
  public TransactWriteItem create(Payment payment) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(PaymentItemMapper.toItem(payment))
            .conditionExpression("attribute_not_exists(PK)"));
  }

  /** The last declined attempt, kept on the open payment if it is the latest (API.md v1.3). */
  public UpdateItemRequest noteDecline(String paymentNo, Decline d) {
    Map<String, AttributeValue> error = new HashMap<>();
    error.put("code", s(d.code()));
    d.declineCode().ifPresent(c -> error.put("declineCode", s(c)));
    error.put("message", s(d.message()));
    error.put("at", millis(d.at()));
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(PaymentItemMapper.key(paymentNo, 0))
        .updateExpression("SET lastError = :e")
        .conditionExpression(
            "#status = :pending AND (attribute_not_exists(lastError) OR lastError.#at < :at)")
        .expressionAttributeNames(Map.of("#status", "status", "#at", "at"))
        .expressionAttributeValues(
            Map.of(
                ":e", AttributeValue.fromM(error),
                ":pending", s(PaymentStatus.PENDING),
                ":at", millis(d.at())))
        .build();
  }

  /**
   * The refund job's claim of its next attempt, on condition no other worker moved it since it was
   * read; {@code claim} names this worker's write (see DynamoDbPaymentStore.scheduleRefund).
   */
  public UpdateItemRequest scheduleRefund(
      Payment seen, int attempts, Instant nextAt, String claim) {
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(PaymentItemMapper.key(seen))
        .updateExpression(
            "SET refundAttempts = :attempts, refundDueAt = :next, refundClaim = :claim")
        .conditionExpression("#status = :refunding AND refundAttempts = :seen")
        .expressionAttributeNames(Map.of("#status", "status"))
        .expressionAttributeValues(
            Map.of(
                ":attempts",
                n(attempts),
                ":next",
                millis(nextAt),
                ":refunding",
                s(PaymentStatus.REFUNDING),
                ":seen",
                n(seen.refundAttempts()),
                ":claim",
                s(claim)))
        .returnValuesOnConditionCheckFailure(Attr.ALL_OLD)
        .build();
  }

  /** The reconcile job's next look at a PENDING payment, on condition it is still pending. */
  public UpdateItemRequest schedulePendingCheck(Payment seen, Instant nextAt) {
    return pendingCheck(seen, "SET payCheckAt = :next", Map.of(":next", millis(nextAt)));
  }

  /** The reconcile job stops looking at a PENDING payment, on condition it is still pending. */
  public UpdateItemRequest stopPendingCheck(Payment seen) {
    return pendingCheck(seen, "REMOVE payCheckShard, payCheckAt", Map.of());
  }

  private UpdateItemRequest pendingCheck(
      Payment seen, String update, Map<String, AttributeValue> values) {
    Map<String, AttributeValue> all = new HashMap<>(values);
    all.put(":pending", s(PaymentStatus.PENDING));
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(PaymentItemMapper.key(seen))
        .updateExpression(update)
        .conditionExpression("#status = :pending AND attribute_exists(payCheckShard)")
        .expressionAttributeNames(Map.of("#status", "status"))
        .expressionAttributeValues(all)
        .build();
  }

  /** Remembers a provider event id forever-ish; a second delivery fails this condition. */
  public TransactWriteItem rememberPaymentEvent(String eventId, String paymentNo, Instant at) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(
                Map.of(
                    Keys.PK,
                    s(Keys.paymentEvent(eventId)),
                    Keys.SK,
                    s("PAYEVENT"),
                    "type",
                    s("PAYMENT_EVENT"),
                    "paymentNo",
                    s(paymentNo),
                    "at",
                    millis(at),
                    "ttl",
                    n(at.plusSeconds(90L * 24 * 3600).getEpochSecond())))
            .conditionExpression("attribute_not_exists(PK)"));
  }

  /**
   * A part of a SUCCEEDED payment refunded while it stays SUCCEEDED (see {@link
   * fairslot.money.domain.RefundPartPlan}): the payment counts the part and what is left to refund,
   * on condition it is still SUCCEEDED with the parts the plan saw; the part is put beside it, owed
   * back now.
   */
  public List<TransactWriteItem> addPart(RefundPartPlan plan) {
    Map<String, AttributeValue> values = new HashMap<>();
    values.put(":succeeded", s(PaymentStatus.SUCCEEDED));
    values.put(":n", n(plan.part().refundPart()));
    values.put(":left", n(plan.refundableAfter().minor()));
    String seenParts;
    if (plan.partsBefore() == 0) {
      seenParts = "attribute_not_exists(refundParts)";
    } else {
      seenParts = "refundParts = :seen";
      values.put(":seen", n(plan.partsBefore()));
    }
    TransactWriteItem payment =
        TxItems.update(
            Update.builder()
                .tableName(table)
                .key(PaymentItemMapper.key(plan.payment()))
                .updateExpression("SET refundParts = :n, refundableMinor = :left")
                .conditionExpression("#status = :succeeded AND " + seenParts)
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(values));
    TransactWriteItem part =
        TxItems.put(
            Put.builder()
                .tableName(table)
                .item(PaymentItemMapper.toItem(plan.part()))
                .conditionExpression("attribute_not_exists(PK)"));
    return List.of(payment, part);
  }

  /** Puts a payment up for refund of {@code refund} now (attempts start at 0). */
  public TransactWriteItem requestRefund(
      String paymentNo, String expectedStatus, Instant at, Money refund) {
    // After refund parts, only what they left may still be refunded (a part-refunded payment's
    // booking costs less by the parts already, so this holds unless something is wrong).
    return requestRefund(
        paymentNo,
        0,
        expectedStatus,
        at,
        ", refundMinor = :refund",
        Map.of(":refund", n(refund.minor())),
        " AND (attribute_not_exists(refundableMinor) OR refundableMinor >= :refund)");
  }

  /** Finance restarts a REFUND_FAILED payment's refund: due now, attempts from 0, next round. */
  public TransactWriteItem restartRefund(Payment p, Instant at) {
    return requestRefund(
        p.paymentNo(),
        p.refundPart(),
        PaymentStatus.REFUND_FAILED.name(),
        at,
        ", refundRound = :round",
        Map.of(":round", n(p.refundRound() + 1)),
        "");
  }

  private TransactWriteItem requestRefund(
      String paymentNo,
      int part,
      String expectedStatus,
      Instant at,
      String extraSet,
      Map<String, AttributeValue> extraValues,
      String extraCondition) {
    Map<String, AttributeValue> values =
        new HashMap<>(
            Map.of(
                ":refunding",
                s(PaymentStatus.REFUNDING),
                ":zero",
                n(0),
                ":shard",
                s(Keys.shard("REFUNDS", paymentNo)),
                ":at",
                millis(at),
                ":expected",
                s(expectedStatus)));
    values.putAll(extraValues);
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(PaymentItemMapper.key(paymentNo, part))
            .updateExpression(
                "SET #status = :refunding, refundAttempts = :zero, refundDueShard = :shard,"
                    + " refundDueAt = :at"
                    + extraSet
                    // a late payment's refund leaves PENDING: out of the reconcile index too
                    + " REMOVE payCheckShard, payCheckAt")
            .conditionExpression("#status = :expected" + extraCondition)
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(values));
  }

  /**
   * A payment's move from {@code from} to {@code to}; {@code refundSettled} ends its place in the
   * refund job's index.
   */
  public TransactWriteItem move(
      Payment p, PaymentStatus from, PaymentStatus to, boolean refundSettled) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(PaymentItemMapper.key(p))
            .updateExpression(
                "SET #status = :to REMOVE payCheckShard, payCheckAt"
                    + (refundSettled ? ", refundDueShard, refundDueAt" : ""))
            .conditionExpression("#status = :from")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(Map.of(":to", s(to.name()), ":from", s(from.name()))));
  }

  /**
   * An erased member's settled payment (API.md v1.2 "Data rights"): amounts and dates stay, the
   * payer becomes the pseudonym, on condition it is still theirs and in the status read.
   */
  public UpdateItemRequest pseudonymise(
      String paymentNo, int part, String status, String userId, String pseudonym) {
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(PaymentItemMapper.key(paymentNo, part))
        .updateExpression("SET userId = :p")
        .conditionExpression("userId = :u AND #status = :status")
        .expressionAttributeNames(Map.of("#status", "status"))
        .expressionAttributeValues(
            Map.of(":p", s(pseudonym), ":u", s(userId), ":status", s(status)))
        .build();
  }
}
