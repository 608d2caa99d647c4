package fairslot.table;

import fairslot.definitions.Fairslot;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Items as a member's export shows them (API.md v1.2 "Data rights"): every attribute as a plain
 * value, without the table's keys, index copies, expiry times or secrets (a code's salt and hash).
 */
public final class RawItems {
  private RawItems() {}

  /** Attributes that are the table's plumbing, not the member's data. */
  private static final Set<String> PLUMBING =
      Set.of(
          Keys.PK,
          Keys.SK,
          "ttl",
          "salt",
          "hash",
          "bookingUser",
          "bookingSlot",
          "bookingVenueDay",
          "holdSlot",
          "entrySlot",
          "waitingSlot",
          "moneyShard",
          "moneyAt");

  /** Every item a query finds, page by page. */
  public static List<Map<String, AttributeValue>> all(DynamoDbClient dynamo, QueryRequest query) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      QueryRequest.Builder page = query.toBuilder();
      if (start != null) {
        page.exclusiveStartKey(start);
      }
      QueryResponse response = dynamo.query(page.build());
      items.addAll(response.items());
      start = response.hasLastEvaluatedKey() ? response.lastEvaluatedKey() : null;
    } while (start != null && !start.isEmpty());
    return items;
  }

  /** The item in plain values, attributes in name order. */
  public static Map<String, Object> plain(Map<String, AttributeValue> item) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, AttributeValue> e : new TreeMap<>(item).entrySet()) {
      String name = e.getKey();
      if (!PLUMBING.contains(name) && !name.endsWith("Shard") && !name.endsWith("DueAt")) {
        out.put(name, value(e.getValue()));
      }
    }
    return out;
  }

  private static Object value(AttributeValue v) {
    return switch (v.type()) {
      case S -> v.s();
      case N -> new BigDecimal(v.n());
      case BOOL -> v.bool();
      case NUL -> null;
      case SS -> List.copyOf(v.ss());
      case NS -> v.ns().stream().map(BigDecimal::new).toList();
      case L -> v.l().stream().map(RawItems::value).toList();
      case M -> {
        Map<String, Object> m = new LinkedHashMap<>();
        new TreeMap<>(v.m()).forEach((k, x) -> m.put(k, value(x)));
        yield m;
      }
      case B -> base64(v.b());
      case BS -> v.bs().stream().map(RawItems::base64).toList();
      default -> String.valueOf(v);
    };
  }

  private static String base64(SdkBytes bytes) {
    return Base64.getEncoder().encodeToString(bytes.asByteArray());
  }

  /** The member's items whose sort key begins with {@code prefix} (consistent). */
  public static List<Map<String, AttributeValue>> ofMember(
      DynamoDbClient dynamo, String table, String userId, String prefix) {
    return all(
        dynamo,
        QueryRequest.builder()
            .tableName(table)
            .consistentRead(true)
            .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
            .expressionAttributeValues(
                Map.of(":pk", Attr.s(Keys.member(userId)), ":prefix", Attr.s(prefix)))
            .build());
  }

  /** A member's link item and the item it names, if that still exists. */
  public record Linked(
      Map<String, AttributeValue> link, Optional<Map<String, AttributeValue>> item) {}

  /**
   * The member's links whose sort key begins with {@code prefix}, each with the item it names
   * ({@code keyOf} makes that item's key from the link), read consistently.
   */
  public static List<Linked> linkedOf(
      DynamoDbClient dynamo,
      String table,
      String userId,
      String prefix,
      Function<Map<String, AttributeValue>, Map<String, AttributeValue>> keyOf) {
    return ofMember(dynamo, table, userId, prefix).stream()
        .map(link -> new Linked(link, get(dynamo, table, keyOf.apply(link))))
        .toList();
  }

  /** The bookings made under {@code userId} (the bookingsByUser index: eventually consistent). */
  public static List<Map<String, AttributeValue>> bookingsOf(
      DynamoDbClient dynamo, String table, String userId) {
    return all(
        dynamo,
        QueryRequest.builder()
            .tableName(table)
            .indexName(Fairslot.BOOKINGS_BY_USER)
            .keyConditionExpression("bookingUser = :u")
            .expressionAttributeValues(Map.of(":u", Attr.s(userId)))
            .build());
  }

  /** One item, read consistently; empty if there is none. */
  public static Optional<Map<String, AttributeValue>> get(
      DynamoDbClient dynamo, String table, Map<String, AttributeValue> key) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                GetItemRequest.builder().tableName(table).key(key).consistentRead(true).build())
            .item();
    return item == null || item.isEmpty() ? Optional.empty() : Optional.of(item);
  }

  /** Deletes the item of {@code item}'s keys, unconditionally. */
  public static void delete(DynamoDbClient dynamo, String table, Map<String, AttributeValue> item) {
    dynamo.deleteItem(
        DeleteItemRequest.builder()
            .tableName(table)
            .key(Map.of(Keys.PK, item.get(Keys.PK), Keys.SK, item.get(Keys.SK)))
            .build());
  }
}
