package fairslot.pass.store;

import static fairslot.table.Attr.ALL_OLD;
import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.money.domain.Payment;
import fairslot.pass.domain.CreditUse;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The one builder of a pass item's writes and their conditions (with the sale a paid pass writes,
 * and the check that its venue still sells): the pass store's transactions are made of these.
 */
public final class PassWrites {
  private final String table;

  public PassWrites(String table) {
    this.table = table;
  }

  /**
   * The PENDING_PAY pass becomes ACTIVE by {@code payment}, valid from now for its plan's validity,
   * on condition {@code named} (the payment it names, or none).
   */
  TransactWriteItem activate(Pass pass, Payment payment, Change change, String named) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(PassItemMapper.key(pass.userId(), pass.passId()))
            .updateExpression(
                "SET #status = :active, paymentNo = :p, validUntil = :until,"
                    + " passDueShard = :shard, passDueAt = :until")
            .conditionExpression("#status = :pending AND " + named)
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(
                    ":active",
                    s(PassStatus.ACTIVE.name()),
                    ":p",
                    s(payment.paymentNo()),
                    ":until",
                    Attr.millis(change.at().plus(pass.plan().validity())),
                    ":shard",
                    s(Keys.shard("PASSES", pass.passId())),
                    ":pending",
                    s(PassStatus.PENDING_PAY.name()))));
  }

  TransactWriteItem passMove(
      Pass pass, Payment payment, String update, Map<String, AttributeValue> extra) {
    Map<String, AttributeValue> values = new HashMap<>(extra);
    values.put(":pending", s(PassStatus.PENDING_PAY.name()));
    values.put(":p", s(payment.paymentNo()));
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(PassItemMapper.key(pass.userId(), pass.passId()))
            .updateExpression(update)
            .conditionExpression("#status = :pending AND paymentNo = :p")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(values));
  }

  /** The sale record of a pass paid at {@code paidAt}, under its venue's local day. */
  TransactWriteItem sale(Pass pass, Instant paidAt) {
    LocalDate day = LocalDate.ofInstant(paidAt, pass.plan().timeZone());
    return dayRecord(pass, Keys.passSale(day, pass.passId()), "PASS_SALE", pass.plan().price());
  }

  /** A record of money a pass moved, under its venue by a day (the daily report reads these). */
  private TransactWriteItem dayRecord(Pass pass, String sk, String type, Money amount) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(
                Map.of(
                    "PK",
                    s(Keys.venue(pass.venueId())),
                    "SK",
                    s(sk),
                    "type",
                    s(type),
                    "passId",
                    s(pass.passId()),
                    "amountMinor",
                    Attr.n(amount.minor()),
                    "currency",
                    s(amount.currency()))));
  }

  /** The record of a pass's refund part made at {@code at}, under its venue's local day. */
  TransactWriteItem refundRecord(Pass pass, Payment part, Instant at) {
    LocalDate day = LocalDate.ofInstant(at, pass.plan().timeZone());
    return dayRecord(
        pass, Keys.passRefund(day, pass.passId(), part.refundPart()), "PASS_REFUND", part.refund());
  }

  /** The PENDING_PAY pass names its payment, on condition it names none yet. */
  TransactWriteItem namePayment(Pass pass, Payment payment) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(PassItemMapper.key(pass.userId(), pass.passId()))
            .updateExpression("SET paymentNo = :p")
            .conditionExpression("#status = :pending AND attribute_not_exists(paymentNo)")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(":p", s(payment.paymentNo()), ":pending", s(PassStatus.PENDING_PAY.name())))
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD));
  }

  /**
   * A pass refund (v1.3): {@code read} becomes {@code after} (credits left voided and counted as
   * refunded; a membership's validity ended, so the expiry job ends it) on condition it is ACTIVE
   * with the credits, validity and payment read.
   */
  TransactWriteItem refund(Pass read, Pass after) {
    Map<String, AttributeValue> values = new HashMap<>();
    values.put(":active", s(PassStatus.ACTIVE.name()));
    values.put(":left", n(read.creditsLeft()));
    values.put(":p", s(read.paymentNo().orElseThrow()));
    values.put(":until", millis(read.validUntil().orElseThrow()));
    values.put(":newLeft", n(after.creditsLeft()));
    values.put(":refunded", n(after.creditsRefunded()));
    values.put(":newUntil", millis(after.validUntil().orElseThrow()));
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(PassItemMapper.key(read.userId(), read.passId()))
            .updateExpression(
                "SET creditsLeft = :newLeft, creditsRefunded = :refunded,"
                    + " validUntil = :newUntil, passDueAt = :newUntil")
            .conditionExpression(
                "#status = :active AND creditsLeft = :left AND paymentNo = :p"
                    + " AND validUntil = :until")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(values));
  }

  /** An ACTIVE pass past its validity becomes EXPIRED (and leaves the due index). */
  TransactWriteItem expire(Pass pass, Change change) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(PassItemMapper.key(pass.userId(), pass.passId()))
            .updateExpression("SET #status = :expired REMOVE passDueShard, passDueAt")
            .conditionExpression("#status = :active AND validUntil <= :now")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(
                    ":expired",
                    s(PassStatus.EXPIRED.name()),
                    ":active",
                    s(PassStatus.ACTIVE.name()),
                    ":now",
                    Attr.millis(change.at()))));
  }

  /**
   * Spends the booking's pass credits (none for a membership) on condition the pass is the
   * member's, ACTIVE, of the slot's venue, valid at the slot's start and has the credits: never a
   * read then a write.
   */
  public TransactWriteItem spendCredits(CreditUse use) {
    return spendCredits(List.of(use));
  }

  /**
   * Spends every line's credits of a booking of several slots paid with one pass, in one write (one
   * item is written once a transaction): on condition it is the member's, ACTIVE, of the venue,
   * valid at the latest slot's start (so at every start) and has all the credits.
   */
  public TransactWriteItem spendCredits(List<CreditUse> lines) {
    CreditUse lead = lines.get(0);
    int credits = lines.stream().mapToInt(CreditUse::credits).sum();
    Instant latest =
        lines.stream().map(CreditUse::start).max(Comparator.naturalOrder()).orElseThrow();
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(PassItemMapper.key(lead.userId(), lead.passId()))
            .updateExpression("SET creditsLeft = creditsLeft - :c")
            .conditionExpression(
                "#status = :active AND venueId = :venue AND validUntil > :start"
                    + " AND creditsLeft >= :c")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(
                    ":c",
                    n(credits),
                    ":active",
                    s(PassStatus.ACTIVE.name()),
                    ":venue",
                    s(lead.venueId()),
                    ":start",
                    millis(latest)))
            .returnValuesOnConditionCheckFailure(ALL_OLD));
  }

  /** Every line's credits moved from held to {@code ledger} in one write (as above). */
  public TransactWriteItem settleCredits(List<CreditUse> lines, String ledger) {
    CreditUse lead = lines.get(0);
    int credits = lines.stream().mapToInt(CreditUse::credits).sum();
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(PassItemMapper.key(lead.userId(), lead.passId()))
            .updateExpression("ADD " + ledger + " :c")
            .conditionExpression("attribute_exists(PK)")
            .expressionAttributeValues(Map.of(":c", n(credits))));
  }

  /**
   * The pass that paid {@code moved} still pays for it where it moved (a reschedule): active, of
   * the venue, valid past the new start. Its credits stay held by the booking.
   */
  public TransactWriteItem stillValidFor(CreditUse use) {
    return TxItems.check(
        ConditionCheck.builder()
            .tableName(table)
            .key(PassItemMapper.key(use.userId(), use.passId()))
            .conditionExpression("#status = :active AND venueId = :venue AND validUntil > :start")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(
                    ":active",
                    s(PassStatus.ACTIVE.name()),
                    ":venue",
                    s(use.venueId()),
                    ":start",
                    millis(use.start())))
            .returnValuesOnConditionCheckFailure(ALL_OLD));
  }

  /**
   * Moves the booking's credits from held to {@code ledger}: {@code creditsLeft} when a cancel
   * returns them, {@code creditsUsed} at check-in, {@code creditsForfeited} at a no-show.
   */
  public TransactWriteItem settleCredits(CreditUse use, String ledger) {
    return settleCredits(List.of(use), ledger);
  }

  /**
   * An erased member's ended pass (API.md v1.2 "Data rights"), moved whole to the pseudonym's
   * partition: credits, amounts and dates stay. On condition it is still in the status read.
   */
  List<TransactWriteItem> giveToPseudonym(Map<String, AttributeValue> read, String pseudonym) {
    Map<String, AttributeValue> moved = new HashMap<>(read);
    moved.put(Keys.PK, s(Keys.member(pseudonym)));
    moved.put("userId", s(pseudonym));
    return List.of(
        TransactWriteItem.builder()
            .delete(
                Delete.builder()
                    .tableName(table)
                    .key(Map.of(Keys.PK, read.get(Keys.PK), Keys.SK, read.get(Keys.SK)))
                    .conditionExpression("#status = :status")
                    .expressionAttributeNames(Map.of("#status", "status"))
                    .expressionAttributeValues(Map.of(":status", read.get("status")))
                    .build())
            .build(),
        TxItems.put(
            Put.builder()
                .tableName(table)
                .item(moved)
                .conditionExpression("attribute_not_exists(PK)")));
  }
}
