package fairslot.payment.store;

import static fairslot.table.Attr.s;

import fairslot.booking.domain.BookingStatus;
import fairslot.membership.domain.Membership;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.store.PaymentItemMapper;
import fairslot.money.store.PaymentWrites;
import fairslot.pass.domain.PassStatus;
import fairslot.privacy.app.MemberDataPart;
import fairslot.table.Attr;
import fairslot.table.AuditActors;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * A member's payments in their export and erasure, found through what they paid for (each booking's
 * payments, each pass's and each top-up's) and through the payer's own links, so a payment stays
 * its payer's when the booking is given away (API.md v1.3). A settled payment of something that has
 * ended goes to the pseudonym; one still moving money, or whose booking or pass is live, waits for
 * it. Runs before the bookings' and passes' erasure, which moves what it finds them through.
 */
public final class PaymentMemberData implements MemberDataPart {
  private static final Set<PassStatus> ENDED_PASSES =
      Set.of(PassStatus.USED_UP, PassStatus.EXPIRED);

  private static final Set<PaymentStatus> SETTLED =
      Set.of(PaymentStatus.SUCCEEDED, PaymentStatus.FAILED, PaymentStatus.REFUNDED);

  private final DynamoDbClient dynamo;
  private final String table;
  private final PaymentWrites writes;

  public PaymentMemberData(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new PaymentWrites(table);
  }

  @Override
  public String name() {
    return "payments";
  }

  @Override
  public List<Map<String, Object>> export(String userId) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, AttributeValue> payment : payments(userId).keySet()) {
      out.add(RawItems.plain(payment));
    }
    return out;
  }

  @Override
  public Step erase(String userId, String pseudonym) {
    int changed = 0;
    int inUse = 0;
    for (Map.Entry<Map<String, AttributeValue>, Boolean> e : payments(userId).entrySet()) {
      Map<String, AttributeValue> payment = e.getKey();
      String status = Attr.str(payment, "status");
      if (!e.getValue() || !SETTLED.contains(PaymentStatus.valueOf(status))) {
        inUse++;
        continue;
      }
      String paymentNo = Attr.str(payment, "paymentNo");
      int part = PaymentItemMapper.isPart(payment) ? Attr.integer(payment, "refundPart") : 0;
      try {
        dynamo.updateItem(writes.pseudonymise(paymentNo, part, status, userId, pseudonym));
        changed++;
      } catch (ConditionalCheckFailedException moved) {
        inUse++;
        continue;
      }
      changed +=
          AuditActors.pseudonymise(dynamo, table, Keys.payment(paymentNo), userId, pseudonym);
    }
    if (inUse > 0) {
      return new Step.Waiting(changed, inUse); // the links find what waits on the next run
    }
    for (Map<String, AttributeValue> link :
        RawItems.ofMember(dynamo, table, userId, Keys.paid(""))) {
      RawItems.delete(dynamo, table, link);
      changed++;
    }
    return new Step.Finished(changed);
  }

  /** The member's payments, each with whether what it paid for has ended. */
  private Map<Map<String, AttributeValue>, Boolean> payments(String userId) {
    Map<String, Boolean> numbers = new LinkedHashMap<>();
    for (Map<String, AttributeValue> booking : RawItems.bookingsOf(dynamo, table, userId)) {
      // ended: no move left from its status
      boolean ended = BookingStatus.valueOf(Attr.str(booking, "status")).next().isEmpty();
      for (Map<String, AttributeValue> link :
          RawItems.all(
              dynamo,
              QueryRequest.builder()
                  .tableName(table)
                  .consistentRead(true)
                  .keyConditionExpression("PK = :pk AND begins_with(SK, :payment)")
                  .expressionAttributeValues(
                      Map.of(
                          ":pk", s(Keys.booking(Attr.str(booking, "bookingId"))),
                          ":payment", s("PAYMENT#")))
                  .build())) {
        numbers.put(Attr.str(link, "paymentNo"), ended);
      }
    }
    for (Map<String, AttributeValue> pass :
        RawItems.ofMember(dynamo, table, userId, Keys.pass(""))) {
      Attr.optionalString(pass, "paymentNo")
          .ifPresent(
              no ->
                  numbers.put(
                      no, ENDED_PASSES.contains(PassStatus.valueOf(Attr.str(pass, "status")))));
    }
    // a top-up's payment: ended once the wallet it credited is empty (a close refunds to it)
    for (Map<String, AttributeValue> topUp :
        RawItems.ofMember(dynamo, table, userId, Keys.topUp(""))) {
      Attr.optionalString(topUp, "paymentNo")
          .ifPresent(no -> numbers.put(no, walletEmpty(userId, Attr.str(topUp, "venueId"))));
    }
    // Paid by the member, for a booking that may be someone else's now: ended as its booking is.
    for (Map<String, AttributeValue> link :
        RawItems.ofMember(dynamo, table, userId, Keys.paid(""))) {
      String no = Attr.str(link, "paymentNo");
      if (!numbers.containsKey(no)) {
        numbers.put(no, bookingEnded(no));
      }
    }
    Map<Map<String, AttributeValue>, Boolean> out = new LinkedHashMap<>();
    numbers.forEach(
        (no, ended) -> {
          RawItems.get(dynamo, table, PaymentItemMapper.key(no, 0))
              .filter(item -> userId.equals(Attr.str(item, "userId")))
              .ifPresent(item -> out.put(item, ended));
          // and its refund parts, each with the payer's id too
          RawItems.all(dynamo, PaymentItemMapper.partsQuery(table, no)).stream()
              .filter(item -> userId.equals(Attr.str(item, "userId")))
              .forEach(item -> out.put(item, ended));
        });
    return out;
  }

  private boolean walletEmpty(String userId, String venueId) {
    return RawItems.get(dynamo, table, Attr.key(Keys.member(userId), Keys.wallet(venueId)))
        .map(w -> Attr.numOr(w, "principalMinor", 0) + Attr.numOr(w, "bonusMinor", 0) == 0)
        .orElse(true);
  }

  /**
   * Whether what a payment paid for has ended: its booking (one gone counts as ended), or its
   * membership (CANCELLED or EXPIRED; any period's payment waits while the membership runs).
   */
  private boolean bookingEnded(String paymentNo) {
    var payment = RawItems.get(dynamo, table, PaymentItemMapper.key(paymentNo, 0));
    if (payment.isPresent() && payment.get().containsKey("membershipId")) {
      return RawItems.get(
              dynamo,
              table,
              Attr.key(
                  Keys.member(Attr.str(payment.get(), "userId")),
                  Keys.membership(Attr.str(payment.get(), "membershipId"))))
          .map(m -> ENDED_MEMBERSHIPS.contains(Attr.str(m, "status")))
          .orElse(true);
    }
    return payment
        .filter(p -> p.containsKey("bookingId"))
        .flatMap(
            p ->
                RawItems.get(
                    dynamo, table, Attr.key(Keys.booking(Attr.str(p, "bookingId")), "BOOKING")))
        .map(b -> BookingStatus.valueOf(Attr.str(b, "status")).next().isEmpty())
        .orElse(true);
  }

  private static final Set<String> ENDED_MEMBERSHIPS =
      Set.of(Membership.Status.CANCELLED.name(), Membership.Status.EXPIRED.name());
}
