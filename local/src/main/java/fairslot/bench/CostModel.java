package fairslot.bench;

import fairslot.definitions.Fairslot;
import fairslot.definitions.Permissions;
import fairslot.definitions.ScheduleDefinition;
import fairslot.emulator.Emulator;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code ./fairslot bench cost-model}: what fairslot costs on AWS, from what its functions really
 * call. {@link CostJourney} runs a stretch of a venue's month through the real handlers and counts
 * every billable unit ({@link CostWorld}); this prices them ({@link Prices}) per 1,000 bookings,
 * per member and per slot, adds what a month costs with nothing booked (schedules, queue polling,
 * alarms, secrets, metrics), and prints a venue's month at three sizes.
 */
final class CostModel {
  /** The venue priced: 10 courts open 14 hours a day, 60 % booked. */
  record Venue(String name, long bookings, long slots, long newMembers, long activeMembers) {
    Venue times(int k) {
      return new Venue(
          k + " such venues", bookings * k, slots * k, newMembers * k, activeMembers * k);
    }
  }

  static final Venue HALL = new Venue("a 10-court hall", 2_520, 4_200, 300, 1_500);

  /** Lines Lambda itself writes per invocation (START, END, REPORT, the X-Ray segment line). */
  private static final long PLATFORM_LOG_BYTES = 400;

  /**
   * Lambda's idle SQS polling, assumed: 5 pollers, each a 20 s long poll. AWS does not publish it.
   */
  private static final long POLLS_A_MONTH = 5L * 30 * 86_400 / 20;

  /**
   * The synthesized stack's alarms, secrets and dashboards (infra's FairslotStackTest holds it).
   */
  private static final int ALARMS = Fairslot.ALARMS;

  private static final int SECRETS = Permissions.Secret.values().length;
  private static final int DASHBOARDS = 1;

  private CostModel() {}

  static void run() throws Exception {
    // The functions' log lines are counted (CostWorld), not printed over the figures.
    System.setProperty("fairslot.lines", "off");
    Prices prices = new Prices();
    try (Emulator emulator = Emulator.start();
        CostWorld world = new CostWorld(emulator.endpoint(), "cost", Instant.now())) {
      CostJourney.Measured m = new CostJourney(world).run();
      long storedBytes = tableBytes(emulator.endpoint().dynamoDb(), "cost");
      prices.print();

      Usage b = m.perBookings();
      System.out.printf(
          "measured: %d bookings (%d cancelled and refunded, refilled from the waitlist), %d members, %d slots%n",
          m.bookings(), CostJourney.CANCELS, m.members(), m.slots());
      System.out.printf(
          "  per booking: dynamodb_calls=%.1f %s wru=%.1f rru=%.1f lambda_invocations=%.1f lambda_gb_s=%.3f"
              + " api_requests=%.1f events=%.2f emails=%.2f log_bytes=%d%n",
          per(b.dynamo().totalCalls(), m.bookings()),
          perCall(b.dynamo().calls(), m.bookings()),
          per(b.dynamo().writeUnits(), m.bookings()),
          b.dynamo().readUnits() / m.bookings(),
          per(b.lambdaInvocations(), m.bookings()),
          b.lambdaGbSeconds() / m.bookings(),
          per(b.apiRequests(), m.bookings()),
          per(b.customEvents(), m.bookings()),
          per(b.emails(), m.bookings()),
          b.logBytes() / m.bookings());

      Map<String, Double> perThousand = scaled(bill(b, prices), 1000.0 / m.bookings());
      double perMember = total(bill(m.perMembers(), prices)) / m.members();
      double perSlot = total(bill(m.perSlots(), prices)) / m.slots();
      System.out.println(
          "  1,000 bookings: " + money(total(perThousand)) + "  " + breakdown(perThousand));
      System.out.println("  one member signed up (profile, e-mail verified): " + money(perMember));
      System.out.println("  one slot opened: " + money(perSlot));

      Metrics metrics = Metrics.of(world.metrics);
      System.out.printf(
          "custom metrics: %d seen (%d by route, %d by venue, %d other); every route in use has %d,"
              + " so all %d routes make %d, and each venue adds %d%n",
          world.metrics.size(),
          metrics.byRoute(),
          metrics.byVenue(),
          metrics.other(),
          metrics.perRoute(),
          Fairslot.ROUTES.size(),
          metrics.allRoutes(),
          metrics.byVenue());
      Map<String, Double> fixed = fixedMonth(m, prices, metrics.other() + metrics.allRoutes());
      System.out.println(
          "a month with nothing booked: " + money(total(fixed)) + "  " + breakdown(fixed));
      double bytesPerBooking = (double) storedBytes / m.bookings();
      System.out.printf(
          "stored: %d bytes in the table after the journey, %.0f bytes a booking (slots and members included)%n",
          storedBytes, bytesPerBooking);

      Map<String, Double> month = new LinkedHashMap<>();
      for (Venue v : new Venue[] {HALL, HALL.times(10), HALL.times(100)}) {
        double usd =
            venueMonth(
                v, total(perThousand), perMember, perSlot, total(fixed), bytesPerBooking, prices);
        month.put(v.name(), usd);
        System.out.printf(
            "  %s: %,d bookings, %,d slots, %,d new and %,d active members a month -> %s a month (%s a booking; fixed part %s)%n",
            v.name(),
            v.bookings(),
            v.slots(),
            v.newMembers(),
            v.activeMembers(),
            money(usd),
            money(usd / v.bookings()),
            money(total(fixed)));
      }
      System.out.printf(
          "bench cost-model: per_1000_bookings_usd=%.4f fixed_month_usd=%.2f venue_month_usd=%.2f"
              + " venue_x10_month_usd=%.2f venue_x100_month_usd=%.2f per_booking_dynamodb_calls=%.1f%n",
          total(perThousand),
          total(fixed),
          month.get(HALL.name()),
          month.get(HALL.times(10).name()),
          month.get(HALL.times(100).name()),
          per(b.dynamo().totalCalls(), m.bookings()));
    }
  }

  /** What one stretch of usage costs, by service. */
  static Map<String, Double> bill(Usage u, Prices p) {
    Map<String, Double> usd = new LinkedHashMap<>();
    usd.put(
        "dynamodb",
        u.dynamo().writeUnits() * p.of("dynamodb.write")
            + u.dynamo().readUnits() * p.of("dynamodb.read"));
    usd.put(
        "lambda",
        u.lambdaInvocations() * p.of("lambda.request")
            + u.lambdaGbSeconds() * p.of("lambda.arm64"));
    usd.put("api_gateway", u.apiRequests() * p.of("apigw.http"));
    // the rule's send, the consumer's receive and its delete
    usd.put("sqs", u.waitlistMessages() * 3 * p.of("sqs.standard"));
    usd.put("eventbridge", u.customEvents() * p.of("eventbridge.event"));
    usd.put("ses", u.emails() * p.of("ses.email"));
    usd.put("sns", u.sms() * p.of("sns.sms"));
    double logGb = (u.logBytes() + PLATFORM_LOG_BYTES * u.lambdaInvocations()) / 1e9;
    usd.put("logs", logGb * (p.of("logs.ingest") + p.of("logs.storage")));
    usd.put("xray", u.lambdaInvocations() * p.of("xray.trace"));
    return usd;
  }

  private static Map<String, Double> fixedMonth(CostJourney.Measured m, Prices p, int metrics) {
    Map<String, Double> usd = new LinkedHashMap<>();
    double jobs = 0;
    for (ScheduleDefinition s : Fairslot.SCHEDULES) {
      jobs += runsAMonth(s.rate()) * total(bill(m.idleJobRuns().get(s.name()), p));
    }
    usd.put("idle_jobs", jobs);
    long sqsConsumers = Fairslot.QUEUES.size() + 1; // each queue's consumer and the booking DLQ's
    usd.put("queue_polling", sqsConsumers * POLLS_A_MONTH * p.of("sqs.fifo"));
    usd.put("alarms", ALARMS * p.of("cloudwatch.alarm"));
    usd.put("dashboard", DASHBOARDS * p.of("cloudwatch.dashboard"));
    usd.put("metrics", metrics * p.of("cloudwatch.metric"));
    usd.put("secrets", SECRETS * p.of("secrets.secret"));
    return usd;
  }

  private static double venueMonth(
      Venue v,
      double perThousand,
      double perMember,
      double perSlot,
      double fixed,
      double bytesPerBooking,
      Prices p) {
    // a year of bookings kept, with point-in-time recovery over it
    double storedGb = bytesPerBooking * v.bookings() * 12 / 1e9;
    return perThousand * v.bookings() / 1000.0
        + perMember * v.newMembers()
        + perSlot * v.slots()
        + v.activeMembers() * p.of("cognito.mau")
        + storedGb * (p.of("dynamodb.storage") + p.of("dynamodb.pitr"))
        + fixed;
  }

  /** The custom metrics seen, by what multiplies them. */
  record Metrics(int byRoute, int byVenue, int other, int perRoute) {
    static Metrics of(Set<String> seen) {
      int route = (int) seen.stream().filter(m -> m.contains("Route=")).count();
      int venue = (int) seen.stream().filter(m -> m.contains("Venue=")).count();
      long routes =
          seen.stream()
              .filter(m -> m.contains("Route="))
              .map(m -> m.substring(m.indexOf("Route=")))
              .distinct()
              .count();
      return new Metrics(
          route, venue, seen.size() - route - venue, (int) (route / Math.max(1, routes)));
    }

    int allRoutes() {
      return perRoute * Fairslot.ROUTES.size();
    }
  }

  private static final Pattern RATE =
      Pattern.compile("rate\\((\\d+) (minute|minutes|hour|hours|day|days)\\)");

  static double runsAMonth(String expression) {
    Matcher m = RATE.matcher(expression);
    if (!m.matches()) {
      throw new IllegalArgumentException("not a rate: " + expression);
    }
    double minutes =
        Integer.parseInt(m.group(1))
            * (m.group(2).startsWith("minute") ? 1 : m.group(2).startsWith("hour") ? 60 : 1440);
    return 30 * 1440 / minutes;
  }

  private static long tableBytes(DynamoDbClient dynamo, String table) {
    long bytes = 0;
    for (var page : dynamo.scanPaginator(r -> r.tableName(table))) {
      bytes += page.items().stream().mapToLong(WriteUnits::bytes).sum();
    }
    return bytes;
  }

  private static Map<String, Double> scaled(Map<String, Double> usd, double k) {
    Map<String, Double> out = new LinkedHashMap<>();
    usd.forEach((s, v) -> out.put(s, v * k));
    return out;
  }

  private static double total(Map<String, Double> usd) {
    return usd.values().stream().mapToDouble(Double::doubleValue).sum();
  }

  private static String breakdown(Map<String, Double> usd) {
    StringBuilder out = new StringBuilder();
    usd.forEach((s, v) -> out.append(s).append('=').append(money(v)).append(' '));
    return out.toString().strip();
  }

  private static String perCall(Map<String, Long> calls, int n) {
    StringBuilder out = new StringBuilder("{");
    calls.forEach(
        (op, c) ->
            out.append(op).append('=').append(String.format("%.1f", c / (double) n)).append(' '));
    return out.toString().strip() + "}";
  }

  private static double per(long count, int n) {
    return count / (double) n;
  }

  static String money(double usd) {
    return "$" + Prices.plain(usd);
  }
}
