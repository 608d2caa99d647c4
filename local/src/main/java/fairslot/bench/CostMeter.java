package fairslot.bench;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Every DynamoDB call the functions make, with the request units DynamoDB would bill for it
 * (estimated from the items, since the emulator reports none for transactions): write units as
 * {@link WriteUnits} counts them, read units per started 4 KB (half for an eventually consistent
 * read, twice for a transactional one; a query pays for the sum of the items it returns).
 */
final class CostMeter implements ExecutionInterceptor {
  /** What was counted between two readings. */
  record Reading(Map<String, Long> calls, double readUnits, long writeUnits) {
    Reading minus(Reading earlier) {
      Map<String, Long> diff = new TreeMap<>();
      calls.forEach((op, n) -> diff.put(op, n - earlier.calls.getOrDefault(op, 0L)));
      diff.values().removeIf(n -> n == 0);
      return new Reading(diff, readUnits - earlier.readUnits, writeUnits - earlier.writeUnits);
    }

    long totalCalls() {
      return calls.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();
  private final DoubleAdder readUnits = new DoubleAdder();
  private final AtomicLong writeUnits = new AtomicLong();
  private final WriteUnits units;

  CostMeter(WriteUnits units) {
    this.units = units;
  }

  Reading read() {
    Map<String, Long> now = new TreeMap<>();
    calls.forEach((op, n) -> now.put(op, n.get()));
    return new Reading(now, readUnits.sum(), writeUnits.get());
  }

  @Override
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
    calls.computeIfAbsent(operation, k -> new AtomicLong()).incrementAndGet();
    Object request = context.request();
    if (request instanceof TransactWriteItemsRequest t) {
      t.transactItems().forEach(action -> writeUnits.addAndGet(units.of(action, true)));
    } else {
      writeUnits.addAndGet(units.ofPlain(request));
    }
  }

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    Object request = context.request();
    Object response = context.response();
    if (response instanceof GetItemResponse r) {
      // a read that finds nothing is billed too
      readUnits.add(
          units(
              r.hasItem() ? List.of(r.item()) : List.of(),
              consistent(((GetItemRequest) request).consistentRead())));
    } else if (response instanceof BatchGetItemResponse r) {
      BatchGetItemRequest b = (BatchGetItemRequest) request;
      r.responses()
          .forEach(
              (table, items) -> {
                var keys = b.requestItems().get(table);
                double rate = consistent(keys.consistentRead());
                items.forEach(item -> readUnits.add(units(List.of(item), rate)));
                readUnits.add(rate * Math.max(0, keys.keys().size() - items.size()));
              });
    } else if (response instanceof QueryResponse r) {
      readUnits.add(units(r.items(), consistent(((QueryRequest) request).consistentRead())));
    } else if (response instanceof ScanResponse r) {
      readUnits.add(units(r.items(), consistent(((ScanRequest) request).consistentRead())));
    } else if (response instanceof TransactGetItemsResponse r) {
      r.responses()
          .forEach(item -> readUnits.add(item.hasItem() ? units(List.of(item.item()), 2) : 2));
    }
  }

  private static double consistent(Boolean strongly) {
    return Boolean.TRUE.equals(strongly) ? 1 : 0.5;
  }

  /** Started 4 KB of the items' total size, at least one, times the consistency rate. */
  private static double units(List<Map<String, AttributeValue>> items, double rate) {
    long bytes = items.stream().mapToLong(WriteUnits::bytes).sum();
    return rate * Math.max(1, (bytes + 4095) / 4096);
  }
}
