package fairslot.member.store;

import fairslot.member.app.ContactCodeStore;
import fairslot.member.domain.Channel;
import fairslot.member.domain.ContactCode;
import fairslot.table.Keys;
import fairslot.table.Transaction;
import java.time.Instant;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** Verification codes and their send limits, as {@link ContactCodeItems} writes them. */
public final class DynamoDbContactCodeStore implements ContactCodeStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbContactCodeStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  private enum Action {
    CODE,
    MEMBER_SENDS,
    TARGET_SENDS
  }

  @Override
  public Optional<ContactCode> pending(String userId, Channel channel) {
    var item =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .key(ContactCodeItems.key(userId, channel))
                        .consistentRead(true))
            .item();
    return item == null || item.isEmpty()
        ? Optional.empty()
        : Optional.of(ContactCodeItems.fromItem(userId, channel, item));
  }

  @Override
  public IssueResult issue(ContactCode code, Instant now) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(Action.CODE, ContactCodeItems.put(table, code))
            .add(
                Action.MEMBER_SENDS,
                ContactCodeItems.countSend(
                    table,
                    Keys.member(code.userId()),
                    ContactCodeItems.memberCounterSk(code.channel()),
                    SENDS_PER_MEMBER,
                    now))
            .add(
                Action.TARGET_SENDS,
                ContactCodeItems.countSend(
                    table,
                    ContactCodeItems.targetPk(code.channel(), code.target()),
                    "CODES#",
                    SENDS_PER_TARGET,
                    now));
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return IssueResult.ISSUED;
    }
    if (cancelled.get().failed(Action.MEMBER_SENDS)
        || cancelled.get().failed(Action.TARGET_SENDS)) {
      return IssueResult.RATE_LIMITED;
    }
    throw cancelled.get().exception();
  }

  @Override
  public boolean miss(ContactCode seen) {
    try {
      dynamo.updateItem(ContactCodeItems.miss(table, seen));
      return true;
    } catch (ConditionalCheckFailedException moved) {
      return false;
    }
  }
}
