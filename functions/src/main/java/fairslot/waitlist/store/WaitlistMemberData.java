package fairslot.waitlist.store;

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
    for (Map<String, AttributeValue> link :
        RawItems.ofMember(dynamo, table, userId, WaitEntryWrites.LINK_PREFIX)) {
      RawItems.get(dynamo, table, Attr.key(Keys.waitEntry(Attr.str(link, "entryId")), "WAITENTRY"))
          .ifPresent(e -> out.add(RawItems.plain(e)));
    }
    return out;
  }

  @Override
  public Step erase(String userId, String pseudonym) {
    int changed = 0;
    int inUse = 0;
    for (Map<String, AttributeValue> link :
        RawItems.ofMember(dynamo, table, userId, WaitEntryWrites.LINK_PREFIX)) {
      var entry =
          RawItems.get(
              dynamo, table, Attr.key(Keys.waitEntry(Attr.str(link, "entryId")), "WAITENTRY"));
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
}
