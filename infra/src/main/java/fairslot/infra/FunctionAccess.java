package fairslot.infra;

import fairslot.definitions.Fairslot;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What each function may do, kept beside the stack: the stack grants exactly these rows, and
 * FairslotStackTest checks every function's synthesized policy against them. Each row follows the
 * code its handler reaches (docs/security.md, "Least privilege", says how to re-derive it):
 *
 * <ul>
 *   <li>DeleteItem: only the seat-release transaction deletes (the member guard), so only functions
 *       that release or reclaim a seat;
 *   <li>BatchGetItem: placing a booking (its probe), so functions that place; reading the
 *       counterparts of slots that share space (combined resources), which views and reconcile do;
 *       and reading the other lines of a booking of several slots, which every move of the whole
 *       booking does: releases (expiry, slot cancels), and a payment's or a refund's outcome (the
 *       webhook, payments-reconcile, the refund job);
 *   <li>ConditionCheckItem: creating resources, coaches and rooms (admin, over HTTP), and placing a
 *       member's booking at a venue with a no-show rule (the suspension check) or on a slot with
 *       counterparts (each must be free), so functions that place, and those that revive a late
 *       payment's booking (the webhook, payments-reconcile);
 *   <li>PutEvents: SeatReleased is published after a release, so the same functions as DeleteItem;
 *   <li>the secrets: only the functions that verify a webhook, hand out list cursors, or call
 *       WeChat Pay (start, refund, query, verify).
 * </ul>
 */
record FunctionAccess(
    String function,
    Set<String> tableActions,
    Optional<Set<String>> indexes,
    boolean publishesEvents,
    boolean sendsBookingRequests,
    Set<Secret> secrets,
    boolean sendsMessages) {

  /** A function that sends no e-mail or SMS (all but HttpApi's codes and SendNotifications). */
  FunctionAccess(
      String function,
      Set<String> tableActions,
      Optional<Set<String>> indexes,
      boolean publishesEvents,
      boolean sendsBookingRequests,
      Set<Secret> secrets) {
    this(function, tableActions, indexes, publishesEvents, sendsBookingRequests, secrets, false);
  }

  /** A secret, and the variable that hands its ARN to the functions that may read it. */
  enum Secret {
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
    STRIPE("FAIRSLOT_STRIPE_SECRET_ARN");

    final String arnVariable;

    Secret(String arnVariable) {
      this.arnVariable = arnVariable;
    }
  }

  static final String GET = "dynamodb:GetItem";
  static final String BATCH_GET = "dynamodb:BatchGetItem";
  static final String QUERY = "dynamodb:Query";
  static final String PUT = "dynamodb:PutItem";
  static final String UPDATE = "dynamodb:UpdateItem";
  static final String DELETE = "dynamodb:DeleteItem";
  static final String CONDITION_CHECK = "dynamodb:ConditionCheckItem";

  /**
   * Places bookings (direct, queued, or a waitlist AUTO_HOLD), which may reclaim an expired hold on
   * the way.
   */
  private static final Set<String> PLACES =
      Set.of(GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE, CONDITION_CHECK);

  /** Releases seats (expiry, slot cancellation) but never places. */
  private static final Set<String> RELEASES = Set.of(GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE);

  private static final Optional<Set<String>> EVERY_INDEX = Optional.empty();

  static final List<FunctionAccess> ROWS =
      List.of(
          new FunctionAccess(
              "HttpApi",
              Set.of(GET, BATCH_GET, QUERY, PUT, UPDATE, DELETE, CONDITION_CHECK),
              EVERY_INDEX,
              true,
              true,
              // WeChat Pay: prepay and paySign, code2Session, refunds of cancels.
              // The webhook key: a subscription's secret is shown (derived) when it is made.
              Set.of(
                  Secret.CURSOR,
                  Secret.TICKET,
                  Secret.CALENDAR,
                  Secret.WEBHOOK,
                  Secret.WECHATPAY,
                  Secret.STRIPE),
              // Verification codes go out at once, from the API (v1.2 "Verified contact points").
              true),
          // The provider's callbacks settle payments (and refunds of late ones); they never release
          // or place.
          new FunctionAccess(
              "PaymentWebhook",
              Set.of(GET, BATCH_GET, PUT, UPDATE, CONDITION_CHECK),
              Optional.of(Set.of()),
              false,
              false,
              // WeChat's notifications are verified with its platform key; late payments refund.
              Set.of(Secret.PAYMENT_WEBHOOK, Secret.WECHATPAY, Secret.STRIPE)),
          new FunctionAccess("BookingQueueHandler", PLACES, EVERY_INDEX, true, true, Set.of()),
          new FunctionAccess("BookingDlqHandler", PLACES, EVERY_INDEX, true, false, Set.of()),
          new FunctionAccess("WaitlistQueueHandler", PLACES, EVERY_INDEX, true, false, Set.of()),
          new FunctionAccess("SweepOffers", PLACES, EVERY_INDEX, true, false, Set.of()),
          new FunctionAccess("WaitlistFallback", PLACES, EVERY_INDEX, true, false, Set.of()),
          new FunctionAccess("StaleRequests", PLACES, EVERY_INDEX, true, true, Set.of()),
          // Draws LOTTERY slots: holds placed as a booking places them, the rest waitlisted.
          new FunctionAccess("DrawLotteries", PLACES, EVERY_INDEX, true, false, Set.of()),
          new FunctionAccess("SweepHolds", RELEASES, EVERY_INDEX, true, false, Set.of()),
          new FunctionAccess(
              "FinishCancels",
              RELEASES,
              EVERY_INDEX,
              true,
              false,
              Set.of(Secret.WECHATPAY, Secret.STRIPE)),
          // The minimum decision is the slot cancel's first step when too few booked: it then
          // releases and refunds as FinishCancels does, and reads the slots due from the same
          // index.
          new FunctionAccess(
              "DecideMinimums",
              RELEASES,
              EVERY_INDEX,
              true,
              false,
              Set.of(Secret.WECHATPAY, Secret.STRIPE)),
          // Asks the provider about payments still PENDING (its index), closes lapsed holds'
          // orders, and applies what it finds as the webhook would (a late payment's revive).
          new FunctionAccess(
              "PaymentsReconcile",
              Set.of(GET, BATCH_GET, QUERY, PUT, UPDATE, CONDITION_CHECK),
              Optional.of(Set.of(Fairslot.PAYMENTS_PENDING)),
              false,
              false,
              Set.of(Secret.WECHATPAY, Secret.STRIPE)),
          // Reads only: the daily check reports deviations and never repairs them. It counts each
          // booked member's counters and packs (their partition) against their bookings (by user),
          // and the finance exceptions open for over a day (by status).
          new FunctionAccess(
              "Reconcile",
              Set.of(GET, BATCH_GET, QUERY),
              Optional.of(
                  Set.of(
                      Fairslot.SLOTS_BY_START,
                      Fairslot.BOOKINGS_BY_SLOT,
                      Fairslot.ENTRIES_BY_SLOT,
                      Fairslot.BOOKINGS_BY_USER,
                      Fairslot.EXCEPTIONS_BY_STATUS)),
              false,
              false,
              Set.of()),
          // Reminders due become notices (booking update + notice put); each notice becomes its
          // deliveries, worded from the member's profile, the slot, the venue and the booking or
          // offer (reads); each delivery goes out by SES or SNS, the only function granted them.
          new FunctionAccess(
              "SendNotifications",
              Set.of(GET, QUERY, PUT, UPDATE),
              Optional.of(Set.of(Fairslot.NOTIFICATIONS_DUE)),
              false,
              false,
              Set.of(),
              true),
          // Reads the providers' statements and the payments they name, and the day's money moves
          // (their index) to find what a statement lacks; opens finance exceptions.
          new FunctionAccess(
              "StatementReconcile",
              Set.of(GET, QUERY, PUT, UPDATE),
              Optional.of(Set.of(Fairslot.MONEY_MOVES)),
              false,
              false,
              Set.of(Secret.WECHATPAY, Secret.STRIPE)),
          new FunctionAccess(
              "RefundRetry",
              Set.of(GET, BATCH_GET, QUERY, PUT, UPDATE),
              Optional.of(Set.of(Fairslot.REFUNDS_DUE)),
              false,
              false,
              Set.of(Secret.WECHATPAY, Secret.STRIPE)),
          // Reads the venue's no-show rule and the member's standing; writes the strike.
          new FunctionAccess(
              "NoShows",
              Set.of(GET, QUERY, PUT, UPDATE),
              Optional.of(Set.of(Fairslot.ATTENDANCE_DUE)),
              false,
              false,
              Set.of()),
          // Marks passes past their validity EXPIRED (and audits it), reading only those due.
          new FunctionAccess(
              "ExpirePasses",
              // GetItem: the SnapStart priming call every function makes before its snapshot.
              Set.of(GET, QUERY, PUT, UPDATE),
              Optional.of(Set.of(Fairslot.PASSES_DUE)),
              false,
              false,
              Set.of()),
          // Writes one audit record per seat change; reads the stream through its event source
          // (which grants the stream reads and sending to its failure queue on its own).
          // Outbound webhooks: the stream's changes become deliveries (reads the venue's
          // subscriptions and a waitlist offer's slot; puts deliveries, moves each subject's
          // chain).
          new FunctionAccess(
              "WebhookEventsHandler",
              Set.of(GET, QUERY, PUT, UPDATE),
              Optional.of(Set.of()),
              false,
              false,
              Set.of()),
          // Sends the deliveries due (their family of the cancels-due index), signing each with
          // the subscription's derived secret; moves only delivery items.
          new FunctionAccess(
              "WebhookDeliveries",
              Set.of(GET, QUERY, UPDATE),
              Optional.of(Set.of(Fairslot.CANCELS_DUE)),
              false,
              false,
              Set.of(Secret.WEBHOOK)),
          // Erasure requests due (their family of the cancels-due index): reads the member's items
          // (their partition, their bookings by user), deletes personal items, gives ended
          // bookings, payments, passes and entries to the pseudonym (a pass moves in a
          // transaction: its delete and put).
          new FunctionAccess(
              "EraseMembers",
              Set.of(GET, QUERY, PUT, UPDATE, DELETE),
              Optional.of(Set.of(Fairslot.CANCELS_DUE, Fairslot.BOOKINGS_BY_USER)),
              false,
              false,
              Set.of()),
          new FunctionAccess(
              "SeatAuditHandler",
              Set.of(GET, PUT), // GetItem: the SnapStart priming call
              Optional.of(Set.of()),
              false,
              false,
              Set.of()));

  static FunctionAccess of(String function) {
    return ROWS.stream()
        .filter(r -> r.function().equals(function))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no access row for function " + function));
  }
}
