package fairslot.infra;

import fairslot.definitions.Fairslot;
import fairslot.definitions.IndexDefinition;
import fairslot.definitions.QueueDefinition;
import fairslot.definitions.RouteDefinition;
import fairslot.definitions.ScheduleDefinition;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.CfnParameter;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpUserPoolAuthorizer;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpUserPoolAuthorizerProps;
import software.amazon.awscdk.aws_apigatewayv2_integrations.HttpLambdaIntegration;
import software.amazon.awscdk.services.apigatewayv2.AddRoutesOptions;
import software.amazon.awscdk.services.apigatewayv2.CfnStage;
import software.amazon.awscdk.services.apigatewayv2.HttpApi;
import software.amazon.awscdk.services.apigatewayv2.HttpMethod;
import software.amazon.awscdk.services.cloudwatch.Alarm;
import software.amazon.awscdk.services.cloudwatch.MetricOptions;
import software.amazon.awscdk.services.logs.FilterPattern;
import software.amazon.awscdk.services.logs.MetricFilter;
import software.amazon.awscdk.services.cloudwatch.ComparisonOperator;
import software.amazon.awscdk.services.cloudwatch.TreatMissingData;
import software.amazon.awscdk.services.cognito.AuthFlow;
import software.amazon.awscdk.services.cognito.CfnUserPoolGroup;
import software.amazon.awscdk.services.cognito.SignInAliases;
import software.amazon.awscdk.services.cognito.UserPool;
import software.amazon.awscdk.services.cognito.UserPoolClient;
import software.amazon.awscdk.services.cognito.UserPoolClientOptions;
import software.amazon.awscdk.services.dynamodb.Attribute;
import software.amazon.awscdk.services.dynamodb.AttributeType;
import software.amazon.awscdk.services.dynamodb.BillingMode;
import software.amazon.awscdk.services.dynamodb.GlobalSecondaryIndexProps;
import software.amazon.awscdk.services.dynamodb.ProjectionType;
import software.amazon.awscdk.services.dynamodb.Table;
import software.amazon.awscdk.services.events.EventBus;
import software.amazon.awscdk.services.events.EventPattern;
import software.amazon.awscdk.services.events.Rule;
import software.amazon.awscdk.services.events.Schedule;
import software.amazon.awscdk.services.events.targets.LambdaFunction;
import software.amazon.awscdk.services.events.targets.SqsQueue;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.Architecture;
import software.amazon.awscdk.services.lambda.CfnFunction;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.lambda.Runtime;
import software.amazon.awscdk.services.lambda.eventsources.SqsEventSource;
import software.amazon.awscdk.services.lambda.eventsources.SqsEventSourceProps;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.amazon.awscdk.services.sqs.DeadLetterQueue;
import software.amazon.awscdk.services.sqs.Queue;
import software.constructs.Construct;

/**
 * The whole function set, built from the same definitions the local runtime serves
 * ({@link Fairslot}): table and indexes, bus and rule, queues, routes and schedules cannot drift.
 */
public final class FairslotStack extends Stack {
  static final List<String> TABLE_ACTIONS = List.of("dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query",
      "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:ConditionCheckItem");

  /** Consumers' timeout; queue visibility timeouts are at least six times this. */
  static final int CONSUMER_TIMEOUT_SECONDS = 30;

  private final Table table;
  private final EventBus bus;
  private final Map<String, Queue> queues = new LinkedHashMap<>();
  private final Map<String, Queue> deadLetters = new LinkedHashMap<>();
  private final Map<String, String> environment = new HashMap<>();
  private final String lambdaJar;
  private final boolean production;

  public FairslotStack(Construct scope, String id, StackProps props, String lambdaJar, String stage) {
    super(scope, id, props);
    this.lambdaJar = lambdaJar;
    this.production = !stage.equals("dev");
    RemovalPolicy keep = production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    table = table(keep);
    bus = EventBus.Builder.create(this, "Events").eventBusName(Fairslot.EVENT_BUS).build();
    for (QueueDefinition q : Fairslot.QUEUES) {
      queue(q);
    }
    Rule.Builder.create(this, "SeatReleasedToWaitlist")
        .ruleName(Fairslot.SEAT_RELEASED_RULE)
        .eventBus(bus)
        .eventPattern(EventPattern.builder().source(List.of(Fairslot.EVENT_SOURCE))
            .detailType(List.of(Fairslot.SEAT_RELEASED)).build())
        .targets(List.of(new SqsQueue(queues.get(Fairslot.WAITLIST_QUEUE.name()))))
        .build();

    CfnParameter paymentSecret = CfnParameter.Builder.create(this, "PaymentWebhookSecret").type("String")
        .noEcho(true).description("HMAC secret of the payment provider's webhook").build();
    environment.put(Fairslot.TABLE_ENV, table.getTableName());
    environment.put(Fairslot.EVENT_BUS_ENV, bus.getEventBusName());
    environment.put(Fairslot.BOOKING_QUEUE_URL_ENV, queues.get(Fairslot.BOOKING_QUEUE.name()).getQueueUrl());
    environment.put("FAIRSLOT_PAYMENT_SECRET", paymentSecret.getValueAsString());
    // List cursors carry an HMAC; every container must share the key, or a page's cursor fails on another container.
    CfnParameter cursorSecret = CfnParameter.Builder.create(this, "CursorSecret").type("String").noEcho(true)
        .minLength(32).description("HMAC key that makes list cursors tamper-evident (32+ characters)").build();
    environment.put("FAIRSLOT_CURSOR_SECRET", cursorSecret.getValueAsString());
    environment.put("JAVA_TOOL_OPTIONS", "-XX:+TieredCompilation -XX:TieredStopAtLevel=1");

    // 29 s: just under the HTTP API's 30 s integration limit. Bookings take milliseconds; the room is
    // for staff operations (generating 500 sessions, cancelling a full slot), which are resumable if cut off.
    Function http = function("HttpApi", "fairslot.handler.HttpApiHandler", 1024, 29, null);
    Alias httpLive = live(http);
    queues.get(Fairslot.BOOKING_QUEUE.name()).grantSendMessages(http);
    httpApi(httpLive);

    consumer(Fairslot.WAITLIST_QUEUE, queues.get(Fairslot.WAITLIST_QUEUE.name()), Fairslot.WAITLIST_QUEUE.consumerHandler());
    // One slot is one FIFO group and drains one batch at a time; a few consumers keep the table's
    // write load bounded however many slots open at once.
    Function booking = consumer(Fairslot.BOOKING_QUEUE, queues.get(Fairslot.BOOKING_QUEUE.name()),
        Fairslot.BOOKING_QUEUE.consumerHandler());
    queues.get(Fairslot.BOOKING_QUEUE.name()).grantSendMessages(booking);
    consumer(Fairslot.BOOKING_QUEUE, deadLetters.get(Fairslot.BOOKING_QUEUE.name()), Fairslot.BOOKING_DLQ_HANDLER);

    for (ScheduleDefinition schedule : Fairslot.SCHEDULES) {
      // reconcile walks every slot (10,000 take a few minutes); the other jobs take one bounded batch.
      int timeout = schedule.name().equals("reconcile") ? 900 : 60;
      Function job = function(pascal(schedule.name()), schedule.handler(), 512, timeout, 1);
      if (schedule.name().equals("stale-requests")) {
        queues.get(Fairslot.BOOKING_QUEUE.name()).grantSendMessages(job);
      }
      if (schedule.name().equals("reconcile")) {
        seatLedgerAlarm(job);
      }
      Rule.Builder.create(this, pascal(schedule.name()) + "Schedule")
          .ruleName("fairslot-" + schedule.name())
          .schedule(Schedule.expression(schedule.rate()))
          .targets(List.of(new LambdaFunction(live(job))))
          .build();
    }
  }

  private Table table(RemovalPolicy keep) {
    var t = Fairslot.TABLE;
    Table created = Table.Builder.create(this, "Table")
        .tableName(t.defaultName())
        .partitionKey(Attribute.builder().name(t.partitionKey()).type(AttributeType.STRING).build())
        .sortKey(Attribute.builder().name(t.sortKey()).type(AttributeType.STRING).build())
        .billingMode(BillingMode.PAY_PER_REQUEST)
        .pointInTimeRecovery(true)
        .deletionProtection(production)
        .timeToLiveAttribute(t.timeToLiveAttribute())
        .removalPolicy(keep)
        .build();
    for (IndexDefinition index : t.indexes()) {
      created.addGlobalSecondaryIndex(GlobalSecondaryIndexProps.builder()
          .indexName(index.name())
          .partitionKey(Attribute.builder().name(index.partitionKey()).type(type(index.partitionKeyType())).build())
          .sortKey(Attribute.builder().name(index.sortKey()).type(type(index.sortKeyType())).build())
          .projectionType(ProjectionType.valueOf(index.projection().name()))
          .build());
    }
    return created;
  }

  private void queue(QueueDefinition q) {
    Queue dlq = Queue.Builder.create(this, pascal(q.deadLetterName()))
        .queueName(q.deadLetterNameWithSuffix())
        .fifo(q.fifo() ? true : null)
        .retentionPeriod(Duration.days(14))
        .build();
    Queue queue = Queue.Builder.create(this, pascal(q.name()))
        .queueName(q.nameWithSuffix())
        .fifo(q.fifo() ? true : null)
        .visibilityTimeout(Duration.seconds(Math.max(q.visibilityTimeoutSeconds(), 6 * CONSUMER_TIMEOUT_SECONDS)))
        .deadLetterQueue(DeadLetterQueue.builder().queue(dlq).maxReceiveCount(q.maxReceiveCount()).build())
        .build();
    queues.put(q.name(), queue);
    deadLetters.put(q.name(), dlq);
    Alarm.Builder.create(this, pascal(q.deadLetterName()) + "NotEmpty")
        .alarmDescription("messages in " + q.deadLetterNameWithSuffix() + ": requests need attention")
        .metric(dlq.metricApproximateNumberOfMessagesVisible())
        .threshold(0).evaluationPeriods(1)
        .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
        .treatMissingData(TreatMissingData.NOT_BREACHING)
        .build();
  }

  private Function consumer(QueueDefinition q, Queue source, String handler) {
    Function fn = function(pascal(handler.substring(handler.lastIndexOf('.') + 1)), handler, 1024,
        CONSUMER_TIMEOUT_SECONDS, q.fifo() ? 10 : null);
    live(fn).addEventSource(new SqsEventSource(source, SqsEventSourceProps.builder()
        .batchSize(q.batchSize()).reportBatchItemFailures(true).build()));
    return fn;
  }

  /** One function: java21 on arm64, SnapStart, its own log group, and only the grants it needs. */
  private Function function(String id, String handlerClass, int memory, int timeoutSeconds, Integer reserved) {
    LogGroup logs = LogGroup.Builder.create(this, id + "Logs")
        .retention(RetentionDays.ONE_MONTH)
        .removalPolicy(production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
        .build();
    Function fn = Function.Builder.create(this, id)
        .runtime(Runtime.JAVA_21)
        .architecture(Architecture.ARM_64)
        .handler(handlerClass + "::handleRequest")
        .code(Code.fromAsset(lambdaJar))
        .memorySize(memory)
        .timeout(Duration.seconds(timeoutSeconds))
        .environment(environment)
        .logGroup(logs)
        .reservedConcurrentExecutions(reserved)
        .build();
    ((CfnFunction) fn.getNode().getDefaultChild()).setSnapStart(
        CfnFunction.SnapStartProperty.builder().applyOn("PublishedVersions").build());
    // Exactly the calls the code makes (a transaction is authorized per action inside it); no
    // Scan: product code never scans.
    table.grant(fn, TABLE_ACTIONS.toArray(String[]::new));
    bus.grantPutEventsTo(fn);
    Alarm.Builder.create(this, id + "Errors")
        .alarmDescription(handlerClass + " reported errors")
        .metric(fn.metricErrors())
        .threshold(0).evaluationPeriods(1)
        .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
        .treatMissingData(TreatMissingData.NOT_BREACHING)
        .build();
    return fn;
  }

  /** reconcile logs each deviation as a structured line; one of them is enough to call a person. */
  private void seatLedgerAlarm(Function reconcile) {
    MetricFilter deviations = MetricFilter.Builder.create(this, "SeatLedgerDeviations")
        .logGroup(reconcile.getLogGroup())
        .filterPattern(FilterPattern.stringValue("$.message", "=", "seat ledger deviation"))
        .metricNamespace("fairslot")
        .metricName("SeatLedgerDeviations")
        .metricValue("1")
        .build();
    Alarm.Builder.create(this, "SeatLedgerDeviationFound")
        .alarmDescription("reconcile found a slot where capacity != remaining + held + offered (see its log)")
        .metric(deviations.metric(MetricOptions.builder().statistic("Sum").period(Duration.days(1)).build()))
        .threshold(0).evaluationPeriods(1)
        .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
        .treatMissingData(TreatMissingData.NOT_BREACHING)
        .build();
  }

  /** SnapStart applies to published versions: everything invokes the "live" alias of the current version. */
  private Alias live(Function fn) {
    return Alias.Builder.create(this, fn.getNode().getId() + "Live").aliasName("live")
        .version(fn.getCurrentVersion()).build();
  }

  private void httpApi(Alias handler) {
    UserPool users = UserPool.Builder.create(this, "Users")
        .userPoolName("fairslot-users")
        .selfSignUpEnabled(true)
        .signInAliases(SignInAliases.builder().email(true).build())
        .removalPolicy(production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
        .build();
    UserPoolClient client = users.addClient("App", UserPoolClientOptions.builder()
        .authFlows(AuthFlow.builder().userSrp(true).userPassword(true).build()).build());
    for (String group : List.of("customer", "frontdesk", "finance", "admin")) {
      CfnUserPoolGroup.Builder.create(this, "Group" + pascal(group))
          .userPoolId(users.getUserPoolId()).groupName(group).build();
    }
    HttpUserPoolAuthorizer jwt = new HttpUserPoolAuthorizer("Jwt", users,
        HttpUserPoolAuthorizerProps.builder().userPoolClients(List.of(client)).build());
    HttpApi api = HttpApi.Builder.create(this, "Api").apiName("fairslot").build();
    HttpLambdaIntegration integration = new HttpLambdaIntegration("Handler", handler);
    for (RouteDefinition route : Fairslot.ROUTES) {
      AddRoutesOptions.Builder options = AddRoutesOptions.builder()
          .path(route.path())
          .methods(List.of(HttpMethod.valueOf(route.method())))
          .integration(integration);
      if (route.access() == RouteDefinition.Access.JWT) {
        options.authorizer(jwt);
      }
      api.addRoutes(options.build());
    }
    ((CfnStage) api.getDefaultStage().getNode().getDefaultChild()).setDefaultRouteSettings(
        CfnStage.RouteSettingsProperty.builder().throttlingBurstLimit(500).throttlingRateLimit(200).build());
    CfnOutput.Builder.create(this, "ApiUrl").value(api.getApiEndpoint()).build();
    CfnOutput.Builder.create(this, "UserPoolId").value(users.getUserPoolId()).build();
    CfnOutput.Builder.create(this, "UserPoolClientId").value(client.getUserPoolClientId()).build();
  }

  private static AttributeType type(IndexDefinition.AttributeType t) {
    return t == IndexDefinition.AttributeType.NUMBER ? AttributeType.NUMBER : AttributeType.STRING;
  }

  static String pascal(String name) {
    StringBuilder out = new StringBuilder();
    for (String part : name.split("[-_.]")) {
      if (!part.isEmpty()) {
        out.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
      }
    }
    return out.toString();
  }
}
