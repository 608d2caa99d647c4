package fairslot.testing;

import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A DynamoDB client on the emulator that runs {@code before} ahead of each call of one operation:
 * to count calls, or to make another request happen at an exact point of a store's work.
 */
public final class WatchedDynamo {
  private WatchedDynamo() {}

  public static DynamoDbClient before(String operation, Runnable before) {
    return DynamoDbClient.builder()
        .endpointOverride(Aws.endpoint().uri())
        .region(Aws.endpoint().region())
        .credentialsProvider(Aws.endpoint().credentials())
        .httpClient(UrlConnectionHttpClient.create())
        .overrideConfiguration(
            c ->
                c.addExecutionInterceptor(
                    new ExecutionInterceptor() {
                      @Override
                      public void beforeExecution(
                          Context.BeforeExecution context, ExecutionAttributes attributes) {
                        if (operation.equals(
                            attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME))) {
                          before.run();
                        }
                      }
                    }))
        .build();
  }
}
