package fairslot.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import fairslot.kernel.Unavailable;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.sqs.SqsClient;

class ResilientClientsTest {
  private static final Set<String> NOT_OPERATIONS =
      Set.of("builder", "create", "close", "serviceName", "serviceClientConfiguration");

  /** The functions' own classes (not the emulator's or the local runtime's on the classpath). */
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .importUrl(Resilient.class.getProtectionDomain().getCodeSource().getLocation());

  @Test
  void everyDynamoDbOperationTheCodeCallsIsCoveredByTheWrapper() {
    assertThat(declared(ResilientDynamoDb.class))
        .containsAll(operationsCalledOn(DynamoDbClient.class));
  }

  @Test
  void everySqsOperationTheCodeCallsIsCoveredByTheWrapper() {
    assertThat(declared(ResilientSqs.class)).containsAll(operationsCalledOn(SqsClient.class));
  }

  @Test
  void theScanFindsTheOperationsTheStoresCall() {
    // Guards the check above against passing because it found nothing.
    assertThat(operationsCalledOn(DynamoDbClient.class))
        .contains("getItem", "query", "putItem", "updateItem", "transactWriteItems");
    assertThat(operationsCalledOn(SqsClient.class)).contains("sendMessage");
  }

  @Test
  void aTransientFailureLeavesTheCallAsUnavailable() {
    DynamoDbClient failing =
        new DynamoDbClient() {
          @Override
          public String serviceName() {
            return "dynamodb";
          }

          @Override
          public void close() {}

          @Override
          public QueryResponse query(QueryRequest request) {
            throw SdkClientException.create("connection reset");
          }
        };
    DynamoDbClient resilient = Resilient.dynamo(failing);

    assertThatThrownBy(() -> resilient.query(r -> r.tableName("t")))
        .isInstanceOf(Unavailable.class)
        .hasMessageContaining("query failed after");
    // Paginators end in the same call.
    assertThatThrownBy(() -> resilient.queryPaginator(r -> r.tableName("t")).iterator().next())
        .isInstanceOf(Unavailable.class);
  }

  @Test
  void aBusinessFailurePassesThroughUnchanged() {
    ConditionalCheckFailedException refused =
        ConditionalCheckFailedException.builder().message("no").build();
    DynamoDbClient resilient =
        Resilient.dynamo(
            new DynamoDbClient() {
              @Override
              public String serviceName() {
                return "dynamodb";
              }

              @Override
              public void close() {}

              @Override
              public software.amazon.awssdk.services.dynamodb.model.GetItemResponse getItem(
                  GetItemRequest request) {
                throw refused;
              }
            });

    assertThatThrownBy(() -> resilient.getItem(r -> r.tableName("t"))).isSameAs(refused);
    assertThat(Resilient.dynamo(resilient)).isSameAs(resilient);
  }

  /**
   * The operations main code calls on {@code api}: a paginator or a consumer-builder overload is a
   * default method that ends in the operation of the same base name.
   */
  private static Set<String> operationsCalledOn(Class<?> api) {
    return MAIN.stream()
        .filter(c -> !c.getPackageName().equals("fairslot.aws"))
        .flatMap(c -> c.getMethodCallsFromSelf().stream())
        .filter(call -> call.getTargetOwner().isEquivalentTo(api))
        .map(JavaMethodCall::getName)
        .filter(name -> !NOT_OPERATIONS.contains(name))
        .map(name -> name.endsWith("Paginator") ? name.replace("Paginator", "") : name)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> declared(Class<?> wrapper) {
    return Arrays.stream(wrapper.getDeclaredMethods())
        .map(Method::getName)
        .collect(Collectors.toSet());
  }
}
