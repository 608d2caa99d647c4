package fairslot.store.dynamodb;

import fairslot.app.Unavailable;
import fairslot.aws.AwsRetries;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * One TransactWriteItems whose actions have names. DynamoDB reports a cancellation's reasons by the
 * position each action was sent in; this keeps the positions to itself, so a store asks "did the
 * guard fail?", and the actions of two rules can be put in one transaction (release a seat here,
 * take one there) without anyone renumbering.
 */
final class Transaction {
  private final List<TransactWriteItem> items = new ArrayList<>();
  private final Map<String, Integer> positions = new LinkedHashMap<>();

  /** An action whose outcome a caller reads back by {@code name}. */
  Transaction add(String name, TransactWriteItem item) {
    if (positions.putIfAbsent(name, items.size()) != null) {
      throw new IllegalArgumentException("two actions named " + name);
    }
    items.add(item);
    return this;
  }

  /** An action whose failure nobody tells apart from contention (an audit line, a notification). */
  Transaction add(TransactWriteItem item) {
    items.add(item);
    return this;
  }

  /**
   * Several actions of one kind, named {@code name} 0, 1, ... in order (one per calendar day, say).
   */
  Transaction addEach(String name, List<TransactWriteItem> each) {
    for (int i = 0; i < each.size(); i++) {
      add(name + "#" + i, each.get(i));
    }
    return this;
  }

  /** Every action of {@code other}, its names prefixed with {@code prefix} and a dot. */
  Transaction join(String prefix, Transaction other) {
    Map<Integer, String> names = new LinkedHashMap<>();
    other.positions.forEach((name, at) -> names.put(at, name));
    for (int i = 0; i < other.items.size(); i++) {
      String name = names.get(i);
      if (name == null) {
        add(other.items.get(i));
      } else {
        add(prefix + "." + name, other.items.get(i));
      }
    }
    return this;
  }

  List<TransactWriteItem> items() {
    return List.copyOf(items);
  }

  /** Commits all or nothing: empty when it committed, the reasons by name when it was cancelled. */
  Optional<Cancelled> commit(DynamoDbClient dynamo) {
    try {
      dynamo.transactWriteItems(r -> r.transactItems(items));
      return Optional.empty();
    } catch (TransactionCanceledException e) {
      if (AwsRetries.isContention(e)) {
        // Only reached with a client that is not Resilient-wrapped: contention is never a result.
        throw new Unavailable("transaction still contended after the SDK's retries", e);
      }
      return Optional.of(new Cancelled(e, Map.copyOf(positions)));
    }
  }

  /** Why a transaction was cancelled, asked by action name. */
  static final class Cancelled {
    private final TransactionCanceledException exception;
    private final List<CancellationReason> reasons;
    private final Map<String, Integer> positions;

    Cancelled(TransactionCanceledException exception, Map<String, Integer> positions) {
      this.exception = exception;
      this.reasons =
          exception.hasCancellationReasons() ? exception.cancellationReasons() : List.of();
      this.positions = positions;
    }

    /**
     * The SDK's exception, for a cancellation no rule explains (rethrown: a bug, not an outcome).
     */
    TransactionCanceledException exception() {
      return exception;
    }

    /**
     * Whether the named action's condition failed (false for a name the transaction did not have).
     */
    boolean failed(String name) {
      return reason(name).map(r -> "ConditionalCheckFailed".equals(r.code())).orElse(false);
    }

    boolean failed(String name, int i) {
      return failed(name + "#" + i);
    }

    /**
     * The named item as it was when its condition failed (sent with
     * ReturnValuesOnConditionCheckFailure=ALL_OLD).
     */
    Optional<Map<String, AttributeValue>> oldItem(String name) {
      return reason(name)
          .filter(r -> r.hasItem() && !r.item().isEmpty())
          .map(CancellationReason::item);
    }

    Optional<Map<String, AttributeValue>> oldItem(String name, int i) {
      return oldItem(name + "#" + i);
    }

    private Optional<CancellationReason> reason(String name) {
      Integer at = positions.get(name);
      return at == null || at >= reasons.size() ? Optional.empty() : Optional.of(reasons.get(at));
    }

    @Override
    public String toString() {
      Map<Integer, String> names = new LinkedHashMap<>();
      positions.forEach((name, at) -> names.put(at, name));
      List<String> out = new ArrayList<>();
      for (int i = 0; i < reasons.size(); i++) {
        out.add(names.getOrDefault(i, "#" + i) + "=" + reasons.get(i).code());
      }
      return out.toString();
    }
  }
}
