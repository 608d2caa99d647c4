package fairslot.infra;

import fairslot.definitions.Fairslot;
import fairslot.definitions.Permissions;
import fairslot.definitions.QueueDefinition;
import fairslot.definitions.ScheduleDefinition;
import fairslot.definitions.StreamConsumerDefinition;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.Aws;
import software.amazon.awscdk.CfnParameter;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.services.dynamodb.Table;
import software.amazon.awscdk.services.events.EventBus;
import software.amazon.awscdk.services.events.EventPattern;
import software.amazon.awscdk.services.events.Rule;
import software.amazon.awscdk.services.events.RuleTargetInput;
import software.amazon.awscdk.services.events.Schedule;
import software.amazon.awscdk.services.events.targets.LambdaFunction;
import software.amazon.awscdk.services.events.targets.SqsQueue;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.Architecture;
import software.amazon.awscdk.services.lambda.CfnFunction;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.lambda.Runtime;
import software.amazon.awscdk.services.lambda.Tracing;
import software.amazon.awscdk.services.lambda.eventsources.SqsEventSource;
import software.amazon.awscdk.services.lambda.eventsources.SqsEventSourceProps;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.amazon.awscdk.services.secretsmanager.Secret;
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
  private final Map<Permissions.Secret, Secret> secrets = new LinkedHashMap<>();
  private final Alarms alarms = new Alarms(this);
  private final String lambdaJar;
  private final boolean production;

  /** The verified SES identity notification e-mail is sent from (given at deploy). */
  private final CfnParameter emailFrom;

  public FairslotStack(
      Construct scope, String id, StackProps props, String lambdaJar, String stage) {
    super(scope, id, props);
    this.lambdaJar = lambdaJar;
    this.production = !stage.equals("dev");
    RemovalPolicy keep = production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    emailFrom =
        CfnParameter.Builder.create(this, "EmailFrom")
            .type("String")
            .allowedPattern("^[^@\\s]+@[^@\\s]+$")
            .description(
                "the address notification e-mail is sent from: an SES identity verified in this"
                    + " region (the address or its domain); see docs/notifications.md")
            .build();
    table = FairslotTable.build(this, production, keep);
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
    secrets.putAll(StackSecrets.create(this, production));

    // 29 s: just under the HTTP API's 30 s integration limit. Bookings take milliseconds; the room
    // is for staff operations (generating 500 sessions, cancelling a full slot), which are
    // resumable if cut off.
    Function http = function("HttpApi", "fairslot.handler.HttpApiHandler", 1024, 29, null);
    // The provider's callbacks get their own function and reserved concurrency, so a flood of
    // public reads (which can take every HttpApi container) never leaves a payment unanswered.
    Function webhook =
        function(
            "PaymentWebhook",
            "fairslot.handler.HttpApiHandler",
            1024,
            29,
            WEBHOOK_RESERVED_CONCURRENCY);
    // Lets in Cognito's tokens and fairslot's own (WeChat sign-in); API Gateway waits 10 s at most.
    Function authorizer =
        function("Authorizer", "fairslot.handler.AuthorizerHandler", 512, 10, null);
    var console = ConsoleHosting.build(this, production, Aws.REGION);
    software.amazon.awscdk.services.apigatewayv2.HttpApi api =
        HttpApiFront.build(
            this,
            live(http),
            live(webhook),
            authorizer,
            production,
            secrets.get(Permissions.Secret.PAYMENT_WEBHOOK),
            ConsoleHosting.origin(console));

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
    alarms.bookingDlq(dlqConsumer, deadLetters.get(Fairslot.BOOKING_QUEUE.name()));

    for (StreamConsumerDefinition consumer : Fairslot.STREAM_CONSUMERS) {
      streamConsumer(consumer);
    }

    for (ScheduleDefinition schedule : Fairslot.SCHEDULES) {
      // reconcile walks every slot (10,000 take a few minutes); the other jobs take one bounded
      // batch.
      int timeout = schedule.name().equals("reconcile") ? 900 : 60;
      Function job =
          function(ConstructIds.pascal(schedule.name()), schedule.handler(), 512, timeout, 1);
      if (schedule.name().equals("reconcile")) {
        alarms.seatLedger(job);
      }
      Rule.Builder.create(this, ConstructIds.pascal(schedule.name()) + "Schedule")
          .ruleName("fairslot-" + schedule.name())
          .schedule(Schedule.expression(schedule.rate()))
          // One handler class serves every job: the rule's input names this one.
          .targets(
              List.of(
                  LambdaFunction.Builder.create(live(job))
                      .event(RuleTargetInput.fromObject(Map.of("job", schedule.name())))
                      .build()))
          .build();
    }
    new Operations(this, alarms)
        .build(
            api,
            queues.get(Fairslot.BOOKING_QUEUE.name()),
            deadLetters.get(Fairslot.BOOKING_QUEUE.name()),
            queues.get(Fairslot.WAITLIST_QUEUE.name()),
            deadLetters.get(Fairslot.WAITLIST_QUEUE.name()));
    alarms.providers();
    alarms.notifyTopic();
  }

  private void queue(QueueDefinition q) {
    // Every queue, dead-letter ones too, may have a consumer: visibility is six consumer timeouts.
    Queue dlq =
        Queue.Builder.create(this, ConstructIds.pascal(q.deadLetterName()))
            .queueName(q.deadLetterNameWithSuffix())
            .fifo(q.fifo() ? true : null)
            .encryption(QueueEncryption.SQS_MANAGED)
            .visibilityTimeout(Duration.seconds(6 * CONSUMER_TIMEOUT_SECONDS))
            .retentionPeriod(Duration.days(14))
            .build();
    Queue queue =
        Queue.Builder.create(this, ConstructIds.pascal(q.name()))
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
      return; // drained by BookingDlqHandler: see Alarms.bookingDlq
    }
    alarms.whenAny(
        ConstructIds.pascal(q.deadLetterName()) + "NotEmpty",
        "messages in " + q.deadLetterNameWithSuffix() + ": requests need attention",
        dlq.metricApproximateNumberOfMessagesVisible());
  }

  private Function consumer(QueueDefinition q, Queue source, String handler) {
    Function fn =
        function(
            ConstructIds.functionId(handler),
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

  /**
   * A consumer of the table's stream: only the records its filter selects invoke it, in order per
   * shard (parallelization 1), retried from the failed record; a record that still fails after the
   * definition's retries is sent (as metadata) to its failure queue, which alarms.
   */
  private void streamConsumer(StreamConsumerDefinition c) {
    Function fn =
        function(
            ConstructIds.functionId(c.handler()), c.handler(), 512, CONSUMER_TIMEOUT_SECONDS, null);
    StreamSources.attach(this, table, alarms, live(fn), c);
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
            .environment(grants().environmentOf(access.permissions()))
            .logGroup(logs)
            // X-Ray: every invocation is a trace, and its id is on every log and metric line.
            .tracing(Tracing.ACTIVE)
            .reservedConcurrentExecutions(reserved)
            .build();
    ((CfnFunction) fn.getNode().getDefaultChild())
        .setSnapStart(CfnFunction.SnapStartProperty.builder().applyOn("PublishedVersions").build());
    grants().grant(fn, access.permissions());
    alarms.whenAny(id + "Errors", handlerClass + " reported errors", fn.metricErrors());
    return fn;
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

  /** The grants of a function, made once the table, bus, queues and secrets exist. */
  private FunctionGrants grants() {
    return new FunctionGrants(this, table, bus, queues, secrets, emailFrom, environment);
  }
}
