package fairslot.infra;

import fairslot.definitions.Fairslot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.CfnCondition;
import software.amazon.awscdk.CfnParameter;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.Fn;
import software.amazon.awscdk.services.cloudwatch.Alarm;
import software.amazon.awscdk.services.cloudwatch.ComparisonOperator;
import software.amazon.awscdk.services.cloudwatch.IMetric;
import software.amazon.awscdk.services.cloudwatch.Metric;
import software.amazon.awscdk.services.cloudwatch.MetricOptions;
import software.amazon.awscdk.services.cloudwatch.TreatMissingData;
import software.amazon.awscdk.services.cloudwatch.actions.SnsAction;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.logs.FilterPattern;
import software.amazon.awscdk.services.logs.MetricFilter;
import software.amazon.awscdk.services.sns.CfnSubscription;
import software.amazon.awscdk.services.sns.Topic;
import software.amazon.awscdk.services.sqs.Queue;
import software.constructs.Construct;

/**
 * Every alarm of the stack, and the one topic they all notify: an alarm that tells nobody is not an
 * alarm.
 */
final class Alarms {
  private final Construct scope;
  private final List<Alarm> alarms = new ArrayList<>();

  Alarms(Construct scope) {
    this.scope = scope;
  }

  /** An alarm on any of {@code metric} in one period (a dead letter, an error): nothing missing. */
  void whenAny(String id, String description, IMetric metric) {
    add(
        Alarm.Builder.create(scope, id)
            .alarmDescription(description)
            .metric(metric)
            .threshold(0)
            .evaluationPeriods(1)
            .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
            .treatMissingData(TreatMissingData.NOT_BREACHING)
            .build());
  }

  /**
   * Alarms that notify nobody are not alarms: every one goes to one topic, e-mailed when AlarmEmail
   * is set.
   */
  void notifyTopic() {
    Topic topic = Topic.Builder.create(scope, "Alarms").displayName("fairslot alarms").build();
    CfnParameter email =
        CfnParameter.Builder.create(scope, "AlarmEmail")
            .type("String")
            .defaultValue("")
            .allowedPattern("^$|^[^@\\s]+@[^@\\s]+$")
            .description(
                "optional: an address that gets every alarm (confirm the subscription e-mail)")
            .build();
    CfnCondition hasEmail =
        CfnCondition.Builder.create(scope, "HasAlarmEmail")
            .expression(Fn.conditionNot(Fn.conditionEquals(email.getValueAsString(), "")))
            .build();
    CfnSubscription subscription =
        CfnSubscription.Builder.create(scope, "AlarmEmailSubscription")
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

  Alarm add(Alarm alarm) {
    alarms.add(alarm);
    return alarm;
  }

  /**
   * The booking DLQ's consumer drains it, so "not empty" cannot fire. What matters is what it gives
   * up on (each a structured log line) and whether it is draining at all (the oldest message's
   * age).
   */
  void bookingDlq(Function dlqConsumer, Queue dlq) {
    logLineAlarm(
        "BookingRequestGivenUp",
        dlqConsumer,
        Fairslot.BOOKING_GIVEN_UP_LOG,
        "BookingRequestsGivenUp",
        Duration.minutes(5),
        "a queued booking request was rejected for good after its retries (see BookingDlqHandler's log)");
    add(
        Alarm.Builder.create(scope, "BookingDlqNotDraining")
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

  /** reconcile logs each deviation as a structured line; one of them is enough to call a person. */
  void seatLedger(Function reconcile) {
    logLineAlarm(
        "SeatLedgerDeviationFound",
        reconcile,
        "seat ledger deviation",
        "SeatLedgerDeviations",
        Duration.days(1),
        "reconcile found a slot where capacity != remaining + held + offered (see its log)");
    logLineAlarm(
        "MemberLedgerDeviationFound",
        reconcile,
        "member ledger deviation",
        "MemberLedgerDeviations",
        Duration.days(1),
        "reconcile found a member whose upcoming counter or pack credits do not add up, twice"
            + " (see its log)");
  }

  /**
   * The real providers: notifications refused at their verification (a few are WeChat's own
   * SIGNTEST probes and forgeries; a burst is a changed key or an attack), payments the
   * payments-reconcile job had to find by asking (each is a lost notification), and statement lines
   * no payment accounts for (each is money to explain).
   */
  void providers() {
    for (String provider : List.of("wechatpay", "stripe")) {
      metricAlarm(
          "ProviderNotificationsRefused" + (provider.equals("stripe") ? "Stripe" : "Wechatpay"),
          "ProviderNotifications",
          Map.of("Service", "fairslot", "Provider", provider, "Verdict", "Refused"),
          Duration.minutes(5),
          10,
          "over 10 "
              + provider
              + " notifications in 5 minutes failed verification: a changed"
              + " key or secret, or forgeries (see PaymentWebhook's log)");
    }
    metricAlarm(
        "PaymentsFoundByQuery",
        "JobChanged",
        Map.of("Service", "fairslot", "Job", "payments-reconcile"),
        Duration.hours(1),
        5,
        "over 5 payments an hour were settled by asking the provider: its notifications are not"
            + " arriving (notify URL, route, verification)");
    metricAlarm(
        "StatementMismatches",
        "JobChanged",
        Map.of("Service", "fairslot", "Job", "statement-reconcile"),
        Duration.days(1),
        0,
        "a provider's statement has lines no payment accounts for: STATEMENT_MISMATCH finance"
            + " exceptions are open");
  }

  private void metricAlarm(
      String id,
      String metric,
      Map<String, String> dimensions,
      Duration period,
      double threshold,
      String description) {
    add(
        Alarm.Builder.create(scope, id)
            .alarmDescription(description)
            .metric(
                Metric.Builder.create()
                    .namespace("fairslot")
                    .metricName(metric)
                    .dimensionsMap(dimensions)
                    .statistic("Sum")
                    .period(period)
                    .build())
            .threshold(threshold)
            .evaluationPeriods(1)
            .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
            .treatMissingData(TreatMissingData.NOT_BREACHING)
            .build());
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
        MetricFilter.Builder.create(scope, metricName)
            .logGroup(fn.getLogGroup())
            .filterPattern(FilterPattern.stringValue("$.message", "=", message))
            .metricNamespace("fairslot")
            .metricName(metricName)
            .metricValue("1")
            .build();
    add(
        Alarm.Builder.create(scope, id)
            .alarmDescription(description)
            .metric(lines.metric(MetricOptions.builder().statistic("Sum").period(period).build()))
            .threshold(0)
            .evaluationPeriods(1)
            .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
            .treatMissingData(TreatMissingData.NOT_BREACHING)
            .build());
  }
}
