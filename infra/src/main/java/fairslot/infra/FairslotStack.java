package fairslot.infra;

import fairslot.definitions.Fairslot;
import fairslot.definitions.IndexDefinition;
import fairslot.definitions.QueueDefinition;
import fairslot.definitions.RouteDefinition;
import fairslot.definitions.ScheduleDefinition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.CfnCondition;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.CfnParameter;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.Fn;
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
import software.amazon.awscdk.services.cloudwatch.ComparisonOperator;
import software.amazon.awscdk.services.cloudwatch.MetricOptions;
import software.amazon.awscdk.services.cloudwatch.TreatMissingData;
import software.amazon.awscdk.services.cloudwatch.actions.SnsAction;
import software.amazon.awscdk.services.cognito.AccountRecovery;
import software.amazon.awscdk.services.cognito.AuthFlow;
import software.amazon.awscdk.services.cognito.AutoVerifiedAttrs;
import software.amazon.awscdk.services.cognito.CfnUserPoolGroup;
import software.amazon.awscdk.services.cognito.Mfa;
import software.amazon.awscdk.services.cognito.MfaSecondFactor;
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
import software.amazon.awscdk.services.dynamodb.TableEncryption;
import software.amazon.awscdk.services.events.EventBus;
import software.amazon.awscdk.services.events.EventPattern;
import software.amazon.awscdk.services.events.Rule;
import software.amazon.awscdk.services.events.Schedule;
import software.amazon.awscdk.services.events.targets.LambdaFunction;
import software.amazon.awscdk.services.events.targets.SqsQueue;
import software.amazon.awscdk.services.iam.PolicyStatement;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.Architecture;
import software.amazon.awscdk.services.lambda.CfnFunction;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.lambda.Runtime;
import software.amazon.awscdk.services.lambda.eventsources.SqsEventSource;
import software.amazon.awscdk.services.lambda.eventsources.SqsEventSourceProps;
import software.amazon.awscdk.services.logs.FilterPattern;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.MetricFilter;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.amazon.awscdk.services.secretsmanager.Secret;
import software.amazon.awscdk.services.secretsmanager.SecretStringGenerator;
import software.amazon.awscdk.services.sns.CfnSubscription;
import software.amazon.awscdk.services.sns.Topic;
import software.amazon.awscdk.services.sqs.DeadLetterQueue;
import software.amazon.awscdk.services.sqs.Queue;
import software.amazon.awscdk.services.sqs.QueueEncryption;
import software.constructs.Construct;

/**
 * The whole function set, built from the same definitions the local runtime serves ({@link
 * Fairslot}): table and indexes, bus and rule, queues, routes and schedules cannot drift.
 */
public final class FairslotStack extends Stack {
  /** The contract's webhook route: its own function (reserved concurrency) and a lower throttle. */
  static final String WEBHOOK_ROUTE = "POST /payments/callback";

  static final int WEBHOOK_RATE_LIMIT = 25;
  static final int WEBHOOK_BURST_LIMIT = 50;
  static final int WEBHOOK_RESERVED_CONCURRENCY = 10;

  /** Consumers' timeout; queue visibility timeouts are at least six times this. */
  static final int CONSUMER_TIMEOUT_SECONDS = 30;

  private final Table table;
  private final EventBus bus;
  private final Map<String, Queue> queues = new LinkedHashMap<>();
  private final Map<String, Queue> deadLetters = new LinkedHashMap<>();
  private final Map<String, String> environment = new HashMap<>();
  private final Map<FunctionAccess.Secret, Secret> secrets = new LinkedHashMap<>();
  private final List<Alarm> alarms = new ArrayList<>();
  private final String lambdaJar;
  private final boolean production;

  public FairslotStack(
      Construct scope, String id, StackProps props, String lambdaJar, String stage) {
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
        .eventPattern(
            EventPattern.builder()
                .source(List.of(Fairslot.EVENT_SOURCE))
                .detailType(List.of(Fairslot.SEAT_RELEASED))
                .build())
        .targets(List.of(new SqsQueue(queues.get(Fairslot.WAITLIST_QUEUE.name()))))
        .build();

    environment.put(Fairslot.TABLE_ENV, table.getTableName());
    environment.put(Fairslot.EVENT_BUS_ENV, bus.getEventBusName());
    environment.put(
        Fairslot.BOOKING_QUEUE_URL_ENV, queues.get(Fairslot.BOOKING_QUEUE.name()).getQueueUrl());
    environment.put("JAVA_TOOL_OPTIONS", "-XX:+TieredCompilation -XX:TieredStopAtLevel=1");
    // Secrets live in Secrets Manager; a function's environment holds only the ARN, and only the
    // functions that use a secret get its ARN and a grant to read it (FunctionAccess).
    secrets.put(
        FunctionAccess.Secret.PAYMENT_WEBHOOK,
        secret(
            "PaymentWebhookSecret",
            "HMAC key of the payment provider's webhook. Generated at deploy; put the provider's own value here"
                + " (aws secretsmanager put-secret-value), 32+ characters, then redeploy or wait for new containers."));
    secrets.put(
        FunctionAccess.Secret.CURSOR,
        secret(
            "CursorSecret",
            "HMAC key that makes list cursors tamper-evident; every container shares it."));

    // 29 s: just under the HTTP API's 30 s integration limit. Bookings take milliseconds; the room
    // is
    // for staff operations (generating 500 sessions, cancelling a full slot), which are resumable
    // if cut off.
    Function http = function("HttpApi", "fairslot.handler.HttpApiHandler", 1024, 29, null);
    // The provider's callbacks get their own function and reserved concurrency, so a flood of
    // public
    // reads (which can take every HttpApi container) never leaves a payment unanswered.
    Function webhook =
        function(
            "PaymentWebhook",
            "fairslot.handler.HttpApiHandler",
            1024,
            29,
            WEBHOOK_RESERVED_CONCURRENCY);
    httpApi(live(http), live(webhook));

    consumer(
        Fairslot.WAITLIST_QUEUE,
        queues.get(Fairslot.WAITLIST_QUEUE.name()),
        Fairslot.WAITLIST_QUEUE.consumerHandler());
    // One slot is one FIFO group and drains one batch at a time; a few consumers keep the table's
    // write load bounded however many slots open at once.
    consumer(
        Fairslot.BOOKING_QUEUE,
        queues.get(Fairslot.BOOKING_QUEUE.name()),
        Fairslot.BOOKING_QUEUE.consumerHandler());
    Function dlqConsumer =
        consumer(
            Fairslot.BOOKING_QUEUE,
            deadLetters.get(Fairslot.BOOKING_QUEUE.name()),
            Fairslot.BOOKING_DLQ_HANDLER);
    givenUpAlarm(dlqConsumer, deadLetters.get(Fairslot.BOOKING_QUEUE.name()));

    for (ScheduleDefinition schedule : Fairslot.SCHEDULES) {
      // reconcile walks every slot (10,000 take a few minutes); the other jobs take one bounded
      // batch.
      int timeout = schedule.name().equals("reconcile") ? 900 : 60;
      Function job = function(pascal(schedule.name()), schedule.handler(), 512, timeout, 1);
      if (schedule.name().equals("reconcile")) {
        seatLedgerAlarm(job);
      }
      Rule.Builder.create(this, pascal(schedule.name()) + "Schedule")
          .ruleName("fairslot-" + schedule.name())
          .schedule(Schedule.expression(schedule.rate()))
          .targets(List.of(new LambdaFunction(live(job))))
          .build();
    }
    alarmTopic();
  }

  /**
   * Alarms that notify nobody are not alarms: every one goes to one topic, e-mailed when AlarmEmail
   * is set.
   */
  private void alarmTopic() {
    Topic topic = Topic.Builder.create(this, "Alarms").displayName("fairslot alarms").build();
    CfnParameter email =
        CfnParameter.Builder.create(this, "AlarmEmail")
            .type("String")
            .defaultValue("")
            .allowedPattern("^$|^[^@\\s]+@[^@\\s]+$")
            .description(
                "optional: an address that gets every alarm (confirm the subscription e-mail)")
            .build();
    CfnCondition hasEmail =
        CfnCondition.Builder.create(this, "HasAlarmEmail")
            .expression(Fn.conditionNot(Fn.conditionEquals(email.getValueAsString(), "")))
            .build();
    CfnSubscription subscription =
        CfnSubscription.Builder.create(this, "AlarmEmailSubscription")
            .topicArn(topic.getTopicArn())
            .protocol("email")
            .endpoint(email.getValueAsString())
            .build();
    subscription.getCfnOptions().setCondition(hasEmail);
    for (Alarm alarm : alarms) {
      alarm.addAlarmAction(new SnsAction(topic));
      alarm.addOkAction(new SnsAction(topic));
    }
  }

  private Secret secret(String id, String description) {
    return Secret.Builder.create(this, id)
        .description(description)
        .generateSecretString(
            SecretStringGenerator.builder().passwordLength(48).excludePunctuation(true).build())
        .removalPolicy(production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
        .build();
  }

  private Alarm alarm(Alarm alarm) {
    alarms.add(alarm);
    return alarm;
  }

  /**
   * The booking DLQ's consumer drains it, so "not empty" cannot fire. What matters is what it gives
   * up on (each a structured log line) and whether it is draining at all (the oldest message's
   * age).
   */
  private void givenUpAlarm(Function dlqConsumer, Queue dlq) {
    logLineAlarm(
        "BookingRequestGivenUp",
        dlqConsumer,
        Fairslot.BOOKING_GIVEN_UP_LOG,
        "BookingRequestsGivenUp",
        Duration.minutes(5),
        "a queued booking request was rejected for good after its retries (see BookingDlqHandler's log)");
    alarm(
        Alarm.Builder.create(this, "BookingDlqNotDraining")
            .alarmDescription(
                "the booking DLQ's oldest message is over 15 minutes old: its consumer is failing")
            .metric(
                dlq.metricApproximateAgeOfOldestMessage(
                    MetricOptions.builder()
                        .statistic("Maximum")
                        .period(Duration.minutes(5))
                        .build()))
            .threshold(900)
            .evaluationPeriods(1)
            .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
            .treatMissingData(TreatMissingData.NOT_BREACHING)
            .build());
  }

  private Table table(RemovalPolicy keep) {
    var t = Fairslot.TABLE;
    Table created =
        Table.Builder.create(this, "Table")
            .tableName(t.defaultName())
            .partitionKey(
                Attribute.builder().name(t.partitionKey()).type(AttributeType.STRING).build())
            .sortKey(Attribute.builder().name(t.sortKey()).type(AttributeType.STRING).build())
            .billingMode(BillingMode.PAY_PER_REQUEST)
            .pointInTimeRecovery(true)
            .encryption(TableEncryption.AWS_MANAGED)
            .deletionProtection(production)
            .timeToLiveAttribute(t.timeToLiveAttribute())
            .removalPolicy(keep)
            .build();
    for (IndexDefinition index : t.indexes()) {
      created.addGlobalSecondaryIndex(
          GlobalSecondaryIndexProps.builder()
              .indexName(index.name())
              .partitionKey(
                  Attribute.builder()
                      .name(index.partitionKey())
                      .type(type(index.partitionKeyType()))
                      .build())
              .sortKey(
                  Attribute.builder().name(index.sortKey()).type(type(index.sortKeyType())).build())
              .projectionType(ProjectionType.valueOf(index.projection().name()))
              .build());
    }
    return created;
  }

  private void queue(QueueDefinition q) {
    // Every queue, dead-letter ones too, may have a consumer: visibility is six consumer timeouts.
    Queue dlq =
        Queue.Builder.create(this, pascal(q.deadLetterName()))
            .queueName(q.deadLetterNameWithSuffix())
            .fifo(q.fifo() ? true : null)
            .encryption(QueueEncryption.SQS_MANAGED)
            .visibilityTimeout(Duration.seconds(6 * CONSUMER_TIMEOUT_SECONDS))
            .retentionPeriod(Duration.days(14))
            .build();
    Queue queue =
        Queue.Builder.create(this, pascal(q.name()))
            .queueName(q.nameWithSuffix())
            .fifo(q.fifo() ? true : null)
            .encryption(QueueEncryption.SQS_MANAGED)
            .visibilityTimeout(
                Duration.seconds(
                    Math.max(q.visibilityTimeoutSeconds(), 6 * CONSUMER_TIMEOUT_SECONDS)))
            .deadLetterQueue(
                DeadLetterQueue.builder().queue(dlq).maxReceiveCount(q.maxReceiveCount()).build())
            .build();
    queues.put(q.name(), queue);
    deadLetters.put(q.name(), dlq);
    if (q.name().equals(Fairslot.BOOKING_QUEUE.name())) {
      return; // drained by BookingDlqHandler: see givenUpAlarm
    }
    alarm(
        Alarm.Builder.create(this, pascal(q.deadLetterName()) + "NotEmpty")
            .alarmDescription(
                "messages in " + q.deadLetterNameWithSuffix() + ": requests need attention")
            .metric(dlq.metricApproximateNumberOfMessagesVisible())
            .threshold(0)
            .evaluationPeriods(1)
            .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
            .treatMissingData(TreatMissingData.NOT_BREACHING)
            .build());
  }

  private Function consumer(QueueDefinition q, Queue source, String handler) {
    Function fn =
        function(
            pascal(handler.substring(handler.lastIndexOf('.') + 1)),
            handler,
            1024,
            CONSUMER_TIMEOUT_SECONDS,
            q.fifo() ? 10 : null);
    live(fn)
        .addEventSource(
            new SqsEventSource(
                source,
                SqsEventSourceProps.builder()
                    .batchSize(q.batchSize())
                    .reportBatchItemFailures(true)
                    .build()));
    return fn;
  }

  /** One function: java21 on arm64, SnapStart, its own log group, and only the grants it needs. */
  private Function function(
      String id, String handlerClass, int memory, int timeoutSeconds, Integer reserved) {
    FunctionAccess access = FunctionAccess.of(id);
    LogGroup logs =
        LogGroup.Builder.create(this, id + "Logs")
            .retention(RetentionDays.ONE_MONTH)
            .removalPolicy(production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
            .build();
    Function fn =
        Function.Builder.create(this, id)
            .runtime(Runtime.JAVA_21)
            .architecture(Architecture.ARM_64)
            .handler(handlerClass + "::handleRequest")
            .code(Code.fromAsset(lambdaJar))
            .memorySize(memory)
            .timeout(Duration.seconds(timeoutSeconds))
            .environment(environmentOf(access))
            .logGroup(logs)
            .reservedConcurrentExecutions(reserved)
            .build();
    ((CfnFunction) fn.getNode().getDefaultChild())
        .setSnapStart(CfnFunction.SnapStartProperty.builder().applyOn("PublishedVersions").build());
    grant(fn, access);
    alarm(
        Alarm.Builder.create(this, id + "Errors")
            .alarmDescription(handlerClass + " reported errors")
            .metric(fn.metricErrors())
            .threshold(0)
            .evaluationPeriods(1)
            .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
            .treatMissingData(TreatMissingData.NOT_BREACHING)
            .build());
    return fn;
  }

  /**
   * Exactly the row's grants: its table actions (a transaction is authorized per action inside it)
   * on the table and the indexes it queries, PutEvents, sending booking requests, and its secrets.
   */
  private void grant(Function fn, FunctionAccess access) {
    List<String> resources = new ArrayList<>(List.of(table.getTableArn()));
    access
        .indexes()
        .ifPresentOrElse(
            names ->
                names.stream()
                    .sorted()
                    .forEach(i -> resources.add(table.getTableArn() + "/index/" + i)),
            () -> resources.add(table.getTableArn() + "/index/*"));
    fn.addToRolePolicy(
        PolicyStatement.Builder.create()
            .actions(access.tableActions().stream().sorted().toList())
            .resources(resources)
            .build());
    if (access.publishesEvents()) {
      bus.grantPutEventsTo(fn);
    }
    if (access.sendsBookingRequests()) {
      queues.get(Fairslot.BOOKING_QUEUE.name()).grantSendMessages(fn);
    }
    access.secrets().stream().sorted().forEach(s -> secrets.get(s).grantRead(fn));
  }

  private Map<String, String> environmentOf(FunctionAccess access) {
    Map<String, String> env = new HashMap<>(environment);
    access
        .secrets()
        .forEach(secret -> env.put(secret.arnVariable, secrets.get(secret).getSecretArn()));
    return env;
  }

  /** reconcile logs each deviation as a structured line; one of them is enough to call a person. */
  private void seatLedgerAlarm(Function reconcile) {
    logLineAlarm(
        "SeatLedgerDeviationFound",
        reconcile,
        "seat ledger deviation",
        "SeatLedgerDeviations",
        Duration.days(1),
        "reconcile found a slot where capacity != remaining + held + offered (see its log)");
  }

  /**
   * An alarm on one structured log line ({@code "message"}) of a function: any in the period fires
   * it.
   */
  private void logLineAlarm(
      String id,
      Function fn,
      String message,
      String metricName,
      Duration period,
      String description) {
    MetricFilter lines =
        MetricFilter.Builder.create(this, metricName)
            .logGroup(fn.getLogGroup())
            .filterPattern(FilterPattern.stringValue("$.message", "=", message))
            .metricNamespace("fairslot")
            .metricName(metricName)
            .metricValue("1")
            .build();
    alarm(
        Alarm.Builder.create(this, id)
            .alarmDescription(description)
            .metric(lines.metric(MetricOptions.builder().statistic("Sum").period(period).build()))
            .threshold(0)
            .evaluationPeriods(1)
            .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
            .treatMissingData(TreatMissingData.NOT_BREACHING)
            .build());
  }

  /**
   * SnapStart applies to published versions: everything invokes the "live" alias of the current
   * version.
   */
  private Alias live(Function fn) {
    return Alias.Builder.create(this, fn.getNode().getId() + "Live")
        .aliasName("live")
        .version(fn.getCurrentVersion())
        .build();
  }

  private void httpApi(Alias handler, Alias webhook) {
    // Customers sign themselves up (a booking site); e-mail is verified before the account is
    // usable.
    // MFA is optional and by authenticator app only: staff accounts should turn it on
    // (docs/security.md).
    UserPool users =
        UserPool.Builder.create(this, "Users")
            .userPoolName("fairslot-users")
            .selfSignUpEnabled(true)
            .signInAliases(SignInAliases.builder().email(true).build())
            .autoVerify(AutoVerifiedAttrs.builder().email(true).build())
            .accountRecovery(AccountRecovery.EMAIL_ONLY)
            .mfa(Mfa.OPTIONAL)
            .mfaSecondFactor(MfaSecondFactor.builder().otp(true).sms(false).build())
            .removalPolicy(production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
            .build();
    // No hosted UI or OAuth flows (so no implicit grant and no callback URL); sign-in is SRP, or
    // USER_PASSWORD_AUTH for the README's CLI session. A wrong user and a wrong password look
    // alike.
    UserPoolClient client =
        users.addClient(
            "App",
            UserPoolClientOptions.builder()
                .authFlows(AuthFlow.builder().userSrp(true).userPassword(true).build())
                .disableOAuth(true)
                .preventUserExistenceErrors(true)
                .build());
    for (String group : List.of("customer", "frontdesk", "finance", "admin")) {
      CfnUserPoolGroup.Builder.create(this, "Group" + pascal(group))
          .userPoolId(users.getUserPoolId())
          .groupName(group)
          .build();
    }
    HttpUserPoolAuthorizer jwt =
        new HttpUserPoolAuthorizer(
            "Jwt",
            users,
            HttpUserPoolAuthorizerProps.builder().userPoolClients(List.of(client)).build());
    HttpApi api = HttpApi.Builder.create(this, "Api").apiName("fairslot").build();
    HttpLambdaIntegration integration = new HttpLambdaIntegration("Handler", handler);
    HttpLambdaIntegration webhookIntegration = new HttpLambdaIntegration("Webhook", webhook);
    for (RouteDefinition route : Fairslot.ROUTES) {
      AddRoutesOptions.Builder options =
          AddRoutesOptions.builder()
              .path(route.path())
              .methods(List.of(HttpMethod.valueOf(route.method())))
              .integration(
                  route.routeKey().equals(WEBHOOK_ROUTE) ? webhookIntegration : integration);
      if (route.access() == RouteDefinition.Access.JWT) {
        options.authorizer(jwt);
      }
      api.addRoutes(options.build());
    }
    LogGroup accessLogs =
        LogGroup.Builder.create(this, "ApiAccessLogs")
            .retention(RetentionDays.ONE_MONTH)
            .removalPolicy(production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
            .build();
    CfnStage stage = (CfnStage) api.getDefaultStage().getNode().getDefaultChild();
    stage.setDefaultRouteSettings(
        CfnStage.RouteSettingsProperty.builder()
            .throttlingBurstLimit(500)
            .throttlingRateLimit(200)
            .build());
    // Each route has its own token bucket; the webhook's is lower than the rest (a provider calls
    // back
    // once per payment event, and it is the one unauthenticated write).
    stage.setRouteSettings(
        Map.of(
            WEBHOOK_ROUTE,
            Map.of(
                "ThrottlingBurstLimit",
                WEBHOOK_BURST_LIMIT,
                "ThrottlingRateLimit",
                WEBHOOK_RATE_LIMIT)));
    stage.setAccessLogSettings(
        CfnStage.AccessLogSettingsProperty.builder()
            .destinationArn(accessLogs.getLogGroupArn())
            .format(
                "{\"requestId\":\"$context.requestId\",\"ip\":\"$context.identity.sourceIp\","
                    + "\"requestTime\":\"$context.requestTime\",\"routeKey\":\"$context.routeKey\","
                    + "\"status\":\"$context.status\",\"responseLength\":\"$context.responseLength\","
                    + "\"latencyMs\":\"$context.responseLatency\",\"integrationError\":\"$context.integrationErrorMessage\","
                    + "\"authorizerError\":\"$context.authorizer.error\",\"sub\":\"$context.authorizer.claims.sub\"}")
            .build());
    CfnOutput.Builder.create(this, "ApiUrl").value(api.getApiEndpoint()).build();
    CfnOutput.Builder.create(this, "UserPoolId").value(users.getUserPoolId()).build();
    CfnOutput.Builder.create(this, "UserPoolClientId").value(client.getUserPoolClientId()).build();
    CfnOutput.Builder.create(this, "PaymentWebhookSecretArn")
        .value(secrets.get(FunctionAccess.Secret.PAYMENT_WEBHOOK).getSecretArn())
        .build();
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
