package fairslot.staff.store;

import static fairslot.table.Attr.s;

import fairslot.kernel.Change;
import fairslot.staff.app.StaffStore;
import fairslot.staff.domain.StaffGrant;
import fairslot.table.Keys;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Venue roles in the table; see {@link StaffGrantMapper} for the two copies of a grant. */
public final class DynamoDbStaffStore implements StaffStore {
  private enum Action {
    GRANT,
    MIRROR,
    AUDIT
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final StaffGrantWrites writes;
  private final RecordParts records;

  public DynamoDbStaffStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new StaffGrantWrites(table);
    this.records = new RecordParts(table);
  }

  @Override
  public Optional<StaffGrant> grant(String venueId, String userId) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .key(StaffGrantMapper.atVenue(venueId, userId))
                        .consistentRead(true))
            .item();
    return item == null || item.isEmpty()
        ? Optional.empty()
        : Optional.of(StaffGrantMapper.fromItem(item));
  }

  @Override
  public List<StaffGrant> grantsAt(String venueId) {
    return all(Keys.venue(venueId), true);
  }

  @Override
  public List<StaffGrant> grantsOf(String userId) {
    // Eventually consistent: half the read cost, and the access cache is a TTL behind anyway.
    return all(Keys.member(userId), false);
  }

  @Override
  public boolean put(StaffGrant grant, Optional<StaffGrant> replacing, Change change) {
    List<TransactWriteItem> items = writes.put(grant, replacing);
    return commit(
        grant,
        items,
        replacing.map(StaffGrantMapper::rolesText).orElse("-"),
        StaffGrantMapper.rolesText(grant),
        change);
  }

  @Override
  public boolean revoke(StaffGrant grant, Change change) {
    return commit(grant, writes.delete(grant), StaffGrantMapper.rolesText(grant), "-", change);
  }

  private boolean commit(
      StaffGrant grant, List<TransactWriteItem> items, String from, String to, Change change) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(Action.GRANT, items.get(0))
            .add(Action.MIRROR, items.get(1))
            .add(
                Action.AUDIT,
                records.audit(
                    Keys.venue(grant.venueId()), "staff:" + grant.userId(), from, to, change));
    return tx.commit(dynamo).isEmpty();
  }

  private List<StaffGrant> all(String pk, boolean consistent) {
    List<StaffGrant> out = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      QueryRequest.Builder q =
          QueryRequest.builder()
              .tableName(table)
              .consistentRead(consistent)
              .keyConditionExpression("PK = :pk AND begins_with(SK, :staff)")
              .expressionAttributeValues(
                  Map.of(":pk", s(pk), ":staff", s(StaffGrantMapper.SK_PREFIX)));
      if (start != null) {
        q.exclusiveStartKey(start);
      }
      QueryResponse response = dynamo.query(q.build());
      response.items().forEach(i -> out.add(StaffGrantMapper.fromItem(i)));
      start =
          response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
              ? response.lastEvaluatedKey()
              : null;
    } while (start != null);
    return out;
  }
}
