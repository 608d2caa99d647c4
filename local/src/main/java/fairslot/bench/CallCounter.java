package fairslot.bench;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/** DynamoDB calls by operation, and the write units of transactions estimated from their items. */
final class CallCounter implements ExecutionInterceptor {
  final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
  final AtomicInteger estimatedWcu = new AtomicInteger();
  final AtomicInteger baseTableWcu = new AtomicInteger();
  private final WriteUnits units;

  CallCounter(WriteUnits units) {
    this.units = units;
  }

  @Override
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
    calls.computeIfAbsent(operation, k -> new AtomicInteger()).incrementAndGet();
    if (context.request() instanceof TransactWriteItemsRequest t) {
      for (var action : t.transactItems()) {
        estimatedWcu.addAndGet(units.of(action, true));
      }
      baseTableWcu.addAndGet(2 * t.transactItems().size());
    }
  }

  int total() {
    return calls.values().stream().mapToInt(AtomicInteger::get).sum();
  }

  void reset() {
    calls.clear();
    estimatedWcu.set(0);
    baseTableWcu.set(0);
  }
}
