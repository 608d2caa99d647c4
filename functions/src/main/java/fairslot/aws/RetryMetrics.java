package fairslot.aws;

import fairslot.shared.Metrics;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * Counts the retries the one retry policy made (conflicts, throttles, 5xx, lost responses) as the
 * {@code AwsRetries} metric, by service and operation: contention shows on the dashboard before it
 * shows as 503s. A call that needed no retry writes nothing.
 */
final class RetryMetrics implements ExecutionInterceptor {
  private static final ExecutionAttribute<Integer> ATTEMPTS =
      new ExecutionAttribute<>("fairslot.attempts");

  @Override
  public void beforeTransmission(
      Context.BeforeTransmission context, ExecutionAttributes attributes) {
    Integer seen = attributes.getAttribute(ATTEMPTS);
    attributes.putAttribute(ATTEMPTS, seen == null ? 1 : seen + 1);
  }

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    report(attributes, "Succeeded");
  }

  @Override
  public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
    report(attributes, "Failed");
  }

  private static void report(ExecutionAttributes attributes, String outcome) {
    Integer attempts = attributes.getAttribute(ATTEMPTS);
    if (attempts == null || attempts < 2) {
      return;
    }
    Metrics.line()
        .dimension(
            "AwsService",
            String.valueOf(attributes.getAttribute(SdkExecutionAttribute.SERVICE_NAME)))
        .dimension(
            "Operation",
            String.valueOf(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME)))
        .count("AwsRetries", attempts - 1)
        .property("outcome", outcome)
        .emit();
  }
}
