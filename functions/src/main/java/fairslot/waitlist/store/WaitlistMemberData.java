package fairslot.waitlist.store;

import fairslot.privacy.app.MemberDataPart;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.waitlist.domain.WaitlistStatus;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

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
    return linked(userId).stream().flatMap(l -> l.item().stream()).map(RawItems::plain).toList();
  }

  @Override
  public Step erase(String userId, String pseudonym) {
    int changed = 0;
    int inUse = 0;
    for (RawItems.Linked linked : linked(userId)) {
      Map<String, AttributeValue> link = linked.link();
      var entry = linked.item();
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
      RawItems.delete(dynamo, table, link);
      changed++;
    }
    return inUse == 0 ? new Step.Finished(changed) : new Step.Waiting(changed, inUse);
  }

  /** The member's waitlist entries, through the link each join put under the member. */
  private List<RawItems.Linked> linked(String userId) {
    return RawItems.linkedOf(
        dynamo,
        table,
        userId,
        WaitEntryWrites.LINK_PREFIX,
        link -> Attr.key(Keys.waitEntry(Attr.str(link, "entryId")), "WAITENTRY"));
  }
}
