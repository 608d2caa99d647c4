package fairslot.idempotency.store;

import fairslot.idempotency.app.IdempotencyStore;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdempotentRequest;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

public final class DynamoDbIdempotencyStore implements IdempotencyStore {
  private final DynamoDbClient dynamo;
  private final String table;
  private final IdempotencyWrites writes;

  public DynamoDbIdempotencyStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new IdempotencyWrites(table);
  }

  @Override
  public Optional<Recorded> find(String scope, Instant now) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .key(Attr.key(Keys.idempotency(scope), "IDEM"))
                        .consistentRead(true))
            .item();
    if (item == null || item.isEmpty() || Attr.num(item, "ttl") < now.getEpochSecond()) {
      return Optional.empty();
    }
    return Optional.of(
        new Recorded(Attr.str(item, "fingerprint"), IdempotencyItemMapper.response(item)));
  }

  @Override
  public boolean record(IdempotentRequest request, StoredResponse response, Instant now) {
    try {
      dynamo.putItem(writes.recordAlone(request, response, now));
      return true;
    } catch (ConditionalCheckFailedException alreadyRecorded) {
      return false;
    }
  }
}
