package fairslot.handler;

import fairslot.kernel.JobReport;
import fairslot.kernel.PageRequest;
import fairslot.shared.Metrics;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Every scheduled job by its schedule's name (Fairslot.SCHEDULES): what one run does. {@link
 * ScheduledJobHandler} runs them; it refuses to start if a schedule has no job here or the reverse.
 */
final class Jobs {
  private Jobs() {}

  /** Items one run handles at most; the next run (one period later) takes the rest. */
  static final int BATCH = 500;

  /** Erasures one run takes: each reads and rewrites a member's records, in a 60 s function. */
  static final int ERASURES = 20;

  static final Map<String, Function<Wiring, JobReport>> BY_NAME;

  static {
    Map<String, Function<Wiring, JobReport>> jobs = new LinkedHashMap<>();
    // Holds past their deadline become EXPIRED and their seats return.
    jobs.put("sweep-holds", w -> w.booking().holdSweep().run(BATCH));
    // Bookings whose session ended unattended become NO_SHOW (strikes, suspensions).
    jobs.put("no-shows", w -> w.booking().noShows().run(BATCH));
    // Refunds due get one more attempt, with backoff, then go to staff.
    jobs.put("refund-retry", w -> w.payment().refunds().retryDue(BATCH));
    // Offers past their deadline expire and their seats go to the next in line.
    jobs.put("sweep-offers", w -> w.booking().waitlist().sweepOffers(BATCH));
    // SeatReleased events can be lost between commit and publish: slots still owing seats fill.
    jobs.put("waitlist-fallback", w -> w.booking().waitlist().fallback(BATCH));
    jobs.put("send-notifications", Jobs::sendNotifications);
    // Requests QUEUED for minutes are sent again; after longer, decided as throttled.
    jobs.put("stale-requests", w -> w.booking().admission().staleRequests(BATCH));
    jobs.put("reconcile", ReconcileJob::run);
    // Slot cancels interrupted part-way are finished (a minute after they stalled).
    jobs.put(
        "finish-cancels",
        w -> w.booking().slotCancellation().finishInterrupted(Duration.ofMinutes(1), 20));
    // Slots at their minimum-participants decision time run (confirmed) or are cancelled.
    jobs.put("decide-minimums", w -> w.catalog().minimumDecisions().decideDue(BATCH));
    // LOTTERY slots whose entries closed are drawn: holds in rank order, the rest waitlisted.
    jobs.put("draw-lotteries", w -> w.booking().lotteryDraws().drawDue(BATCH));
    // Passes past their validity become EXPIRED.
    jobs.put("expire-passes", w -> w.member().passExpiry().run(BATCH));
    // Payments still PENDING are asked about at their provider (lost notifications, failures
    // WeChat never reports) and a lapsed hold's order is closed.
    jobs.put("payments-reconcile", w -> w.payment().reconciliation().run(BATCH));
    // Memberships at their period's end renewed from the wallet, or PAST_DUE, EXPIRED, CANCELLED.
    jobs.put("renew-memberships", w -> w.payment().payments().renewals().run(BATCH));
    // Yesterday's statement of each provider that keeps one, matched line by line.
    jobs.put("statement-reconcile", w -> w.payment().statements().yesterday());
    // Webhook deliveries due get one try each, in order per subject, with backoff, then parked.
    jobs.put("webhook-deliveries", w -> w.webhooks().sender().sendDue(BATCH));
    // Erasure requests: personal data removed, ended records moved to a pseudonym (hourly, again
    // for records still in use).
    jobs.put("erase-members", w -> w.memberData().runDue(ERASURES));
    BY_NAME = Collections.unmodifiableMap(jobs);
  }

  /**
   * Reminders that came due become notices, then every notice becomes its deliveries and each is
   * sent (SES, SNS), with backoff, then parked; and the parked backlog, each minute, for its alarm.
   */
  private static JobReport sendNotifications(Wiring wiring) {
    JobReport report =
        wiring
            .booking()
            .reminders()
            .remindDue(BATCH)
            .then("send-notifications", wiring.member().notifications().sendDue(BATCH));
    Metrics.line().count("NotificationsParked", parked(wiring)).emit();
    return report;
  }

  /** How many deliveries wait for the desk (at most 100 are counted). */
  private static int parked(Wiring wiring) {
    return wiring
        .member()
        .notificationDesk()
        .parked(new PageRequest(100, Optional.empty()))
        .items()
        .size();
  }
}
