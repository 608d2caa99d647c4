package fairslot.booking.store;

import fairslot.booking.domain.RequestStatus;
import fairslot.privacy.app.MemberDataPart;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * A member's booking requests (queued admission, lottery entries) in their export and erasure,
 * found through the link put under the member with each. A decided request goes to the pseudonym
 * (its lottery list entry too) and its link is dropped; one still QUEUED or ENTERED keeps the
 * member until it is decided.
 */
public final class RequestMemberData implements MemberDataPart {
  private static final Set<RequestStatus> LIVE =
      Set.of(RequestStatus.QUEUED, RequestStatus.ENTERED);

  private final DynamoDbClient dynamo;
  private final String table;
  private final RequestWrites writes;

  public RequestMemberData(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new RequestWrites(table);
  }

  @Override
  public String name() {
    return "bookingRequests";
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
      Optional<Map<String, AttributeValue>> request = linked.item();
      if (request.isPresent() && userId.equals(Attr.str(request.get(), "userId"))) {
        String status = Attr.str(request.get(), "status");
        if (LIVE.contains(RequestStatus.valueOf(status))) {
          inUse++;
          continue;
        }
        String requestId = Attr.str(link, "requestId");
        try {
          dynamo.updateItem(writes.pseudonymise(requestId, status, userId, pseudonym));
          changed++;
        } catch (ConditionalCheckFailedException moved) {
          inUse++;
          continue;
        }
        try {
          dynamo.updateItem(
              writes.pseudonymiseEntry(Attr.str(link, "slotId"), requestId, userId, pseudonym));
          changed++;
        } catch (ConditionalCheckFailedException notALotteryEntry) {
          // a queued request has no list entry (or an earlier run gave it away)
        }
      }
      RawItems.delete(dynamo, table, link);
      changed++;
    }
    return inUse == 0 ? new Step.Finished(changed) : new Step.Waiting(changed, inUse);
  }

  /** The member's requests, through the link each put under the member. */
  private List<RawItems.Linked> linked(String userId) {
    return RawItems.linkedOf(
        dynamo,
        table,
        userId,
        RequestItemMapper.LINK_PREFIX,
        link -> Attr.key(Keys.request(Attr.str(link, "requestId")), "REQUEST"));
  }
}
