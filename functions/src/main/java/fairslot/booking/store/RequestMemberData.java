package fairslot.booking.store;

import static fairslot.table.Attr.s;

import fairslot.booking.domain.RequestStatus;
import fairslot.privacy.app.MemberDataPart;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

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
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, AttributeValue> link : links(userId)) {
      request(link).ifPresent(r -> out.add(RawItems.plain(r)));
    }
    return out;
  }

  @Override
  public Step erase(String userId, String pseudonym) {
    int changed = 0;
    int inUse = 0;
    for (Map<String, AttributeValue> link : links(userId)) {
      Optional<Map<String, AttributeValue>> request = request(link);
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
      dynamo.deleteItem(
          DeleteItemRequest.builder()
              .tableName(table)
              .key(Map.of(Keys.PK, link.get(Keys.PK), Keys.SK, link.get(Keys.SK)))
              .build());
      changed++;
    }
    return inUse == 0 ? new Step.Finished(changed) : new Step.Waiting(changed, inUse);
  }

  private Optional<Map<String, AttributeValue>> request(Map<String, AttributeValue> link) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                GetItemRequest.builder()
                    .tableName(table)
                    .key(Attr.key(Keys.request(Attr.str(link, "requestId")), "REQUEST"))
                    .consistentRead(true)
                    .build())
            .item();
    return item == null || item.isEmpty() ? Optional.empty() : Optional.of(item);
  }

  private List<Map<String, AttributeValue>> links(String userId) {
    return RawItems.all(
        dynamo,
        QueryRequest.builder()
            .tableName(table)
            .consistentRead(true)
            .keyConditionExpression("PK = :pk AND begins_with(SK, :link)")
            .expressionAttributeValues(
                Map.of(":pk", s(Keys.member(userId)), ":link", s(RequestItemMapper.LINK_PREFIX)))
            .build());
  }
}
