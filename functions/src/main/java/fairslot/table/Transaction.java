package fairslot.table;

import fairslot.aws.AwsRetries;
import fairslot.kernel.Unavailable;
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
 * One TransactWriteItems whose actions have names, constants of the enum {@code A} its store
 * declares for its transactions. DynamoDB reports a cancellation's reasons by the position each
 * action was sent in; this keeps the positions to itself, so a store asks "did the guard fail?" by
 * a name the compiler checks: a misspelt or foreign name does not compile, where a string would
 * silently answer "not failed".
 */
public final class Transaction<A extends Enum<A>> {
  private final List<TransactWriteItem> items = new ArrayList<>();
  private final Map<String, Integer> positions = new LinkedHashMap<>();

  /** An action whose outcome a caller reads back by {@code action}. */
  public Transaction<A> add(A action, TransactWriteItem item) {
    return add(action.name(), item);
  }

  private Transaction<A> add(String name, TransactWriteItem item) {
    if (positions.putIfAbsent(name, items.size()) != null) {
      throw new IllegalArgumentException("two actions named " + name);
    }
    items.add(item);
    return this;
  }

  /** An action whose failure nobody tells apart from contention (an audit line, a notification). */
  public Transaction<A> add(TransactWriteItem item) {
    items.add(item);
    return this;
  }

  /**
   * Several actions of one kind, named {@code action} 0, 1, ... in order (one per calendar day,
   * say).
   */
  public Transaction<A> addEach(A action, List<TransactWriteItem> each) {
    for (int i = 0; i < each.size(); i++) {
      add(action.name() + "#" + i, each.get(i));
    }
    return this;
  }

  /**
   * Every action of {@code other} (a rule of its own, with its own names), as the part {@code part}
   * of this one: a reschedule releases a seat here and takes one there, read back as {@code
   * failed(part, action)}.
   */
  public <B extends Enum<B>> Transaction<A> join(A part, Transaction<B> other) {
    Map<Integer, String> names = new LinkedHashMap<>();
    other.positions.forEach((name, at) -> names.put(at, name));
    for (int i = 0; i < other.items.size(); i++) {
      String name = names.get(i);
      if (name == null) {
        add(other.items.get(i));
      } else {
        add(part.name() + "." + name, other.items.get(i));
      }
    }
    return this;
  }

  public List<TransactWriteItem> items() {
    return List.copyOf(items);
  }

  /** Commits all or nothing: empty when it committed, the reasons by name when it was cancelled. */
  public Optional<Cancelled<A>> commit(DynamoDbClient dynamo) {
    try {
      dynamo.transactWriteItems(r -> r.transactItems(items));
      return Optional.empty();
    } catch (TransactionCanceledException e) {
      if (AwsRetries.isContention(e)) {
        // Only reached with a client that is not Resilient-wrapped: contention is never a result.
        throw new Unavailable("transaction still contended after the SDK's retries", e);
      }
      return Optional.of(new Cancelled<>(e, Map.copyOf(positions)));
    }
  }

  /** Why a transaction was cancelled, asked by action name. */
  public static final class Cancelled<A extends Enum<A>> {
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
    public TransactionCanceledException exception() {
      return exception;
    }

    /**
     * Whether the action's condition failed (false for an action this transaction did not send: one
     * added only in some cases).
     */
    public boolean failed(A action) {
      return failed(action.name());
    }

    public boolean failed(A action, int i) {
      return failed(action.name() + "#" + i);
    }

    /** Whether any of the actions added by {@code addEach(action, ...)} failed. */
    public boolean failedAny(A action) {
      String prefix = action.name() + "#";
      return positions.keySet().stream().anyMatch(n -> n.startsWith(prefix) && failed(n));
    }

    /** Whether {@code action} of the joined part {@code part} failed. */
    public boolean failed(A part, Enum<?> action) {
      return failed(part.name() + "." + action.name());
    }

    private boolean failed(String name) {
      return reason(name).map(r -> "ConditionalCheckFailed".equals(r.code())).orElse(false);
    }

    /**
     * The named item as it was when its condition failed (sent with
     * ReturnValuesOnConditionCheckFailure=ALL_OLD).
     */
    public Optional<Map<String, AttributeValue>> oldItem(A action) {
      return oldItem(action.name());
    }

    private Optional<Map<String, AttributeValue>> oldItem(String name) {
      return reason(name)
          .filter(r -> r.hasItem() && !r.item().isEmpty())
          .map(CancellationReason::item);
    }

    public Optional<Map<String, AttributeValue>> oldItem(A action, int i) {
      return oldItem(action.name() + "#" + i);
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
