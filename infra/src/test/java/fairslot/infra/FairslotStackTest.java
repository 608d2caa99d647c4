package fairslot.infra;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.definitions.Fairslot;
import fairslot.definitions.QueueDefinition;
import fairslot.definitions.RouteDefinition;
import fairslot.definitions.ScheduleDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.App;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.assertions.Template;

/** The synthesized stack has what fairslot needs, scoped as intended, and matches the shared definitions. */
class FairslotStackTest {
  private static Template template;
  private static Map<String, Map<String, Object>> resources;

  @BeforeAll
  static void synth() {
    App app = new App();
    FairslotStack stack = new FairslotStack(app, "Fairslot", StackProps.builder().build(), FairslotApp.DEFAULT_JAR,
        "prod");
    template = Template.fromStack(stack);
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> all = (Map<String, Map<String, Object>>) (Map<?, ?>) template.toJSON().get("Resources");
    resources = all;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> propertiesOf(String type) {
    return resources.values().stream().filter(r -> type.equals(r.get("Type")))
        .map(r -> (Map<String, Object>) r.get("Properties")).collect(Collectors.toList());
  }

  @Test
  void theTableIsOnDemandWithRecoveryProtectionTtlAndEveryIndexTheCodeQueries() {
    template.hasResourceProperties("AWS::DynamoDB::Table", Map.of(
        "BillingMode", "PAY_PER_REQUEST",
        "PointInTimeRecoverySpecification", Map.of("PointInTimeRecoveryEnabled", true),
        "DeletionProtectionEnabled", true,
        "TimeToLiveSpecification", Map.of("AttributeName", Fairslot.TABLE.timeToLiveAttribute(), "Enabled", true)));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> indexes = (List<Map<String, Object>>) propertiesOf("AWS::DynamoDB::Table").get(0)
        .get("GlobalSecondaryIndexes");
    assertThat(indexes).extracting(i -> i.get("IndexName"))
        .containsExactlyInAnyOrderElementsOf(Fairslot.TABLE.indexes().stream().map(i -> i.name()).toList());
  }

  @Test
  void everyQueueHasADeadLetterQueueAndAVisibilityTimeoutOfSixConsumerTimeouts() {
    for (QueueDefinition q : Fairslot.QUEUES) {
      Map<String, Object> props = propertiesOf("AWS::SQS::Queue").stream()
          .filter(p -> q.nameWithSuffix().equals(p.get("QueueName"))).findFirst().orElseThrow();
      assertThat(((Number) props.get("VisibilityTimeout")).intValue())
          .isGreaterThanOrEqualTo(6 * FairslotStack.CONSUMER_TIMEOUT_SECONDS);
      assertThat(props.get("RedrivePolicy").toString()).contains("maxReceiveCount=" + q.maxReceiveCount());
      assertThat(props.get("FifoQueue")).isEqualTo(q.fifo() ? true : null);
    }
  }

  @Test
  void everyFunctionIsJava21OnArmWithSnapStartAndTheQueueConsumersReportPartialFailures() {
    List<Map<String, Object>> functions = propertiesOf("AWS::Lambda::Function");
    assertThat(functions).hasSize(1 + 3 + Fairslot.SCHEDULES.size());
    assertThat(functions).allSatisfy(f -> {
      assertThat(f.get("Runtime")).isEqualTo("java21");
      assertThat(f.get("Architectures")).isEqualTo(List.of("arm64"));
      assertThat(f.get("SnapStart")).isEqualTo(Map.of("ApplyOn", "PublishedVersions"));
    });
    template.resourceCountIs("AWS::Lambda::EventSourceMapping", 3);
    template.allResourcesProperties("AWS::Lambda::EventSourceMapping",
        Map.of("FunctionResponseTypes", List.of("ReportBatchItemFailures")));
    template.resourceCountIs("AWS::Lambda::Alias", 1 + 3 + Fairslot.SCHEDULES.size());
  }

  @Test
  void everyRouteOfTheContractIsServedWithTheRightAuthorization() {
    List<Map<String, Object>> routes = propertiesOf("AWS::ApiGatewayV2::Route");
    for (RouteDefinition route : Fairslot.ROUTES) {
      Map<String, Object> deployed = routes.stream().filter(r -> route.routeKey().equals(r.get("RouteKey")))
          .findFirst().orElseThrow(() -> new AssertionError("no route " + route.routeKey()));
      assertThat(deployed.get("AuthorizationType")).as(route.routeKey())
          .isEqualTo(route.access() == RouteDefinition.Access.JWT ? "JWT" : "NONE");
    }
    template.hasResourceProperties("AWS::ApiGatewayV2::Authorizer", Map.of("AuthorizerType", "JWT"));
    template.hasResourceProperties("AWS::ApiGatewayV2::Stage", Map.of("DefaultRouteSettings",
        Match.objectLike(Map.of("ThrottlingRateLimit", 200))));
  }

  @Test
  void iamPoliciesNameTheirActionsNoWildcards() {
    List<String> actions = new ArrayList<>();
    for (Map<String, Object> policy : propertiesOf("AWS::IAM::Policy")) {
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> statements = (List<Map<String, Object>>) ((Map<String, Object>) policy
          .get("PolicyDocument")).get("Statement");
      for (Map<String, Object> s : statements) {
        Object a = s.get("Action");
        if (a instanceof List<?> list) {
          list.forEach(x -> actions.add(String.valueOf(x)));
        } else {
          actions.add(String.valueOf(a));
        }
      }
    }
    assertThat(actions).isNotEmpty();
    assertThat(actions).noneMatch(a -> a.equals("*") || a.endsWith(":*"));
    assertThat(actions).doesNotContain("dynamodb:Scan", "dynamodb:DeleteTable", "dynamodb:BatchWriteItem");
    assertThat(actions).contains("dynamodb:ConditionCheckItem", "dynamodb:UpdateItem", "dynamodb:Query",
        "events:PutEvents", "sqs:SendMessage", "sqs:ReceiveMessage");
  }

  @Test
  void alarmsWatchEveryDeadLetterQueueAndEveryFunctionsErrors() {
    // + 1: reconcile's seat-ledger deviation alarm, fed by a metric filter on its log group.
    template.resourceCountIs("AWS::CloudWatch::Alarm", Fairslot.QUEUES.size() + 1 + 3 + Fairslot.SCHEDULES.size() + 1);
    template.hasResourceProperties("AWS::Logs::MetricFilter", Map.of(
        "FilterPattern", "{ $.message = \"seat ledger deviation\" }",
        "MetricTransformations", List.of(Map.of("MetricName", "SeatLedgerDeviations", "MetricNamespace", "fairslot",
            "MetricValue", "1"))));
    template.resourceCountIs("AWS::Logs::LogGroup", 1 + 3 + Fairslot.SCHEDULES.size());
    template.allResourcesProperties("AWS::Logs::LogGroup", Map.of("RetentionInDays", 30));
  }

  /** Drift: what AWS gets is exactly what the local runtime serves and runs. */
  @Test
  void routesSchedulesAndQueuesEqualTheSharedDefinitions() {
    assertThat(propertiesOf("AWS::ApiGatewayV2::Route")).extracting(r -> r.get("RouteKey"))
        .containsExactlyInAnyOrderElementsOf(Fairslot.ROUTES.stream().map(RouteDefinition::routeKey).toList());
    assertThat(propertiesOf("AWS::Events::Rule").stream().filter(r -> r.containsKey("ScheduleExpression"))
        .map(r -> r.get("Name") + " " + r.get("ScheduleExpression")).toList())
        .containsExactlyInAnyOrderElementsOf(Fairslot.SCHEDULES.stream()
            .map(s -> "fairslot-" + s.name() + " " + s.rate()).toList());
    assertThat(propertiesOf("AWS::SQS::Queue")).extracting(q -> q.get("QueueName"))
        .containsExactlyInAnyOrderElementsOf(Fairslot.QUEUES.stream()
            .flatMap(q -> java.util.stream.Stream.of(q.nameWithSuffix(), q.deadLetterNameWithSuffix())).toList());
    List<String> handlers = propertiesOf("AWS::Lambda::Function").stream().map(f -> (String) f.get("Handler")).toList();
    for (ScheduleDefinition s : Fairslot.SCHEDULES) {
      assertThat(handlers).contains(s.handler() + "::handleRequest");
    }
  }
}
