package fairslot.bench;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import fairslot.handler.BookingQueueHandler;
import fairslot.handler.HttpApiHandler;
import fairslot.handler.WaitlistQueueHandler;
import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Runs in a fresh JVM with only the Lambda jar (and this class) on the classpath: loads one handler
 * with its no-arg constructor (as Lambda does, wiring from the environment) and serves a first
 * event, printing milliseconds since JVM start for each step. Mode "floor" only builds the same
 * DynamoDB client and makes one call: the least any handler could do.
 */
public final class ColdStartProbe {
  private ColdStartProbe() {}

  public static void main(String[] args) throws Exception {
    long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    long mainAt = System.currentTimeMillis();
    String target = args[0];
    var classes = ManagementFactory.getClassLoadingMXBean();
    long initStart = System.nanoTime();
    Object handler;
    Runnable firstInvoke;
    if (target.equals("floor")) {
      var client = DynamoDbClient.builder().httpClient(UrlConnectionHttpClient.create()).build();
      handler = client;
      firstInvoke =
          () ->
              client.getItem(
                  r ->
                      r.tableName(System.getenv("FAIRSLOT_TABLE"))
                          .key(
                              Map.of(
                                  "PK", AttributeValue.fromS("SLOT#none"),
                                  "SK", AttributeValue.fromS("SLOT"))));
    } else {
      handler = Class.forName(target).getConstructor().newInstance();
      firstInvoke = () -> invoke(handler);
    }
    long initMs = (System.nanoTime() - initStart) / 1_000_000;
    long initClasses = classes.getTotalLoadedClassCount();
    // A marker between the phases for the class-load log (ColdStart reads it).
    System.out.println("probe first invoke");
    long invokeStart = System.nanoTime();
    firstInvoke.run();
    long firstInvokeMs = (System.nanoTime() - invokeStart) / 1_000_000;
    System.out.printf(
        "probe %s: jvm_to_main_ms=%d init_ms=%d first_invoke_ms=%d init_classes=%d"
            + " first_invoke_classes=%d%n",
        target,
        mainAt - jvmStart,
        initMs,
        firstInvokeMs,
        initClasses,
        classes.getTotalLoadedClassCount() - initClasses);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void invoke(Object handler) {
    var h = (RequestHandler) handler;
    if (handler instanceof HttpApiHandler) {
      h.handleRequest(
          APIGatewayV2HTTPEvent.builder()
              .withRouteKey("GET /slots/{slotId}")
              .withPathParameters(Map.of("slotId", "none"))
              .withHeaders(Map.of())
              .withIsBase64Encoded(false)
              .build(),
          null);
    } else if (handler instanceof WaitlistQueueHandler || handler instanceof BookingQueueHandler) {
      var event = new SQSEvent();
      event.setRecords(List.of());
      h.handleRequest(event, null);
    } else {
      h.handleRequest(new HashMap<String, Object>(Map.of("job", "sweep-holds")), null);
    }
  }
}
