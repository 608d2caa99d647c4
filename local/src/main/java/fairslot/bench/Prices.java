package fairslot.bench;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The AWS list prices the cost model assumes: us-east-1, USD, on-demand, before free tiers and
 * savings plans. Each can be replaced with {@code -Dprice.<key>=<usd>} (FAIRSLOT_BENCH_OPTS) for
 * another Region or a later price list; the bench prints the ones it used.
 */
final class Prices {
  record Price(String key, double usd, String unit, String note) {}

  private final Map<String, Price> byKey = new LinkedHashMap<>();

  Prices() {
    add("dynamodb.write", 0.625e-6, "write request unit", "on-demand, since the Nov 2024 cut");
    add("dynamodb.read", 0.125e-6, "read request unit", "on-demand, since the Nov 2024 cut");
    add("dynamodb.storage", 0.25, "GB-month", "Standard table class");
    add("dynamodb.pitr", 0.20, "GB-month", "point-in-time recovery (the table has it on)");
    add("lambda.request", 0.20e-6, "invocation", "");
    add("lambda.arm64", 0.0000133334, "GB-second", "arm64, first 7.5 billion GB-s a month");
    add("apigw.http", 1.00e-6, "request", "HTTP API, first 300 million a month");
    add("sqs.standard", 0.40e-6, "request", "per 64 KB chunk");
    add("sqs.fifo", 0.50e-6, "request", "per 64 KB chunk");
    add("eventbridge.event", 1.00e-6, "custom event", "per 64 KB chunk");
    add("ses.email", 0.10e-3, "e-mail", "SES outbound");
    add("sns.sms", 0.0075, "SMS", "varies by country: set it for yours");
    add("logs.ingest", 0.50, "GB", "CloudWatch Logs, standard class");
    add("logs.storage", 0.03, "GB-month", "the log groups keep a month");
    add("xray.trace", 5.00e-6, "trace recorded", "tracing is ACTIVE on every function");
    add("cloudwatch.metric", 0.30, "metric-month", "custom (EMF) metrics, first 10,000");
    add("cloudwatch.alarm", 0.10, "alarm-month", "standard resolution");
    add("cloudwatch.dashboard", 3.00, "dashboard-month", "the first 3 an account are free");
    add("secrets.secret", 0.40, "secret-month", "read once per container, so calls are negligible");
    add("cognito.mau", 0.0055, "monthly active user", "Lite tier; the first 10,000 are free");
  }

  private void add(String key, double usd, String unit, String note) {
    String override = System.getProperty("price." + key);
    byKey.put(
        key, new Price(key, override == null ? usd : Double.parseDouble(override), unit, note));
  }

  double of(String key) {
    Price p = byKey.get(key);
    if (p == null) {
      throw new IllegalArgumentException("no price " + key);
    }
    return p.usd();
  }

  void print() {
    System.out.println("prices assumed (us-east-1 list prices, USD; -Dprice.<key>= replaces one):");
    for (Price p : byKey.values()) {
      System.out.printf(
          "  %-22s %14s per %s%s%n",
          p.key(), plain(p.usd()), p.unit(), p.note().isEmpty() ? "" : "  (" + p.note() + ")");
    }
  }

  static String plain(double usd) {
    return new BigDecimal(usd).round(new MathContext(4)).stripTrailingZeros().toPlainString();
  }
}
