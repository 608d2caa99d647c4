package fairslot.definitions;

import static fairslot.definitions.Permissions.BATCH_GET;
import static fairslot.definitions.Permissions.CONDITION_CHECK;
import static fairslot.definitions.Permissions.DELETE;
import static fairslot.definitions.Permissions.EVERY_INDEX;
import static fairslot.definitions.Permissions.GET;
import static fairslot.definitions.Permissions.PLACES;
import static fairslot.definitions.Permissions.PUT;
import static fairslot.definitions.Permissions.QUERY;
import static fairslot.definitions.Permissions.RELEASES;
import static fairslot.definitions.Permissions.UPDATE;

import fairslot.definitions.Permissions.Secret;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Recurring jobs (Fairslot.SCHEDULES), each its own Lambda function in AWS (all of one handler
 * class) and a timer in the local runtime, each with what its function may do.
 */
final class Schedules {
  private Schedules() {}

  private static final String JOB = Fairslot.SCHEDULED_JOB_HANDLER;
  private static final Set<Secret> PROVIDERS = Set.of(Secret.WECHATPAY, Secret.STRIPE);

  private static ScheduleDefinition job(String name, String rate, Permissions permissions) {
    return new ScheduleDefinition(name, rate, JOB, permissions);
  }

  static final List<ScheduleDefinition> ALL =
      List.of(
          job(
              "sweep-holds",
              "rate(1 minute)",
              new Permissions(RELEASES, EVERY_INDEX, true, false, Set.of())),
          // Reads the venue's no-show rule and the member's standing; writes the strike.
          job(
              "no-shows",
              "rate(15 minutes)",
              Permissions.table(Set.of(GET, QUERY, PUT, UPDATE), Fairslot.ATTENDANCE_DUE)),
          // A refund's retry reads its booking's other lines (a booking of several slots).
          job(
              "refund-retry",
              "rate(5 minutes)",
              new Permissions(
                  Set.of(GET, BATCH_GET, QUERY, PUT, UPDATE),
                  Optional.of(Set.of(Fairslot.REFUNDS_DUE)),
                  false,
                  false,
                  PROVIDERS)),
          job(
              "sweep-offers",
              "rate(1 minute)",
              new Permissions(PLACES, EVERY_INDEX, true, false, Set.of())),
          job(
              "waitlist-fallback",
              "rate(1 minute)",
              new Permissions(PLACES, EVERY_INDEX, true, false, Set.of())),
          // Reminders due become notices (booking update + notice put); each notice becomes its
          // deliveries, worded from the member's profile, the slot, the venue and the booking or
          // offer (reads); each delivery goes out by SES or SNS, the only function granted them.
          job(
              "send-notifications",
              "rate(1 minute)",
              new Permissions(
                  Set.of(GET, QUERY, PUT, UPDATE),
                  Optional.of(Set.of(Fairslot.NOTIFICATIONS_DUE)),
                  false,
                  false,
                  Set.of(),
                  true)),
          job(
              "stale-requests",
              "rate(5 minutes)",
              new Permissions(PLACES, EVERY_INDEX, true, true, Set.of())),
          // Reads only: the daily check reports deviations and never repairs them. It counts each
          // booked member's counters and packs (their partition) against their bookings (by user),
          // and the finance exceptions open for over a day (by status).
          job(
              "reconcile",
              "rate(1 day)",
              Permissions.table(
                  Set.of(GET, BATCH_GET, QUERY),
                  Fairslot.SLOTS_BY_START,
                  Fairslot.BOOKINGS_BY_SLOT,
                  Fairslot.ENTRIES_BY_SLOT,
                  Fairslot.BOOKINGS_BY_USER,
                  Fairslot.EXCEPTIONS_BY_STATUS)),
          job(
              "finish-cancels",
              "rate(1 minute)",
              new Permissions(RELEASES, EVERY_INDEX, true, false, PROVIDERS)),
          // The minimum decision is the slot cancel's first step when too few booked: it then
          // releases and refunds as finish-cancels does, and reads the slots due from the same
          // index.
          job(
              "decide-minimums",
              "rate(1 minute)",
              new Permissions(RELEASES, EVERY_INDEX, true, false, PROVIDERS)),
          // Draws LOTTERY slots: holds placed as a booking places them, the rest waitlisted.
          job(
              "draw-lotteries",
              "rate(1 minute)",
              new Permissions(PLACES, EVERY_INDEX, true, false, Set.of())),
          // Marks passes past their validity EXPIRED (and audits it), reading only those due.
          // GetItem: the SnapStart priming call every function makes before its snapshot.
          job(
              "expire-passes",
              "rate(15 minutes)",
              Permissions.table(Set.of(GET, QUERY, PUT, UPDATE), Fairslot.PASSES_DUE)),
          // Asks the provider about payments still PENDING (its index), closes lapsed holds'
          // orders,
          // and applies what it finds as the webhook would (a late payment's revive).
          job(
              "payments-reconcile",
              "rate(5 minutes)",
              new Permissions(
                  Set.of(GET, BATCH_GET, QUERY, PUT, UPDATE, CONDITION_CHECK),
                  Optional.of(Set.of(Fairslot.PAYMENTS_PENDING)),
                  false,
                  false,
                  PROVIDERS)),
          // Memberships at their period's end (their family of the passes-due index): renewed from
          // the wallet in one transaction, or PAST_DUE, EXPIRED, CANCELLED.
          job(
              "renew-memberships",
              "rate(15 minutes)",
              Permissions.table(
                  Set.of(GET, QUERY, PUT, UPDATE, CONDITION_CHECK), Fairslot.PASSES_DUE)),
          // Sends the deliveries due (their family of the cancels-due index), signing each with the
          // subscription's derived secret; moves only delivery items.
          job(
              "webhook-deliveries",
              "rate(1 minute)",
              new Permissions(
                  Set.of(GET, QUERY, UPDATE),
                  Optional.of(Set.of(Fairslot.CANCELS_DUE)),
                  false,
                  false,
                  Set.of(Secret.WEBHOOK))),
          // Erasure requests due (their family of the cancels-due index): reads the member's items
          // (their partition, their bookings by user), deletes personal items, gives ended
          // bookings, payments, passes and entries to the pseudonym (a pass moves in a transaction:
          // its delete and put).
          job(
              "erase-members",
              "rate(1 hour)",
              Permissions.table(
                  Set.of(GET, QUERY, PUT, UPDATE, DELETE),
                  Fairslot.CANCELS_DUE,
                  Fairslot.BOOKINGS_BY_USER)),
          // Reads the providers' statements and the payments they name, and the day's money moves
          // (their index) to find what a statement lacks; opens finance exceptions.
          job(
              "statement-reconcile",
              "rate(1 day)",
              new Permissions(
                  Set.of(GET, QUERY, PUT, UPDATE),
                  Optional.of(Set.of(Fairslot.MONEY_MOVES)),
                  false,
                  false,
                  PROVIDERS)));
}
