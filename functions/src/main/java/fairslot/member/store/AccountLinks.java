package fairslot.member.store;

import static fairslot.table.Attr.s;

import fairslot.member.domain.Phone;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The items that tie a phone to a member account, shared by the member-profile and walk-in stores:
 * the phone's claim ({@code PHONE#<phone>} / {@code ACCOUNT}, held by the member who proved the
 * phone) and a walk-in's link pointer ({@code CUSTOMER#<customerId>} / {@code LINK}). Both name the
 * account as {@code userId}.
 */
final class AccountLinks {
  private AccountLinks() {}

  static Map<String, AttributeValue> claimKey(Phone phone) {
    return Attr.key(Keys.phone(phone.value()), "ACCOUNT");
  }

  static Map<String, AttributeValue> pointerKey(String customerId) {
    return Attr.key(Keys.customerLink(customerId), "LINK");
  }

  /** From the walk-in's id to the account, for whoever holds only the id (a booking's notice). */
  static TransactWriteItem pointer(String table, String customerId, String userId) {
    return pointer(table, customerId, userId, Optional.empty());
  }

  /**
   * The pointer moves to {@code userId} from whoever it named as read ({@code was}), or is made
   * where there was none.
   */
  static TransactWriteItem pointer(
      String table, String customerId, String userId, Optional<String> was) {
    Map<String, AttributeValue> item = new HashMap<>(pointerKey(customerId));
    item.put("type", s("CUSTOMER_LINK"));
    item.put("userId", s(userId));
    Put.Builder put = Put.builder().tableName(table).item(item);
    was.ifPresentOrElse(
        w ->
            put.conditionExpression("attribute_not_exists(PK) OR userId = :was")
                .expressionAttributeValues(Map.of(":was", s(w))),
        () -> put.conditionExpression("attribute_not_exists(PK)"));
    return TransactWriteItem.builder().put(put.build()).build();
  }

  /** On condition {@code userId} holds it: the claim or the pointer at {@code key} goes. */
  private static TransactWriteItem deleteHeldBy(
      String table, Map<String, AttributeValue> key, String userId) {
    return TransactWriteItem.builder()
        .delete(
            Delete.builder()
                .tableName(table)
                .key(key)
                .conditionExpression("userId = :u")
                .expressionAttributeValues(Map.of(":u", s(userId)))
                .build())
        .build();
  }

  /** The member gives the phone up (on condition they hold it). */
  static TransactWriteItem release(String table, Phone phone, String userId) {
    return deleteHeldBy(table, claimKey(phone), userId);
  }

  /** The walk-in's bookings are no longer the member's (on condition they were). */
  static TransactWriteItem dropPointer(String table, String customerId, String userId) {
    return deleteHeldBy(table, pointerKey(customerId), userId);
  }

  /** The account a claim or a pointer names, read consistently. */
  static Optional<String> accountAt(
      DynamoDbClient dynamo, String table, Map<String, AttributeValue> key) {
    Map<String, AttributeValue> item =
        dynamo.getItem(r -> r.tableName(table).key(key).consistentRead(true)).item();
    return item == null || item.isEmpty()
        ? Optional.empty()
        : Optional.of(Attr.str(item, "userId"));
  }
}
