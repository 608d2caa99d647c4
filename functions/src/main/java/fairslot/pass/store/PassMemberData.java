package fairslot.pass.store;

import fairslot.pass.domain.PassStatus;
import fairslot.privacy.app.MemberDataPart;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.table.Transaction;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A member's passes in their export and erasure. An ended pass (used up, expired, or never paid
 * for) moves to the pseudonym's partition once none of the member's bookings is live (their venue
 * counters are all zero), since a cancelled booking gives its credits back to the pass it names.
 */
public final class PassMemberData implements MemberDataPart {
  private enum Action {
    MOVE
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final PassWrites writes;
  private final PassHolders holders;

  public PassMemberData(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new PassWrites(table);
    this.holders = new PassHolders(table);
  }

  @Override
  public String name() {
    return "passes";
  }

  @Override
  public List<Map<String, Object>> export(String userId) {
    return RawItems.ofMember(dynamo, table, userId, Keys.pass("")).stream()
        .map(RawItems::plain)
        .toList();
  }

  @Override
  public Step erase(String userId, String pseudonym) {
    List<Map<String, AttributeValue>> passes =
        RawItems.ofMember(dynamo, table, userId, Keys.pass(""));
    if (passes.isEmpty()) {
      return new Step.Finished(0);
    }
    boolean bookingsLive = anyLiveBooking(userId);
    int changed = 0;
    int inUse = 0;
    for (Map<String, AttributeValue> pass : passes) {
      if (bookingsLive || !ended(pass)) {
        inUse++;
        continue;
      }
      if (new Transaction<Action>()
          .addEach(Action.MOVE, writes.giveToPseudonym(pass, pseudonym))
          .add(holders.holds(Attr.str(pass, "passId"), pseudonym))
          .commit(dynamo)
          .isEmpty()) {
        changed++;
      } else {
        inUse++; // it moved since the read: judged again next run
      }
    }
    return inUse == 0 ? new Step.Finished(changed) : new Step.Waiting(changed, inUse);
  }

  private static boolean ended(Map<String, AttributeValue> pass) {
    return switch (PassStatus.valueOf(Attr.str(pass, "status"))) {
      case USED_UP, EXPIRED -> true;
      // never paid, and no payment started: nothing can make it ACTIVE now
      case PENDING_PAY -> !pass.containsKey("paymentNo");
      case ACTIVE -> false;
    };
  }

  /**
   * Whether a booking of the member is live: a venue counter of theirs above zero, read
   * consistently (the index by user may lag a booking just made).
   */
  private boolean anyLiveBooking(String userId) {
    return RawItems.ofMember(dynamo, table, userId, Keys.upcoming("")).stream()
        .anyMatch(c -> Attr.numOr(c, "upcoming", 0) > 0);
  }
}
