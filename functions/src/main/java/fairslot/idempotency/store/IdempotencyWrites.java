package fairslot.idempotency.store;

import static fairslot.table.Attr.n;

import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdempotentRequest;
import fairslot.table.Attr;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The idempotency record's one builder: written in the same transaction as the change it answers
 * for, or on its own after it.
 */
public final class IdempotencyWrites {
  private final String table;

  public IdempotencyWrites(String table) {
    this.table = table;
  }

  /**
   * The completed answer under the request's key, only where no live record is (an expired one is
   * replaced): a second request with the key fails this action and replays the first answer.
   */
  public TransactWriteItem record(IdempotentRequest request, StoredResponse response, Instant at) {
    return TransactWriteItem.builder().put(put(request, response, at)).build();
  }

  /**
   * A keyed change cancelled on its answer's put ({@code record}, the item found there): a twin of
   * {@code request} made the change (its answer), or the key answered another request.
   */
  public static KeyedWrite keyTaken(
      Optional<Map<String, AttributeValue>> record, IdempotentRequest request) {
    return record.isPresent() && IdempotencyItemMapper.sameRequest(record.get(), request)
        ? new KeyedWrite.Replay(IdempotencyItemMapper.response(record.get()))
        : new KeyedWrite.KeyReused();
  }

  /** The same put on its own, for an answer recorded after its change (a plain create). */
  PutItemRequest recordAlone(IdempotentRequest request, StoredResponse response, Instant at) {
    Put put = put(request, response, at);
    return PutItemRequest.builder()
        .tableName(put.tableName())
        .item(put.item())
        .conditionExpression(put.conditionExpression())
        .expressionAttributeNames(put.expressionAttributeNames())
        .expressionAttributeValues(put.expressionAttributeValues())
        .build();
  }

  private Put put(IdempotentRequest request, StoredResponse response, Instant at) {
    return Put.builder()
        .tableName(table)
        .item(IdempotencyItemMapper.completed(request, response, at))
        .conditionExpression(IdempotencyItemMapper.FRESH_CONDITION)
        .expressionAttributeNames(Map.of("#ttl", "ttl"))
        .expressionAttributeValues(Map.of(":nowSeconds", n(at.getEpochSecond())))
        .returnValuesOnConditionCheckFailure(Attr.ALL_OLD)
        .build();
  }
}
