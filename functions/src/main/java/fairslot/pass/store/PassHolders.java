package fairslot.pass.store;

import static fairslot.table.Attr.s;

import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The one builder of a pass's holder item ({@code PASS#<passId>}, {@code HOLDER}): who holds the
 * pass, so staff can name a pass by its id alone (a refund, v1.3). Written with the pass, moved
 * with it to an erased member's pseudonym.
 */
final class PassHolders {
  private final String table;

  PassHolders(String table) {
    this.table = table;
  }

  static Map<String, AttributeValue> key(String passId) {
    return Attr.key(Keys.pass(passId), "HOLDER");
  }

  /** {@code userId} holds {@code passId}: the same put again changes nothing. */
  TransactWriteItem holds(String passId, String userId) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(
                Map.of(
                    Keys.PK,
                    s(Keys.pass(passId)),
                    Keys.SK,
                    s("HOLDER"),
                    "type",
                    s("PASS_HOLDER"),
                    "passId",
                    s(passId),
                    "userId",
                    s(userId))));
  }
}
