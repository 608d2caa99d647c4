package fairslot.waitlist.store;

import static fairslot.table.Attr.s;

import fairslot.privacy.app.MemberDataPart;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.waitlist.domain.WaitlistStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * A member's waitlist entries in their export and erasure, found through the link each join puts
 * under the member. An ended entry goes to the pseudonym and its link is dropped; one still WAITING
 * or OFFERED keeps the member until it ends.
 */
public final class WaitlistMemberData implements MemberDataPart {
  private static final Set<WaitlistStatus> ENDED =
      Set.of(WaitlistStatus.ACCEPTED, WaitlistStatus.EXPIRED, WaitlistStatus.LEFT);

  private final DynamoDbClient dynamo;
  private final String table;

  public WaitlistMemberData(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public String name() {
    return "waitlistEntries";
  }

  @Override
  public List<Map<String, Object>> export(String userId) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, AttributeValue> link : links(userId)) {
      entry(link).ifPresent(e -> out.add(RawItems.plain(e)));
    }
    return out;
  }

  @Override
  public Step erase(String userId, String pseudonym) {
    int changed = 0;
    int inUse = 0;
    for (Map<String, AttributeValue> link : links(userId)) {
      var entry = entry(link);
      if (entry.isPresent() && userId.equals(Attr.str(entry.get(), "userId"))) {
        String status = Attr.str(entry.get(), "status");
        if (!ENDED.contains(WaitlistStatus.valueOf(status))) {
          inUse++;
          continue;
        }
        try {
          dynamo.updateItem(
              WaitEntryWrites.pseudonymise(
                  table, Attr.str(link, "entryId"), status, userId, pseudonym));
          changed++;
        } catch (ConditionalCheckFailedException moved) {
          inUse++;
          continue;
        }
      }
      dynamo.deleteItem(
          DeleteItemRequest.builder()
              .tableName(table)
              .key(Map.of(Keys.PK, link.get(Keys.PK), Keys.SK, link.get(Keys.SK)))
              .build());
      changed++;
    }
    return inUse == 0 ? new Step.Finished(changed) : new Step.Waiting(changed, inUse);
  }

  private java.util.Optional<Map<String, AttributeValue>> entry(Map<String, AttributeValue> link) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                GetItemRequest.builder()
                    .tableName(table)
                    .key(Attr.key(Keys.waitEntry(Attr.str(link, "entryId")), "WAITENTRY"))
                    .consistentRead(true)
                    .build())
            .item();
    return item == null || item.isEmpty()
        ? java.util.Optional.empty()
        : java.util.Optional.of(item);
  }

  private List<Map<String, AttributeValue>> links(String userId) {
    return RawItems.all(
        dynamo,
        QueryRequest.builder()
            .tableName(table)
            .consistentRead(true)
            .keyConditionExpression("PK = :pk AND begins_with(SK, :link)")
            .expressionAttributeValues(
                Map.of(":pk", s(Keys.member(userId)), ":link", s(WaitEntryWrites.LINK_PREFIX)))
            .build());
  }
}
