package fairslot.definitions;

import java.util.Optional;
import java.util.Set;

/**
 * What one function may do, declared beside its trigger (a job's schedule, a stream consumer): the
 * stack grants exactly this and FairslotStackTest checks every function's synthesized policy
 * against it. Each follows the code its handler reaches (docs/security.md, "Least privilege").
 *
 * @param tableActions DynamoDB actions on the table ({@link #GET}, ...)
 * @param indexes the indexes it may query; empty means every index
 * @param publishesEvents PutEvents on the bus (SeatReleased after a release)
 * @param sendsBookingRequests SendMessage to the QUEUED admission queue
 * @param secrets the secrets it may read, each handed over as its ARN
 * @param sendsMessages SES and SNS (e-mail and SMS)
 */
public record Permissions(
    Set<String> tableActions,
    Optional<Set<String>> indexes,
    boolean publishesEvents,
    boolean sendsBookingRequests,
    Set<Secret> secrets,
    boolean sendsMessages) {

  public static final String GET = "dynamodb:GetItem";
  public static final String BATCH_GET = "dynamodb:BatchGetItem";
  public static final String QUERY = "dynamodb:Query";
  public static final String PUT = "dynamodb:PutItem";
  public static final String UPDATE = "dynamodb:UpdateItem";
  public static final String DELETE = "dynamodb:DeleteItem";
  public static final String CONDITION_CHECK = "dynamodb:ConditionCheckItem";

  /**
   * Places bookings (direct, queued, or a waitlist AUTO_HOLD), which may reclaim an expired hold on
   * the way: DeleteItem for the member guard a release removes, ConditionCheckItem for the
   * suspension and counterpart checks, BatchGetItem for the probe and a group's lines.
   */
  public static final Set<String> PLACES =
      Set.of(GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE, CONDITION_CHECK);

  /** Releases seats (expiry, slot cancellation) but never places. */
  public static final Set<String> RELEASES = Set.of(GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE);

  public static final Optional<Set<String>> EVERY_INDEX = Optional.empty();

  public Permissions {
    tableActions = Set.copyOf(tableActions);
    indexes = indexes.map(Set::copyOf);
    secrets = Set.copyOf(secrets);
  }

  /** A function that sends no e-mail or SMS (all but HttpApi's codes and SendNotifications). */
  public Permissions(
      Set<String> tableActions,
      Optional<Set<String>> indexes,
      boolean publishesEvents,
      boolean sendsBookingRequests,
      Set<Secret> secrets) {
    this(tableActions, indexes, publishesEvents, sendsBookingRequests, secrets, false);
  }

  /** The table actions on these indexes only, and nothing else. */
  public static Permissions table(Set<String> tableActions, String... indexes) {
    return new Permissions(tableActions, Optional.of(Set.of(indexes)), false, false, Set.of());
  }

  /** A secret, and the variable that hands its ARN to the functions that may read it. */
  public enum Secret {
    PAYMENT_WEBHOOK("FAIRSLOT_PAYMENT_SECRET_ARN"),
    CURSOR("FAIRSLOT_CURSOR_SECRET_ARN"),
    /** The masters the venues' check-in ticket keys derive from (docs/security.md). */
    TICKET("FAIRSLOT_TICKET_SECRET_ARN"),
    /** The key calendar feed tokens are derived with (docs/security.md). */
    CALENDAR("FAIRSLOT_CALENDAR_SECRET_ARN"),
    /** The key each webhook subscription's signing secret is derived from (docs/security.md). */
    WEBHOOK("FAIRSLOT_WEBHOOK_SECRET_ARN"),
    /** The merchant's WeChat Pay settings and keys (docs/payments-and-holds.md, "WeChat Pay"). */
    WECHATPAY("FAIRSLOT_WECHATPAY_SECRET_ARN"),
    /** The Stripe account's secret key and webhook signing secret. */
    STRIPE("FAIRSLOT_STRIPE_SECRET_ARN"),
    /** The key fairslot's own tokens are signed with (WeChat sign-in; docs/security.md). */
    TOKEN("FAIRSLOT_TOKEN_KEY_ARN");

    private final String arnVariable;

    Secret(String arnVariable) {
      this.arnVariable = arnVariable;
    }

    public String arnVariable() {
      return arnVariable;
    }
  }
}
