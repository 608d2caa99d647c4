package fairslot.membership.store;

import fairslot.membership.domain.Membership;
import fairslot.privacy.app.MemberDataPart;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.table.Transaction;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A member's memberships in their export and erasure (v1.3). One still running (ACTIVE, PAST_DUE,
 * or waiting on a payment under way) keeps the member's id until it ends; an ended one moves to the
 * pseudonym's partition, plan, dates and amounts kept.
 */
public final class MembershipMemberData implements MemberDataPart {
  private static final Set<String> ENDED =
      Set.of(Membership.Status.CANCELLED.name(), Membership.Status.EXPIRED.name());

  private enum Action {
    MOVE
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final MembershipWrites writes;

  public MembershipMemberData(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new MembershipWrites(table);
  }

  @Override
  public String name() {
    return "memberships";
  }

  @Override
  public List<Map<String, Object>> export(String userId) {
    return items(userId).stream().map(RawItems::plain).toList();
  }

  @Override
  public Step erase(String userId, String pseudonym) {
    int changed = 0;
    int inUse = 0;
    for (Map<String, AttributeValue> item : items(userId)) {
      String status = Attr.str(item, "status");
      boolean unpaid =
          Membership.Status.PENDING_PAY.name().equals(status) && !item.containsKey("paymentNo");
      if (!ENDED.contains(status) && !unpaid) {
        inUse++; // running, or its payment may still succeed
        continue;
      }
      if (new Transaction<Action>()
          .addEach(Action.MOVE, writes.giveToPseudonym(item, pseudonym))
          .commit(dynamo)
          .isEmpty()) {
        changed++;
      } else {
        inUse++; // it moved since the read: judged again on the next run
      }
    }
    return inUse == 0 ? new Step.Finished(changed) : new Step.Waiting(changed, inUse);
  }

  private List<Map<String, AttributeValue>> items(String userId) {
    return RawItems.ofMember(dynamo, table, userId, Keys.membership(""));
  }
}
