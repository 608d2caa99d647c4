package fairslot.member.store;

import static fairslot.table.Attr.s;

import fairslot.notification.domain.Channel;
import fairslot.privacy.app.MemberDataPart;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The member's own items in their export and erasure: the profile, the phone's claim and the
 * walk-in it linked, pending codes and their send counters, the WeChat identity, standing, and the
 * per-venue counters and calendar days. Erasure deletes them; a counter or calendar day still
 * counting a live booking stays until the booking ends (it is that booking's condition).
 */
public final class MemberRecords implements MemberDataPart {
  /** The member's items this part answers for, by sort key prefix (the others have their parts). */
  private static final List<String> OWN =
      List.of("PROFILE", "CODE#", "CODES#", "WECHAT", "STANDING#", "UPCOMING#", "CAL#");

  /** Counter items keyed by hour that may still exist: they expire two hours after their hour. */
  private static final int HOURS_KEPT = 3;

  private final DynamoDbClient dynamo;
  private final String table;
  private final Clock clock;

  public MemberRecords(DynamoDbClient dynamo, String table, Clock clock) {
    this.dynamo = dynamo;
    this.table = table;
    this.clock = clock;
  }

  @Override
  public String name() {
    return "member";
  }

  @Override
  public List<Map<String, Object>> export(String userId) {
    return own(userId).stream().map(RawItems::plain).toList();
  }

  @Override
  public Step erase(String userId, String pseudonym) {
    List<Map<String, AttributeValue>> items = own(userId);
    Set<String> phones = new LinkedHashSet<>();
    Set<String> emails = new LinkedHashSet<>();
    int changed = 0;
    int inUse = 0;
    for (Map<String, AttributeValue> item : items) {
      String sk = Attr.str(item, Keys.SK);
      if (sk.equals("PROFILE")) {
        Attr.optionalString(item, "phone").ifPresent(phones::add);
        Attr.optionalString(item, "email").ifPresent(emails::add);
        if (item.containsKey("linkedCustomers")) {
          for (String customerId : item.get("linkedCustomers").ss()) {
            changed += delete(Attr.key(Keys.customerLink(customerId), "LINK"), "userId", userId);
          }
        }
      }
      if (sk.equals("CODE#SMS")) {
        phones.add(Attr.str(item, "target"));
      }
      if (sk.equals("CODE#EMAIL")) {
        emails.add(Attr.str(item, "target"));
      }
    }
    for (String phone : phones) {
      changed += delete(Attr.key("PHONE#" + phone, "ACCOUNT"), "userId", userId);
      changed += delete(Attr.key("PHONE#" + phone, "PROFILE"), "linkedUserId", userId);
      changed += sendCounters("SMS", phone);
    }
    for (String email : emails) {
      changed += sendCounters("EMAIL", email);
    }
    for (Map<String, AttributeValue> item : items) {
      String sk = Attr.str(item, Keys.SK);
      Map<String, AttributeValue> key =
          Map.of(Keys.PK, item.get(Keys.PK), Keys.SK, item.get(Keys.SK));
      if (sk.startsWith("UPCOMING#") && Attr.numOr(item, "upcoming", 0) > 0
          || sk.startsWith("CAL#")
              && item.containsKey("entries")
              && !item.get("entries").m().isEmpty()) {
        inUse++; // a live booking's counter or calendar entry: its release needs it
        continue;
      }
      dynamo.deleteItem(DeleteItemRequest.builder().tableName(table).key(key).build());
      changed++;
    }
    return inUse == 0 ? new Step.Finished(changed) : new Step.Waiting(changed, inUse);
  }

  /** Deletes the item if {@code attribute} still names the member; 1 if it did. */
  private int delete(Map<String, AttributeValue> key, String attribute, String userId) {
    try {
      dynamo.deleteItem(
          DeleteItemRequest.builder()
              .tableName(table)
              .key(key)
              .conditionExpression("#a = :u")
              .expressionAttributeNames(Map.of("#a", attribute))
              .expressionAttributeValues(Map.of(":u", s(userId)))
              .build());
      return 1;
    } catch (ConditionalCheckFailedException gone) {
      return 0; // gone, or someone else's now
    }
  }

  /** The target's hourly send counters (its address is their key) of the hours still kept. */
  private int sendCounters(String channel, String target) {
    long hour = clock.instant().getEpochSecond() / 3600;
    for (long h = hour - HOURS_KEPT; h <= hour; h++) {
      dynamo.deleteItem(
          DeleteItemRequest.builder()
              .tableName(table)
              .key(
                  Attr.key(
                      ContactCodeItems.targetPk(Channel.valueOf(channel), target), "CODES#" + h))
              .build());
    }
    return 0;
  }

  private List<Map<String, AttributeValue>> own(String userId) {
    return RawItems.all(
            dynamo,
            QueryRequest.builder()
                .tableName(table)
                .consistentRead(true)
                .keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", s(Keys.member(userId))))
                .build())
        .stream()
        .filter(i -> OWN.stream().anyMatch(Attr.str(i, Keys.SK)::startsWith))
        .toList();
  }
}
