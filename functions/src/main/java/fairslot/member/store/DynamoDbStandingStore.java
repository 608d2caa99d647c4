package fairslot.member.store;

import fairslot.kernel.Change;
import fairslot.member.app.StandingStore;
import fairslot.member.domain.MemberStanding;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Member standing items (a no-show's strike is written by booking's DynamoDbNoShowStore). */
public final class DynamoDbStandingStore implements StandingStore {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    STANDING
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final RecordParts records;
  private final StandingWrites standings;

  public DynamoDbStandingStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.records = new RecordParts(table);
    this.standings = new StandingWrites(table);
  }

  @Override
  public MemberStanding standing(String userId, String venueId) {
    var response =
        dynamo.getItem(
            r ->
                r.tableName(table)
                    .key(StandingItemMapper.key(userId, venueId))
                    .consistentRead(true));
    return StandingItemMapper.fromItem(
        userId, venueId, response.hasItem() ? response.item() : Map.of());
  }

  @Override
  public boolean pardon(MemberStanding seen, MemberStanding next, Change change) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(Action.STANDING, standings.replace(seen, next))
            .add(StandingWrites.audit(records, seen, next, change))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return true;
    }
    if (cancelled.get().failed(Action.STANDING)) {
      return false;
    }
    throw new IllegalStateException("pardon cancelled for an unexpected reason: " + cancelled);
  }
}
