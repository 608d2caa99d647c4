package fairslot.member.store;

import static fairslot.table.Attr.n;

import fairslot.member.app.RateCounterStore;
import fairslot.member.domain.RateWindow;
import fairslot.table.Attr;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * {@code RATE#<userId>#<window> / RATE}: one atomic ADD per report, expiring (TTL) a minute after
 * its window. An ADD needs no condition: the count is a sum, and a retried report only counts the
 * member as busier than they were (the safe side).
 */
public final class DynamoDbRateCounterStore implements RateCounterStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbRateCounterStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public long add(String userId, RateWindow window, int delta) {
    var response =
        dynamo.updateItem(
            r ->
                r.tableName(table)
                    .key(Attr.key("RATE#" + userId + "#" + window.index(), "RATE"))
                    .updateExpression("ADD requests :d SET #ttl = :ttl")
                    .expressionAttributeNames(Map.of("#ttl", "ttl"))
                    .expressionAttributeValues(
                        Map.of(
                            ":d",
                            n(delta),
                            ":ttl",
                            n(window.end().plusSeconds(60).getEpochSecond())))
                    .returnValues(ReturnValue.UPDATED_NEW));
    return Long.parseLong(response.attributes().get("requests").n());
  }
}
