package fairslot.infra;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.definitions.Fairslot;
import fairslot.definitions.Permissions;
import fairslot.definitions.QueueDefinition;
import fairslot.definitions.RouteDefinition;
import fairslot.definitions.ScheduleDefinition;
import fairslot.definitions.StreamConsumerDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.App;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.assertions.Template;

/**
 * The synthesized stack has what fairslot needs, scoped as intended, and matches the shared
 * definitions.
 */
class FairslotStackTest {
  /**
   * HttpApi, PaymentWebhook, the Authorizer, three queue consumers, one per schedule, one per
   * stream consumer.
   */
  private static final int FUNCTIONS = Fairslot.FUNCTIONS;

  /** What Lambda's stream event source needs of a consumer's role, granted by CDK. */
  private static final List<String> STREAM_READS =
      List.of(
          "dynamodb:ListStreams",
          "dynamodb:DescribeStream",
          "dynamodb:GetRecords",
          "dynamodb:GetShardIterator");

  private static boolean readsTheStream(String function) {
    return Fairslot.STREAM_CONSUMERS.stream().anyMatch(c -> c.handler().endsWith("." + function));
  }

  private static Template template;
  private static Map<String, Map<String, Object>> resources;

  @BeforeAll
  static void synth() {
    App app = new App();
    FairslotStack stack =
        new FairslotStack(
            app, "Fairslot", StackProps.builder().build(), FairslotApp.DEFAULT_JAR, "prod");
    template = Template.fromStack(stack);
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> all =
        (Map<String, Map<String, Object>>) (Map<?, ?>) template.toJSON().get("Resources");
    resources = all;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> propertiesOf(String type) {
    return resources.values().stream()
        .filter(r -> type.equals(r.get("Type")))
        .map(r -> (Map<String, Object>) r.get("Properties"))
        .collect(Collectors.toList());
  }

  @Test
  void theTableIsOnDemandWithRecoveryProtectionTtlAndEveryIndexTheCodeQueries() {
    template.hasResourceProperties(
        "AWS::DynamoDB::Table",
        Map.of(
            "BillingMode",
            "PAY_PER_REQUEST",
            "PointInTimeRecoverySpecification",
            Map.of("PointInTimeRecoveryEnabled", true),
            "DeletionProtectionEnabled",
            true,
            "TimeToLiveSpecification",
            Map.of("AttributeName", Fairslot.TABLE.timeToLiveAttribute(), "Enabled", true)));
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> indexes =
        (List<Map<String, Object>>)
            propertiesOf("AWS::DynamoDB::Table").get(0).get("GlobalSecondaryIndexes");
    assertThat(indexes)
        .extracting(i -> i.get("IndexName"))
        .containsExactlyInAnyOrderElementsOf(
            Fairslot.TABLE.indexes().stream().map(i -> i.name()).toList());
  }

  @Test
  void anUpgradeInStepsDeploysOnlyTheFirstIndexesTheContextNames() {
    App app = new App();
    app.getNode().setContext("indexes", "3");
    FairslotStack stack =
        new FairslotStack(
            app, "Fairslot", StackProps.builder().build(), FairslotApp.DEFAULT_JAR, "prod");
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> all =
        (Map<String, Map<String, Object>>)
            (Map<?, ?>) Template.fromStack(stack).toJSON().get("Resources");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> indexes =
        all.values().stream()
            .filter(r -> "AWS::DynamoDB::Table".equals(r.get("Type")))
            .map(
                r ->
                    (List<Map<String, Object>>)
                        ((Map<?, ?>) r.get("Properties")).get("GlobalSecondaryIndexes"))
            .findFirst()
            .orElseThrow();
    assertThat(indexes)
        .extracting(i -> i.get("IndexName"))
        .containsExactlyElementsOf(
            Fairslot.TABLE.indexes().subList(0, 3).stream().map(i -> i.name()).toList());
  }

  @Test
  void everyQueueHasADeadLetterQueueAndAVisibilityTimeoutOfSixConsumerTimeouts() {
    for (QueueDefinition q : Fairslot.QUEUES) {
      Map<String, Object> props =
          propertiesOf("AWS::SQS::Queue").stream()
              .filter(p -> q.nameWithSuffix().equals(p.get("QueueName")))
              .findFirst()
              .orElseThrow();
      assertThat(((Number) props.get("VisibilityTimeout")).intValue())
          .isGreaterThanOrEqualTo(6 * FairslotStack.CONSUMER_TIMEOUT_SECONDS);
      assertThat(props.get("RedrivePolicy").toString())
          .contains("maxReceiveCount=" + q.maxReceiveCount());
      assertThat(props.get("FifoQueue")).isEqualTo(q.fifo() ? true : null);
    }
  }

  @Test
  void everyFunctionIsJava21OnArmWithSnapStartAndTheQueueConsumersReportPartialFailures() {
    List<Map<String, Object>> functions = propertiesOf("AWS::Lambda::Function");
    // HttpApi, PaymentWebhook, three queue consumers, one per schedule, one per stream consumer
    assertThat(functions).hasSize(FUNCTIONS);
    assertThat(functions)
        .allSatisfy(
            f -> {
              assertThat(f.get("Runtime")).isEqualTo("java21");
              assertThat(f.get("Architectures")).isEqualTo(List.of("arm64"));
              assertThat(f.get("SnapStart")).isEqualTo(Map.of("ApplyOn", "PublishedVersions"));
            });
    template.resourceCountIs(
        "AWS::Lambda::EventSourceMapping", 3 + Fairslot.STREAM_CONSUMERS.size());
    template.allResourcesProperties(
        "AWS::Lambda::EventSourceMapping",
        Map.of("FunctionResponseTypes", List.of("ReportBatchItemFailures")));
    template.resourceCountIs("AWS::Lambda::Alias", FUNCTIONS);
  }

  @Test
  void everyRouteOfTheContractIsServedWithTheRightAuthorization() {
    List<Map<String, Object>> routes = propertiesOf("AWS::ApiGatewayV2::Route");
    for (RouteDefinition route : Fairslot.ROUTES) {
      Map<String, Object> deployed =
          routes.stream()
              .filter(r -> route.routeKey().equals(r.get("RouteKey")))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no route " + route.routeKey()));
      assertThat(deployed.get("AuthorizationType"))
          .as(route.routeKey())
          .isEqualTo(route.access() == RouteDefinition.Access.JWT ? "CUSTOM" : "NONE");
    }
    template.hasResourceProperties(
        "AWS::ApiGatewayV2::Authorizer",
        Map.of(
            "AuthorizerType",
            "REQUEST",
            "EnableSimpleResponses",
            true,
            "AuthorizerResultTtlInSeconds",
            300,
            "IdentitySource",
            List.of("$request.header.Authorization")));
    template.hasResourceProperties(
        "AWS::ApiGatewayV2::Stage",
        Map.of("DefaultRouteSettings", Match.objectLike(Map.of("ThrottlingRateLimit", 200))));
  }

  @Test
  void theConsoleIsAPrivateBucketThatOnlyCloudFrontReadsOverHttpsWithSecurityHeaders() {
    template.hasResourceProperties(
        "AWS::S3::Bucket",
        Map.of(
            "PublicAccessBlockConfiguration",
            Map.of(
                "BlockPublicAcls", true,
                "BlockPublicPolicy", true,
                "IgnorePublicAcls", true,
                "RestrictPublicBuckets", true)));
    template.resourceCountIs("AWS::CloudFront::OriginAccessControl", 1);
    template.hasResourceProperties(
        "AWS::CloudFront::OriginAccessControl",
        Map.of(
            "OriginAccessControlConfig",
            Match.objectLike(
                Map.of("OriginAccessControlOriginType", "s3", "SigningBehavior", "always"))));
    template.hasResourceProperties(
        "AWS::CloudFront::Distribution",
        Map.of(
            "DistributionConfig",
            Match.objectLike(
                Map.of(
                    "DefaultRootObject",
                    "index.html",
                    "DefaultCacheBehavior",
                    Match.objectLike(Map.of("ViewerProtocolPolicy", "redirect-to-https"))))));
    template.hasResourceProperties(
        "AWS::CloudFront::ResponseHeadersPolicy",
        Map.of(
            "ResponseHeadersPolicyConfig",
            Match.objectLike(
                Map.of(
                    "SecurityHeadersConfig",
                    Match.objectLike(
                        Map.of(
                            "ContentSecurityPolicy", Match.anyValue(),
                            "StrictTransportSecurity", Match.anyValue(),
                            "FrameOptions", Map.of("FrameOption", "DENY", "Override", true),
                            "ContentTypeOptions", Map.of("Override", true)))))));
    // The bucket's policy allows the distribution to read and nobody else; it denies plain HTTP.
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> statements =
        (List<Map<String, Object>>)
            ((Map<String, Object>)
                    propertiesOf("AWS::S3::BucketPolicy").get(0).get("PolicyDocument"))
                .get("Statement");
    List<Map<String, Object>> allows =
        statements.stream().filter(st -> "Allow".equals(st.get("Effect"))).toList();
    assertThat(allows).hasSize(1);
    assertThat(allows.get(0).get("Principal"))
        .isEqualTo(Map.of("Service", "cloudfront.amazonaws.com"));
    assertThat(allows.get(0).get("Action")).isEqualTo("s3:GetObject");
    assertThat(String.valueOf(allows.get(0).get("Condition"))).contains("AWS:SourceArn");
    assertThat(String.valueOf(statements)).contains("aws:SecureTransport=false");
  }

  @Test
  void theConsoleSignsInWithTheCodeGrantOnAPublicClientAndTheApiAllowsOnlyItsOrigins() {
    List<Map<String, Object>> clients = propertiesOf("AWS::Cognito::UserPoolClient");
    List<Map<String, Object>> oauth =
        clients.stream().filter(c -> c.containsKey("AllowedOAuthFlows")).toList();
    assertThat(oauth).hasSize(1);
    Map<String, Object> console = oauth.get(0);
    assertThat(console.get("AllowedOAuthFlows")).isEqualTo(List.of("code"));
    assertThat(console.get("GenerateSecret")).isEqualTo(false);
    assertThat(console.get("AllowedOAuthFlowsUserPoolClient")).isEqualTo(true);
    assertThat(String.valueOf(console.get("ExplicitAuthFlows")))
        .doesNotContain("USER_PASSWORD_AUTH");
    template.resourceCountIs("AWS::Cognito::UserPoolDomain", 1);
    template.hasResourceProperties(
        "AWS::ApiGatewayV2::Api",
        Map.of(
            "CorsConfiguration",
            Match.objectLike(
                Map.of(
                    "AllowHeaders",
                    Match.arrayWith(List.of("authorization", "idempotency-key")),
                    "AllowCredentials",
                    false))));
    String cors =
        String.valueOf(propertiesOf("AWS::ApiGatewayV2::Api").get(0).get("CorsConfiguration"));
    assertThat(cors).contains("ConsoleOrigins").doesNotContain("\"*\"");
    @SuppressWarnings("unchecked")
    Map<String, Object> parameters = (Map<String, Object>) template.toJSON().get("Parameters");
    assertThat(parameters).containsKey("ConsoleOrigins");
  }

  @Test
  void iamPoliciesNameTheirActionsNoWildcards() {
    List<String> actions = new ArrayList<>();
    for (Map<String, Object> policy : propertiesOf("AWS::IAM::Policy")) {
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> statements =
          (List<Map<String, Object>>)
              ((Map<String, Object>) policy.get("PolicyDocument")).get("Statement");
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
    assertThat(actions)
        .doesNotContain("dynamodb:Scan", "dynamodb:DeleteTable", "dynamodb:BatchWriteItem");
    assertThat(actions)
        .contains(
            "dynamodb:ConditionCheckItem",
            "dynamodb:UpdateItem",
            "dynamodb:Query",
            "events:PutEvents",
            "sqs:SendMessage",
            "sqs:ReceiveMessage");
  }

  /**
   * On-call's view (issue 18): one dashboard over traffic, refusals, latency, errors, queues, DLQs,
   * jobs and reconcile; every alarm calls the alarm topic when it fires and when it clears; every
   * function traced by X-Ray.
   */
  @Test
  void theDashboardAlarmsWithActionsAndTracingAreThere() {
    template.resourceCountIs("AWS::CloudWatch::Dashboard", 1);
    @SuppressWarnings("unchecked")
    Map<String, Object> dashboard =
        (Map<String, Object>)
            propertiesOf("AWS::CloudWatch::Dashboard").get(0).get("DashboardBody");
    String body = String.valueOf(dashboard);
    for (String shown :
        List.of(
            "Traffic by route",
            "Refusals by code",
            "Latency p50 / p99",
            "5xx, 503s and AWS retries",
            "Queues: depth and oldest",
            "Dead-letter queues",
            "Jobs: duration",
            "Reconcile and notifications")) {
      assertThat(body).as(shown).contains(shown);
    }
    for (Map<String, Object> alarm : propertiesOf("AWS::CloudWatch::Alarm")) {
      assertThat(alarm)
          .as(String.valueOf(alarm.get("AlarmDescription")))
          .containsKey("AlarmActions");
      assertThat(alarm).containsKey("OKActions");
    }
    for (String id : Operations.ALARMS) {
      assertThat(resources.keySet()).as(id).anyMatch(logicalId -> logicalId.startsWith(id));
    }
    for (Map.Entry<String, Map<String, Object>> fn : functionsById().entrySet()) {
      assertThat(String.valueOf(fn.getValue().get("TracingConfig")))
          .as(fn.getKey())
          .contains("Active");
    }
  }

  @Test
  void alarmsWatchDeadLetterQueuesFunctionErrorsTheLedgerAndGivenUpRequests() {
    int functions = FUNCTIONS;
    // every DLQ nobody drains: "not empty"; the drained booking DLQ: given-up requests and age of
    // the oldest message; every function: errors; reconcile: a seat-ledger and a member-ledger
    // deviation; every stream consumer's failure queue: "not empty".
    template.resourceCountIs(
        "AWS::CloudWatch::Alarm",
        (Fairslot.QUEUES.size() - 1)
            + 2
            + functions
            + 2
            + Fairslot.STREAM_CONSUMERS.size()
            + Operations.ALARMS.size()
            // the providers: refused notifications (each), payments found by query, statements
            + 4);
    // the count the cost model prices is the stack's
    template.resourceCountIs("AWS::CloudWatch::Alarm", Fairslot.ALARMS);
    for (String provider : List.of("wechatpay", "stripe")) {
      template.hasResourceProperties(
          "AWS::CloudWatch::Alarm",
          Map.of(
              "MetricName",
              "ProviderNotifications",
              "Threshold",
              10,
              "Dimensions",
              Match.arrayWith(List.of(Map.of("Name", "Provider", "Value", provider)))));
    }
    template.hasResourceProperties(
        "AWS::CloudWatch::Alarm",
        Map.of(
            "MetricName",
            "JobChanged",
            "Dimensions",
            Match.arrayWith(List.of(Map.of("Name", "Job", "Value", "statement-reconcile")))));
    template.hasResourceProperties(
        "AWS::CloudWatch::Alarm",
        Map.of(
            "MetricName",
            "JobChanged",
            "Dimensions",
            Match.arrayWith(List.of(Map.of("Name", "Job", "Value", "payments-reconcile")))));
    template.hasResourceProperties(
        "AWS::Logs::MetricFilter",
        Map.of("FilterPattern", "{ $.message = \"member ledger deviation\" }"));
    template.hasResourceProperties(
        "AWS::Logs::MetricFilter",
        Map.of(
            "FilterPattern",
            "{ $.message = \"seat ledger deviation\" }",
            "MetricTransformations",
            List.of(
                Map.of(
                    "MetricName",
                    "SeatLedgerDeviations",
                    "MetricNamespace",
                    "fairslot",
                    "MetricValue",
                    "1"))));
    template.hasResourceProperties(
        "AWS::Logs::MetricFilter",
        Map.of("FilterPattern", "{ $.message = \"" + Fairslot.BOOKING_GIVEN_UP_LOG + "\" }"));
    template.hasResourceProperties(
        "AWS::CloudWatch::Alarm",
        Map.of("MetricName", "ApproximateAgeOfOldestMessage", "Threshold", 900));
    assertThat(propertiesOf("AWS::CloudWatch::Alarm"))
        .noneMatch(
            a ->
                String.valueOf(a.get("AlarmName")).contains(Fairslot.BOOKING_QUEUE.deadLetterName())
                    && "ApproximateNumberOfMessagesVisible".equals(a.get("MetricName")));
    // one log group per function, plus the API's access log
    template.resourceCountIs("AWS::Logs::LogGroup", functions + 1);
    template.allResourcesProperties("AWS::Logs::LogGroup", Map.of("RetentionInDays", 30));
  }

  @Test
  void everyAlarmNotifiesTheAlarmTopicWhichEmailsWhenAnAddressIsGiven() {
    List<Map<String, Object>> alarms = propertiesOf("AWS::CloudWatch::Alarm");
    assertThat(alarms)
        .isNotEmpty()
        .allSatisfy(
            a -> {
              assertThat(a.get("AlarmActions"))
                  .as(String.valueOf(a.get("AlarmDescription")))
                  .asString()
                  .contains("Alarms");
              assertThat(a.get("OKActions")).asString().contains("Alarms");
            });
    template.resourceCountIs("AWS::SNS::Topic", 1);
    Map<String, Object> subscription =
        resources.values().stream()
            .filter(r -> "AWS::SNS::Subscription".equals(r.get("Type")))
            .findFirst()
            .orElseThrow();
    assertThat(subscription.get("Condition")).isEqualTo("HasAlarmEmail");
    assertThat(((Map<?, ?>) subscription.get("Properties")).get("Protocol")).isEqualTo("email");
    @SuppressWarnings("unchecked")
    Map<String, Object> parameters = (Map<String, Object>) template.toJSON().get("Parameters");
    assertThat(parameters).containsKey("AlarmEmail");
  }

  /**
   * The least-privilege table: each function's policy is exactly its FunctionAccess row, nothing
   * more.
   */
  /**
   * Every function makes one GetItem before its SnapStart snapshot (SnapStartPriming, in
   * Wiring.fromEnvironment), so every row must grant it (issue 28: ExpirePasses and
   * SeatAuditHandler did not, and their priming was denied). The Lambda authorizer builds no Wiring
   * and may read nothing of the table.
   */
  @Test
  void everyFunctionMayMakeTheSnapStartPrimingGetItem() {
    assertThat(FunctionAccess.of("Authorizer").permissions().tableActions()).isEmpty();
    assertThat(FunctionAccess.ROWS)
        .filteredOn(row -> !row.function().equals("Authorizer"))
        .allSatisfy(
            row ->
                assertThat(row.permissions().tableActions())
                    .as(row.function())
                    .contains(FunctionAccess.GET));
  }

  @Test
  void everyFunctionsPolicyIsExactlyItsRowInTheAccessTable() {
    assertThat(FunctionAccess.ROWS).hasSize(FUNCTIONS);
    for (FunctionAccess row : FunctionAccess.ROWS) {
      List<Map<String, Object>> statements = statementsOf(row.function());
      boolean streamConsumer = readsTheStream(row.function());
      List<String> dynamo = actions(statements, "dynamodb:");
      List<String> expected = new ArrayList<>(row.permissions().tableActions());
      if (streamConsumer) {
        expected.addAll(STREAM_READS);
      }
      assertThat(dynamo).as(row.function()).containsExactlyInAnyOrderElementsOf(expected);
      String tableResources =
          statements.stream()
              .filter(st -> actionsOf(st).stream().anyMatch(a -> a.startsWith("dynamodb:")))
              .map(st -> String.valueOf(st.get("Resource")))
              .reduce("", String::concat);
      if (row.permissions().indexes().isEmpty()) {
        assertThat(tableResources).as(row.function()).contains("/index/*");
      } else {
        assertThat(tableResources).as(row.function()).doesNotContain("/index/*");
        for (String index : Fairslot.TABLE.indexes().stream().map(i -> i.name()).toList()) {
          assertThat(
                  tableResources.contains("/index/" + index + "\"")
                      || tableResources.contains("/index/" + index + "]")
                      || tableResources.contains("/index/" + index + ","))
              .as(row.function() + " on index " + index)
              .isEqualTo(row.permissions().indexes().get().contains(index));
        }
      }
      assertThat(actions(statements, "events:"))
          .as(row.function())
          .isEqualTo(row.permissions().publishesEvents() ? List.of("events:PutEvents") : List.of());
      // a stream consumer's event source sends what it gave up on to its failure queue
      assertThat(actions(statements, "sqs:SendMessage"))
          .as(row.function())
          .hasSize(row.permissions().sendsBookingRequests() || streamConsumer ? 1 : 0);
      assertThat(actions(statements, "secretsmanager:GetSecretValue"))
          .as(row.function())
          .hasSize(row.permissions().secrets().size());
      assertThat(actions(statements, "ses:"))
          .as(row.function())
          .isEqualTo(row.permissions().sendsMessages() ? List.of("ses:SendEmail") : List.of());
      assertThat(actions(statements, "sns:"))
          .as(row.function())
          .isEqualTo(row.permissions().sendsMessages() ? List.of("sns:Publish") : List.of());
      assertThat(actions(statements, ""))
          .as(row.function())
          .allMatch(
              a ->
                  a.startsWith("dynamodb:")
                      || (row.permissions().sendsMessages()
                          && (a.startsWith("ses:") || a.startsWith("sns:")))
                      || a.startsWith("events:")
                      || a.startsWith("sqs:")
                      || a.startsWith("secretsmanager:")
                      || a.startsWith("logs:")
                      || a.startsWith("xray:"));
    }
  }

  /**
   * Only the notification sender and the API (verification codes, v1.2) send: they alone may reach
   * SES (from the EmailFrom parameter only) and SNS (phone numbers, no topic), and they alone are
   * told the sender identity.
   */
  @Test
  void onlyTheSendersMaySendEmailFromTheParameterOrSmsToPhones() {
    assertThat(FunctionAccess.ROWS.stream().filter(r -> r.permissions().sendsMessages()))
        .extracting(FunctionAccess::function)
        .containsExactlyInAnyOrder("HttpApi", "SendNotifications");
    @SuppressWarnings("unchecked")
    Map<String, Object> parameters = (Map<String, Object>) template.toJSON().get("Parameters");
    assertThat(parameters).containsKey("EmailFrom");
    for (String sender : List.of("HttpApi", "SendNotifications")) {
      sendsOnlyFromTheParameterAndOnlyToPhones(statementsOf(sender));
    }
    for (Map.Entry<String, Map<String, Object>> fn : functionsById().entrySet()) {
      @SuppressWarnings("unchecked")
      Map<String, Object> env =
          (Map<String, Object>)
              ((Map<String, Object>) fn.getValue().get("Environment")).get("Variables");
      assertThat(env.containsKey(Fairslot.EMAIL_FROM_ENV))
          .as(fn.getKey())
          .isEqualTo(Set.of("HttpApi", "SendNotifications").contains(fn.getKey()));
    }
  }

  private static void sendsOnlyFromTheParameterAndOnlyToPhones(
      List<Map<String, Object>> statements) {
    Map<String, Object> ses =
        statements.stream()
            .filter(st -> actionsOf(st).contains("ses:SendEmail"))
            .findFirst()
            .orElseThrow();
    assertThat(String.valueOf(ses.get("Condition")))
        .contains("ses:FromAddress")
        .contains("EmailFrom");
    Map<String, Object> sns =
        statements.stream()
            .filter(st -> actionsOf(st).contains("sns:Publish"))
            .findFirst()
            .orElseThrow();
    assertThat(sns).containsKey("NotResource").doesNotContainKey("Resource");
  }

  @Test
  void secretsLiveInSecretsManagerAndOnlyTheirUsersSeeTheirArn() {
    template.resourceCountIs("AWS::SecretsManager::Secret", Permissions.Secret.values().length);
    @SuppressWarnings("unchecked")
    Map<String, Object> parameters =
        (Map<String, Object>) template.toJSON().getOrDefault("Parameters", Map.of());
    assertThat(parameters.keySet())
        .doesNotContain(
            "PaymentWebhookSecret",
            "CursorSecret",
            "TicketSecret",
            "CalendarSecret",
            "WebhookSecret",
            "WechatPaySecret",
            "StripeSecret");
    for (Map.Entry<String, Map<String, Object>> fn : functionsById().entrySet()) {
      @SuppressWarnings("unchecked")
      Map<String, Object> env =
          (Map<String, Object>)
              ((Map<String, Object>) fn.getValue().get("Environment")).get("Variables");
      assertThat(env.keySet())
          .as(fn.getKey())
          .doesNotContain(
              "FAIRSLOT_PAYMENT_SECRET",
              "FAIRSLOT_CURSOR_SECRET",
              "FAIRSLOT_TICKET_SECRET",
              "FAIRSLOT_CALENDAR_SECRET",
              "FAIRSLOT_WEBHOOK_SECRET",
              "FAIRSLOT_WECHATPAY_SECRET",
              "FAIRSLOT_STRIPE_SECRET",
              "FAIRSLOT_TOKEN_KEY");
      FunctionAccess row = FunctionAccess.of(fn.getKey());
      for (Permissions.Secret secret : Permissions.Secret.values()) {
        assertThat(env.containsKey(secret.arnVariable()))
            .as(fn.getKey() + " " + secret)
            .isEqualTo(row.permissions().secrets().contains(secret));
      }
    }
    // The five HMAC keys (the token key among them) and the ticket master are generated at deploy;
    // the providers' hold a
    // merchant's settings, a placeholder that leaves each provider off until an operator puts them
    // in.
    List<Map<String, Object>> secrets = propertiesOf("AWS::SecretsManager::Secret");
    assertThat(secrets.stream().filter(p -> p.containsKey("GenerateSecretString")))
        .hasSize(6)
        .allSatisfy(
            p ->
                assertThat(String.valueOf(p.get("GenerateSecretString")))
                    .contains("PasswordLength=48"));
    assertThat(secrets.stream().map(p -> p.get("SecretString")).filter(v -> v != null))
        .containsExactly("{\"enabled\":false}", "{\"enabled\":false}");
  }

  @Test
  void cognitoHidesWhetherAUserExistsAndOffersNoImplicitFlowOrCallback() {
    Map<String, Object> client = propertiesOf("AWS::Cognito::UserPoolClient").get(0);
    assertThat(client.get("PreventUserExistenceErrors")).isEqualTo("ENABLED");
    assertThat(client).doesNotContainKeys("AllowedOAuthFlows", "CallbackURLs");
    assertThat(String.valueOf(client)).doesNotContain("example.com", "implicit");
    Map<String, Object> pool = propertiesOf("AWS::Cognito::UserPool").get(0);
    assertThat(pool.get("MfaConfiguration")).isEqualTo("OPTIONAL");
    assertThat(pool.get("AutoVerifiedAttributes")).isEqualTo(List.of("email"));
  }

  @Test
  void theTableAndEveryQueueAreEncryptedDeclaredly() {
    template.hasResourceProperties(
        "AWS::DynamoDB::Table", Map.of("SSESpecification", Map.of("SSEEnabled", true)));
    assertThat(propertiesOf("AWS::SQS::Queue"))
        .hasSize(2 * Fairslot.QUEUES.size() + Fairslot.STREAM_CONSUMERS.size())
        .allSatisfy(q -> assertThat(q.get("SqsManagedSseEnabled")).isEqualTo(true));
  }

  @Test
  void theApiLogsEveryRequestAndThrottlesTheWebhookRouteLowerOnItsOwnFunction() {
    Map<String, Object> stage = propertiesOf("AWS::ApiGatewayV2::Stage").get(0);
    assertThat(String.valueOf(stage.get("AccessLogSettings")))
        .contains("DestinationArn", "$context.requestId", "$context.status");
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> routes =
        (Map<String, Map<String, Object>>) stage.get("RouteSettings");
    Map<String, Object> webhook = routes.get(FairslotStack.WEBHOOK_ROUTE);
    assertThat(((Number) webhook.get("ThrottlingRateLimit")).intValue()).isLessThan(200);
    assertThat(((Number) webhook.get("ThrottlingBurstLimit")).intValue()).isLessThan(500);
    assertThat(functionsById().get("PaymentWebhook").get("ReservedConcurrentExecutions"))
        .isEqualTo(FairslotStack.WEBHOOK_RESERVED_CONCURRENCY);
    List<Map<String, Object>> integrations = propertiesOf("AWS::ApiGatewayV2::Integration");
    assertThat(integrations).hasSize(2);
    Map<String, Object> route =
        propertiesOf("AWS::ApiGatewayV2::Route").stream()
            .filter(r -> FairslotStack.WEBHOOK_ROUTE.equals(r.get("RouteKey")))
            .findFirst()
            .orElseThrow();
    assertThat(String.valueOf(route.get("Target"))).contains("Webhook");
  }

  /** Functions by their construct id (the logical id minus CDK's hash suffix). */
  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> functionsById() {
    Map<String, Map<String, Object>> byId = new java.util.TreeMap<>();
    resources.forEach(
        (logicalId, r) -> {
          if ("AWS::Lambda::Function".equals(r.get("Type"))) {
            String id =
                FunctionAccess.ROWS.stream()
                    .map(FunctionAccess::function)
                    .filter(f -> logicalId.matches(f + "[0-9A-F]{8}"))
                    .findFirst()
                    .orElseThrow(
                        () ->
                            new AssertionError(
                                "function " + logicalId + " has no FunctionAccess row"));
            byId.put(id, (Map<String, Object>) r.get("Properties"));
          }
        });
    return byId;
  }

  /** Every statement of the policies attached to the function's role. */
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> statementsOf(String function) {
    String role =
        resources.keySet().stream()
            .filter(id -> id.matches(function + "ServiceRole[0-9A-F]{8}"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no role for " + function));
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> r : resources.values()) {
      if ("AWS::IAM::Policy".equals(r.get("Type"))) {
        Map<String, Object> props = (Map<String, Object>) r.get("Properties");
        if (String.valueOf(props.get("Roles")).contains("Ref=" + role + "}")) {
          out.addAll(
              (List<Map<String, Object>>)
                  ((Map<String, Object>) props.get("PolicyDocument")).get("Statement"));
        }
      }
    }
    return out;
  }

  private static List<String> actionsOf(Map<String, Object> statement) {
    Object a = statement.get("Action");
    return a instanceof List<?> list
        ? list.stream().map(String::valueOf).toList()
        : List.of(String.valueOf(a));
  }

  private static List<String> actions(List<Map<String, Object>> statements, String prefix) {
    return statements.stream()
        .flatMap(st -> actionsOf(st).stream())
        .filter(a -> a.startsWith(prefix))
        .sorted()
        .toList();
  }

  @Test
  void theTableStreamsOldAndNewImagesToEachConsumerThroughItsOwnFilterInOrder() throws Exception {
    template.hasResourceProperties(
        "AWS::DynamoDB::Table",
        Map.of("StreamSpecification", Map.of("StreamViewType", Fairslot.TABLE.streamView())));
    var json = new com.fasterxml.jackson.databind.ObjectMapper();
    for (StreamConsumerDefinition c : Fairslot.STREAM_CONSUMERS) {
      Map<String, Object> mapping =
          propertiesOf("AWS::Lambda::EventSourceMapping").stream()
              .filter(m -> String.valueOf(m.get("EventSourceArn")).contains("StreamArn"))
              .filter(
                  m ->
                      String.valueOf(m.get("FunctionName"))
                          .contains(c.handler().substring(c.handler().lastIndexOf('.') + 1)))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no stream event source for " + c.name()));
      assertThat(mapping.get("StartingPosition")).isEqualTo("TRIM_HORIZON");
      assertThat(mapping.get("ParallelizationFactor")).isEqualTo(1);
      assertThat(mapping.get("BatchSize")).isEqualTo(c.batchSize());
      assertThat(mapping.get("MaximumRetryAttempts")).isEqualTo(c.maxRetries());
      assertThat(String.valueOf(mapping.get("DestinationConfig"))).contains("OnFailure");
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> filters =
          (List<Map<String, Object>>)
              ((Map<String, Object>) mapping.get("FilterCriteria")).get("Filters");
      // the local poller filters by the definition's pattern: AWS must filter by the same one
      assertThat(filters).hasSize(1);
      assertThat(json.readTree((String) filters.get(0).get("Pattern")))
          .isEqualTo(json.readTree(c.filterPattern()));
    }
  }

  /** One handler serves every job: each schedule's rule passes its job's name as the input. */
  @Test
  void eachScheduleRuleNamesItsJobToTheOneJobHandler() {
    for (ScheduleDefinition schedule : Fairslot.SCHEDULES) {
      Map<String, Object> rule =
          propertiesOf("AWS::Events::Rule").stream()
              .filter(r -> ("fairslot-" + schedule.name()).equals(r.get("Name")))
              .findFirst()
              .orElseThrow();
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> targets = (List<Map<String, Object>>) rule.get("Targets");
      assertThat(targets)
          .singleElement()
          .satisfies(
              t ->
                  assertThat(String.valueOf(t.get("Input")))
                      .isEqualTo("{\"job\":\"" + schedule.name() + "\"}"));
      assertThat(schedule.handler()).isEqualTo(Fairslot.SCHEDULED_JOB_HANDLER);
    }
  }

  /** Drift: what AWS gets is exactly what the local runtime serves and runs. */
  @Test
  void routesSchedulesAndQueuesEqualTheSharedDefinitions() {
    assertThat(propertiesOf("AWS::ApiGatewayV2::Route"))
        .extracting(r -> r.get("RouteKey"))
        .containsExactlyInAnyOrderElementsOf(
            Fairslot.ROUTES.stream().map(RouteDefinition::routeKey).toList());
    assertThat(
            propertiesOf("AWS::Events::Rule").stream()
                .filter(r -> r.containsKey("ScheduleExpression"))
                .map(r -> r.get("Name") + " " + r.get("ScheduleExpression"))
                .toList())
        .containsExactlyInAnyOrderElementsOf(
            Fairslot.SCHEDULES.stream().map(s -> "fairslot-" + s.name() + " " + s.rate()).toList());
    assertThat(propertiesOf("AWS::SQS::Queue"))
        .extracting(q -> q.get("QueueName"))
        .containsExactlyInAnyOrderElementsOf(
            java.util.stream.Stream.concat(
                    Fairslot.QUEUES.stream()
                        .flatMap(
                            q ->
                                java.util.stream.Stream.of(
                                    q.nameWithSuffix(), q.deadLetterNameWithSuffix())),
                    Fairslot.STREAM_CONSUMERS.stream()
                        .map(StreamConsumerDefinition::failureQueueName))
                .toList());
    List<String> handlers =
        propertiesOf("AWS::Lambda::Function").stream().map(f -> (String) f.get("Handler")).toList();
    for (ScheduleDefinition s : Fairslot.SCHEDULES) {
      assertThat(handlers).contains(s.handler() + "::handleRequest");
    }
    for (StreamConsumerDefinition c : Fairslot.STREAM_CONSUMERS) {
      assertThat(handlers).contains(c.handler() + "::handleRequest");
    }
  }
}
