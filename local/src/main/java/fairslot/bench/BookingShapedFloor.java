package fairslot.bench;

import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.Provisioner;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * A floor that sends, raw, the items and conditions of fairslot's booking transaction for a SEATS
 * slot (see docs/data-model.md): the seat decrement with its full condition, the booking item with
 * its attributes and index keys, the member guard, the member's upcoming-bookings counter at the
 * venue (counted for every booking, limited or not), the member's calendar day and the audit
 * record, failures answered with ALL_OLD. No fairslot code runs: HTTP, JWT, JSON and the services
 * are left out. The table is created from the shared definition, so the same indexes are
 * maintained.
 */
final class BookingShapedFloor {
  private BookingShapedFloor() {}

  private static final ReturnValuesOnConditionCheckFailure ALL_OLD =
      ReturnValuesOnConditionCheckFailure.ALL_OLD;

  static Crowd.Result<Boolean> run(AwsEndpoint endpoint, int clients, int seats) throws Exception {
    DynamoDbClient dynamo = endpoint.dynamoDb();
    String table = "bench-floor-booking-" + UUID.randomUUID().toString().substring(0, 8);
    Provisioner.createTable(dynamo, table);
    long start = System.currentTimeMillis() + 86_400_000L;
    Map<String, AttributeValue> slot =
        new HashMap<>(
            Map.ofEntries(
                Map.entry("PK", s("SLOT#floor")),
                Map.entry("SK", s("SLOT")),
                Map.entry("type", s("SLOT")),
                Map.entry("slotId", s("floor")),
                Map.entry("venueId", s("venue")),
                Map.entry("resourceId", s("resource")),
                Map.entry("kind", s("SEATS")),
                Map.entry("startAt", n(start)),
                Map.entry("endAt", n(start + 3_600_000)),
                Map.entry("capacity", n(seats)),
                Map.entry("remaining", n(seats)),
                Map.entry("forWaitlist", n(0)),
                Map.entry("status", s("OPEN")),
                Map.entry("priceMinor", n(8800)),
                Map.entry("currency", s("CNY")),
                Map.entry("admission", s("DIRECT")),
                Map.entry("waitlistLength", n(0)),
                Map.entry("timeZone", s("UTC")),
                Map.entry("venueDay", s("venue#2026-12-03")),
                Map.entry("slotShard", s("SLOTS#1")),
                Map.entry("holdSeconds", n(900)),
                Map.entry("cancelCutoffSeconds", n(7200)),
                Map.entry("offerSeconds", n(1800)),
                Map.entry("waitlistMode", s("OFFER")),
                Map.entry("maxPerBooking", n(4))));
    dynamo.putItem(r -> r.tableName(table).item(slot));
    return Crowd.run(
        clients,
        Math.min(clients, 256),
        i -> {
          String id = UUID.randomUUID().toString();
          String user = "fan-" + i;
          long now = System.currentTimeMillis();
          Map<String, AttributeValue> booking =
              new HashMap<>(
                  Map.ofEntries(
                      Map.entry("PK", s("BOOKING#" + id)),
                      Map.entry("SK", s("BOOKING")),
                      Map.entry("type", s("BOOKING")),
                      Map.entry("bookingId", s(id)),
                      Map.entry("slotId", s("floor")),
                      Map.entry("userId", s(user)),
                      Map.entry("quantity", n(1)),
                      Map.entry("status", s("PENDING_PAY")),
                      Map.entry("version", n(1)),
                      Map.entry("amountMinor", n(8800)),
                      Map.entry("currency", s("CNY")),
                      Map.entry("createdAt", n(now)),
                      Map.entry("slotStart", n(start)),
                      Map.entry("slotEnd", n(start + 3_600_000)),
                      Map.entry("slotCapacity", n(seats)),
                      Map.entry("venueId", s("venue")),
                      Map.entry("resourceId", s("resource")),
                      Map.entry("kind", s("SEATS")),
                      Map.entry("timeZone", s("UTC")),
                      Map.entry("cancelCutoffSeconds", n(7200)),
                      Map.entry("bookingUser", s(user)),
                      Map.entry("bookingSlot", s("floor")),
                      Map.entry("bookingVenueDay", s("venue#2026-12-03")),
                      Map.entry("holdExpiresAt", n(now + 900_000)),
                      Map.entry("holdDueShard", s("HOLDS#" + (i % 4))),
                      Map.entry("holdDueAt", n(now + 900_000)),
                      Map.entry("holdSlot", s("floor"))));
          List<TransactWriteItem> actions =
              List.of(
                  TransactWriteItem.builder()
                      .update(
                          Update.builder()
                              .tableName(table)
                              .key(Map.of("PK", s("SLOT#floor"), "SK", s("SLOT")))
                              .updateExpression("SET remaining = remaining - :q")
                              .conditionExpression(
                                  "attribute_exists(PK) AND #status = :open AND startAt > :now AND remaining >= :q"
                                      + " AND forWaitlist = :zero")
                              .expressionAttributeNames(Map.of("#status", "status"))
                              .expressionAttributeValues(
                                  Map.of(
                                      ":q", n(1), ":open", s("OPEN"), ":now", n(now), ":zero",
                                      n(0)))
                              .returnValuesOnConditionCheckFailure(ALL_OLD)
                              .build())
                      .build(),
                  TransactWriteItem.builder()
                      .put(
                          Put.builder()
                              .tableName(table)
                              .item(booking)
                              .conditionExpression("attribute_not_exists(PK)")
                              .build())
                      .build(),
                  TransactWriteItem.builder()
                      .put(
                          Put.builder()
                              .tableName(table)
                              .item(
                                  Map.of(
                                      "PK",
                                      s("SLOT#floor"),
                                      "SK",
                                      s("MEMBER#" + user),
                                      "type",
                                      s("MEMBER_GUARD"),
                                      "bookingId",
                                      s(id)))
                              .conditionExpression("attribute_not_exists(PK)")
                              .returnValuesOnConditionCheckFailure(ALL_OLD)
                              .build())
                      .build(),
                  TransactWriteItem.builder()
                      .update(
                          Update.builder()
                              .tableName(table)
                              .key(Map.of("PK", s("MEMBER#" + user), "SK", s("UPCOMING#venue")))
                              .updateExpression(
                                  "ADD upcoming :by SET #type = :type, venueId = :venue")
                              .expressionAttributeNames(Map.of("#type", "type"))
                              .expressionAttributeValues(
                                  Map.of(":by", n(1), ":type", s("UPCOMING"), ":venue", s("venue")))
                              .returnValuesOnConditionCheckFailure(ALL_OLD)
                              .build())
                      .build(),
                  TransactWriteItem.builder()
                      .put(
                          Put.builder()
                              .tableName(table)
                              .item(
                                  Map.of(
                                      "PK",
                                      s("MEMBER#" + user),
                                      "SK",
                                      s("CAL#2026-12-03"),
                                      "type",
                                      s("CALENDAR"),
                                      "version",
                                      n(1),
                                      "entries",
                                      AttributeValue.fromM(
                                          Map.of(
                                              id,
                                              AttributeValue.fromM(
                                                  Map.of(
                                                      "start",
                                                      n(start),
                                                      "end",
                                                      n(start + 3_600_000)))))))
                              .conditionExpression("attribute_not_exists(PK)")
                              .returnValuesOnConditionCheckFailure(ALL_OLD)
                              .build())
                      .build(),
                  TransactWriteItem.builder()
                      .put(
                          Put.builder()
                              .tableName(table)
                              .item(
                                  Map.of(
                                      "PK",
                                      s("BOOKING#" + id),
                                      "SK",
                                      s("AUDIT#" + now + "#v0000000001"),
                                      "type",
                                      s("AUDIT"),
                                      "at",
                                      n(now),
                                      "actor",
                                      s(user),
                                      "entity",
                                      s("booking:" + id),
                                      "from",
                                      s("-"),
                                      "to",
                                      s("PENDING_PAY"),
                                      "reason",
                                      s("booked")))
                              .build())
                      .build());
          try {
            dynamo.transactWriteItems(r -> r.transactItems(actions));
            return true;
          } catch (TransactionCanceledException soldOut) {
            return false;
          }
        });
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static AttributeValue n(long v) {
    return AttributeValue.fromN(Long.toString(v));
  }
}
