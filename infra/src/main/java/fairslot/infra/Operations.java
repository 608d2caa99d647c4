package fairslot.infra;

import java.util.List;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.apigatewayv2.HttpApi;
import software.amazon.awscdk.services.cloudwatch.Alarm;
import software.amazon.awscdk.services.cloudwatch.ComparisonOperator;
import software.amazon.awscdk.services.cloudwatch.Dashboard;
import software.amazon.awscdk.services.cloudwatch.GraphWidget;
import software.amazon.awscdk.services.cloudwatch.IMetric;
import software.amazon.awscdk.services.cloudwatch.MathExpression;
import software.amazon.awscdk.services.cloudwatch.Metric;
import software.amazon.awscdk.services.cloudwatch.MetricOptions;
import software.amazon.awscdk.services.cloudwatch.TreatMissingData;
import software.amazon.awscdk.services.sqs.Queue;
import software.constructs.Construct;

/**
 * What on-call looks at and what calls them (docs/operations.md): one dashboard, and the alarms on
 * the service's health that the per-function and per-queue alarms do not already cover. The
 * fairslot metrics come from the functions' EMF log lines (namespace {@code fairslot}, every line
 * with the dimension {@code Service=fairslot}).
 */
final class Operations {
  static final String NAMESPACE = "fairslot";

  /** The alarms this class adds (the synth test counts them). */
  static final List<String> ALARMS =
      List.of(
          "Api5xxRate",
          "ApiLatencyP99",
          "QueuedRequestsWaiting",
          "NotificationsParked",
          "FinanceExceptionsOverADay");

  private final Construct scope;
  private final Alarms alarms;

  Operations(Construct scope, Alarms alarms) {
    this.scope = scope;
    this.alarms = alarms;
  }

  void build(HttpApi api, Queue bookings, Queue bookingDlq, Queue waitlist, Queue waitlistDlq) {
    dashboard(api, bookings, bookingDlq, waitlist, waitlistDlq);
    alarm(
        "Api5xxRate",
        "over 1% of API requests answered 5xx for 3 of 5 minutes: see the HttpApi function's errors"
            + " and the 503s (docs/operations.md)",
        MathExpression.Builder.create()
            .expression("100 * errors / MAX([requests, 1])")
            .usingMetrics(
                Map.of(
                    "errors", api.metricServerError(sum(Duration.minutes(1))),
                    "requests", api.metricCount(sum(Duration.minutes(1)))))
            .period(Duration.minutes(1))
            .label("5xx %")
            .build(),
        1,
        5,
        3);
    alarm(
        "ApiLatencyP99",
        "the API's p99 latency over 1 s for 3 of 5 minutes: look at conflicts, 503s and the table's"
            + " throttling (docs/operations.md)",
        api.metricLatency(
            MetricOptions.builder().statistic("p99").period(Duration.minutes(1)).build()),
        1000,
        5,
        3);
    alarm(
        "QueuedRequestsWaiting",
        "the oldest queued booking request is over 5 minutes old: the booking consumer is not"
            + " draining (docs/operations.md)",
        bookings.metricApproximateAgeOfOldestMessage(
            MetricOptions.builder().statistic("Maximum").period(Duration.minutes(1)).build()),
        300,
        3,
        3);
    alarm(
        "NotificationsParked",
        "notifications are parked: a channel keeps refusing; see GET /staff/notifications and"
            + " docs/notifications.md",
        fairslot("NotificationsParked", "Maximum", Duration.minutes(15)),
        0,
        1,
        1);
    alarm(
        "FinanceExceptionsOverADay",
        "finance exceptions have been open for more than a day: see GET /finance/exceptions",
        fairslot("FinanceExceptionsOpenOverADay", "Maximum", Duration.days(1)),
        0,
        1,
        1);
  }

  private void dashboard(
      HttpApi api, Queue bookings, Queue bookingDlq, Queue waitlist, Queue waitlistDlq) {
    Duration minute = Duration.minutes(1);
    Dashboard.Builder.create(scope, "Dashboard")
        .dashboardName("fairslot")
        .widgets(
            List.of(
                List.of(
                    graph("Traffic by route", search("Route", "Requests", "Sum")),
                    graph("Refusals by code", search("Code", "Refusals", "Sum")),
                    graph(
                        "Latency p50 / p99 (ms)",
                        api.metricLatency(
                            MetricOptions.builder().statistic("p50").period(minute).build()),
                        api.metricLatency(
                            MetricOptions.builder().statistic("p99").period(minute).build()))),
                List.of(
                    graph(
                        "5xx, 503s and AWS retries (conflicts, throttles)",
                        api.metricServerError(sum(minute)),
                        fairslot("Unavailable", "Sum", minute),
                        search("AwsService,Operation", "AwsRetries", "Sum")),
                    graph(
                        "Bookings granted and queued",
                        search("Venue", "BookingsGranted", "Sum"),
                        fairslot("BookingsQueued", "Sum", minute)),
                    graph(
                        "Queues: depth and oldest (s)",
                        bookings.metricApproximateNumberOfMessagesVisible(),
                        bookings.metricApproximateAgeOfOldestMessage(),
                        waitlist.metricApproximateNumberOfMessagesVisible(),
                        waitlist.metricApproximateAgeOfOldestMessage())),
                List.of(
                    graph(
                        "Dead-letter queues",
                        bookingDlq.metricApproximateNumberOfMessagesVisible(),
                        waitlistDlq.metricApproximateNumberOfMessagesVisible(),
                        search("Queue", "DlqReceipts", "Sum")),
                    graph(
                        "Jobs: duration (ms, max) and deferred items",
                        search("Job", "JobDuration", "Maximum"),
                        search("Job", "JobDeferred", "Sum")),
                    graph(
                        "Reconcile and notifications",
                        fairslot("ReconcileDeviations", "Sum", Duration.hours(1)),
                        fairslot("ReconcileMemberDeviations", "Sum", Duration.hours(1)),
                        fairslot("NotificationsParked", "Maximum", Duration.minutes(5)),
                        search("Outcome", "PaymentCallbacks", "Sum")))))
        .build();
  }

  private static MetricOptions sum(Duration period) {
    return MetricOptions.builder().statistic("Sum").period(period).build();
  }

  /** A fairslot metric with only the Service dimension. */
  private static Metric fairslot(String name, String statistic, Duration period) {
    return Metric.Builder.create()
        .namespace(NAMESPACE)
        .metricName(name)
        .dimensionsMap(Map.of("Service", NAMESPACE))
        .statistic(statistic)
        .period(period)
        .build();
  }

  /**
   * Every series of a fairslot metric by its dimensions besides Service (a route, a code, a job, a
   * venue; comma-separated when more than one).
   */
  private static MathExpression search(String dimension, String metric, String statistic) {
    return MathExpression.Builder.create()
        .expression(
            "SEARCH('{"
                + NAMESPACE
                + ",Service,"
                + dimension
                + "} MetricName=\""
                + metric
                + "\"', '"
                + statistic
                + "', 60)")
        .usingMetrics(Map.of())
        .label("")
        .period(Duration.minutes(1))
        .build();
  }

  private static GraphWidget graph(String title, IMetric... metrics) {
    return GraphWidget.Builder.create().title(title).left(List.of(metrics)).width(8).build();
  }

  private void alarm(
      String id,
      String description,
      IMetric metric,
      double threshold,
      int evaluationPeriods,
      int datapoints) {
    alarms.add(
        Alarm.Builder.create(scope, id)
            .alarmDescription(description)
            .metric(metric)
            .threshold(threshold)
            .evaluationPeriods(evaluationPeriods)
            .datapointsToAlarm(datapoints)
            .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
            .treatMissingData(TreatMissingData.NOT_BREACHING)
            .build());
  }
}
