package fairslot.definitions;

import static fairslot.definitions.IndexDefinition.AttributeType.NUMBER;
import static fairslot.definitions.IndexDefinition.AttributeType.STRING;
import static fairslot.definitions.IndexDefinition.Projection.KEYS_ONLY;

import java.util.List;
import java.util.Set;

/**
 * The one source of truth for fairslot's cloud resources. The functions read index names from here,
 * the local runtime provisions the emulator from here, and the CDK stack synthesizes from here, so
 * the three cannot drift apart.
 */
public final class Fairslot {
  private Fairslot() {}

  /**
   * Environment variable naming the table at run time; defaults to {@link
   * TableDefinition#defaultName()}.
   */
  public static final String TABLE_ENV = "FAIRSLOT_TABLE";

  public static final String SLOTS_BY_VENUE_DAY = "slotsByVenueDay";
  public static final String BOOKINGS_BY_USER = "bookingsByUser";
  public static final String BOOKINGS_BY_SLOT = "bookingsBySlot";
  public static final String HOLDS_DUE = "holdsDue";
  public static final String HOLDS_BY_SLOT = "holdsBySlot";
  public static final String ATTENDANCE_DUE = "attendanceDue";
  public static final String REFUNDS_DUE = "refundsDue";
  public static final String WAITING_BY_SLOT = "waitingBySlot";
  public static final String OFFERS_DUE = "offersDue";
  public static final String SLOTS_AWAITING_OFFERS = "slotsAwaitingOffers";
  public static final String NOTIFICATIONS_DUE = "notificationsDue";
  public static final String QUEUED_REQUESTS = "queuedRequests";
  public static final String BOOKINGS_BY_VENUE_DAY = "bookingsByVenueDay";
  public static final String SLOTS_BY_START = "slotsByStart";
  public static final String ENTRIES_BY_SLOT = "entriesBySlot";
  public static final String CANCELS_DUE = "cancelsDue";
  public static final String EXCEPTIONS_BY_STATUS = "exceptionsByStatus";
  public static final String PASSES_DUE = "passesDue";
  public static final String PAYMENTS_PENDING = "paymentsPending";
  public static final String MONEY_MOVES = "moneyMoves";

  public static final TableDefinition TABLE =
      new TableDefinition(
          "fairslot",
          "PK",
          "SK",
          "ttl",
          "NEW_AND_OLD_IMAGES",
          List.of(
              new IndexDefinition(SLOTS_BY_VENUE_DAY, "venueDay", STRING, "startAt", NUMBER),
              new IndexDefinition(BOOKINGS_BY_USER, "bookingUser", STRING, "createdAt", NUMBER),
              new IndexDefinition(BOOKINGS_BY_SLOT, "bookingSlot", STRING, "createdAt", NUMBER),
              // The rest are sparse: an item carries their keys only while it needs attention, so
              // each job reads the items due and nothing else. PENDING_PAY bookings, by due time
              // (hold sweep) and per slot (reclaim when sold out).
              new IndexDefinition(HOLDS_DUE, "holdDueShard", STRING, "holdDueAt", NUMBER),
              new IndexDefinition(HOLDS_BY_SLOT, "holdSlot", STRING, "holdDueAt", NUMBER),
              // PAID bookings, by slot end (no-show job).
              new IndexDefinition(ATTENDANCE_DUE, "attendDueShard", STRING, "attendDueAt", NUMBER),
              // Payments awaiting a refund (refund-retry job).
              new IndexDefinition(REFUNDS_DUE, "refundDueShard", STRING, "refundDueAt", NUMBER),
              // WAITING entries per slot in join order: the head of the line is the first item.
              new IndexDefinition(WAITING_BY_SLOT, "waitingSlot", STRING, "waitSequence", NUMBER),
              // OFFERED entries by deadline (sweep-offers job).
              new IndexDefinition(OFFERS_DUE, "offerDueShard", STRING, "offerDueAt", NUMBER),
              // Slots holding released seats owed to their waitlist (waitlist-fallback job).
              new IndexDefinition(
                  SLOTS_AWAITING_OFFERS, "awaitShard", STRING, "awaitSince", NUMBER),
              // Notifications not yet sent (send-notifications job).
              new IndexDefinition(NOTIFICATIONS_DUE, "notifyShard", STRING, "notifyDueAt", NUMBER),
              // Booking requests still QUEUED, by age (stale-requests job).
              new IndexDefinition(QUEUED_REQUESTS, "queuedShard", STRING, "queuedAt", NUMBER),
              // Bookings by the venue-local date of their slot (staff search, daily report).
              new IndexDefinition(
                  BOOKINGS_BY_VENUE_DAY, "bookingVenueDay", STRING, "createdAt", NUMBER),
              // Every slot, spread over shards, keys only: the reconcile walk. KEYS_ONLY keeps the
              // booking path's updates of remaining from being copied into this index.
              new IndexDefinition(
                  SLOTS_BY_START, "slotShard", STRING, "startAt", NUMBER, KEYS_ONLY),
              // Every waitlist entry of a slot, whatever its status (reconcile counts open offers,
              // slot cancel closes the line).
              new IndexDefinition(ENTRIES_BY_SLOT, "entrySlot", STRING, "sequence", NUMBER),
              // Cancelled slots whose cancel has not finished releasing everything (finish-cancels
              // job, family CANCELS), and slots whose minimum-participants decision is pending, by
              // its time (decide-minimums job, family MINIMUMS), and LOTTERY slots' draws by their
              // closing time (draw-lotteries, family LOTTERIES): the table has its 20 indexes.
              new IndexDefinition(
                  CANCELS_DUE, "cancelDueShard", STRING, "cancelDueAt", NUMBER, KEYS_ONLY),
              // Finance exceptions by status, then venue and age (GET /finance/exceptions).
              // Exceptions are rare: one partition per status serves every venue.
              new IndexDefinition(EXCEPTIONS_BY_STATUS, "excStatus", STRING, "excVenueAt", STRING),
              // ACTIVE passes by the end of their validity (expire-passes job).
              new IndexDefinition(PASSES_DUE, "passDueShard", STRING, "passDueAt", NUMBER),
              // PENDING online payments, by when to ask their provider (payments-reconcile job):
              // a lost notification is found, and a lapsed hold's order is closed.
              new IndexDefinition(PAYMENTS_PENDING, "payCheckShard", STRING, "payCheckAt", NUMBER),
              // The audit records of payment moves that moved money at a provider (taken, paid
              // back), by when: the statement check looks for a line for each of a day's.
              new IndexDefinition(MONEY_MOVES, "moneyShard", STRING, "moneyAt", NUMBER)));

  /** The seat audit: docs/data-model.md "Seat audit" (StreamConsumers). */
  public static final StreamConsumerDefinition SEAT_AUDIT = StreamConsumers.SEAT_AUDIT;

  /** Outbound webhooks' feed (StreamConsumers). */
  public static final StreamConsumerDefinition WEBHOOK_EVENTS = StreamConsumers.WEBHOOK_EVENTS;

  public static final List<StreamConsumerDefinition> STREAM_CONSUMERS =
      List.of(SEAT_AUDIT, WEBHOOK_EVENTS);

  /** The custom EventBridge bus for domain events such as SeatReleased. */
  public static final String EVENT_BUS = "fairslot-events";

  public static final String EVENT_BUS_ENV = "FAIRSLOT_EVENT_BUS";

  /**
   * The verified SES identity notification e-mail is sent from (a stack parameter in AWS; the
   * emulator verifies {@link #LOCAL_EMAIL_FROM}).
   */
  public static final String EMAIL_FROM_ENV = "FAIRSLOT_EMAIL_FROM";

  public static final String LOCAL_EMAIL_FROM = "notifications@fairslot.local";
  public static final String EVENT_SOURCE = "fairslot.booking";
  public static final String SEAT_RELEASED = "SeatReleased";

  /** Every schedule's handler: the rule's input names the job ({@code {"job": "<name>"}}). */
  public static final String SCHEDULED_JOB_HANDLER = "fairslot.handler.ScheduledJobHandler";

  /** Recurring jobs, each with what its function may do (Schedules). */
  public static final List<ScheduleDefinition> SCHEDULES = Schedules.ALL;

  /**
   * QUEUED admission: one FIFO message group per slot keeps arrival order and lets different slots
   * proceed in parallel. Its dead-letter queue is consumed by a cleanup that tries once more and
   * then rejects, so no request stays QUEUED.
   */
  public static final QueueDefinition BOOKING_QUEUE =
      new QueueDefinition(
          "fairslot-bookings",
          true,
          "fairslot-bookings-dlq",
          5,
          180,
          "fairslot.handler.BookingQueueHandler",
          10,
          // Places bookings; a grant ends in a request sent on (its retry).
          new Permissions(Permissions.PLACES, Permissions.EVERY_INDEX, true, true, Set.of()));

  public static final String BOOKING_DLQ_HANDLER = "fairslot.handler.BookingDlqHandler";
  public static final String BOOKING_QUEUE_URL_ENV = "FAIRSLOT_BOOKING_QUEUE_URL";

  /**
   * SeatReleased events reach the waitlist through this queue (an EventBridge rule targets it). A
   * standard queue: the offer transitions are conditional, so neither order nor exactly-once
   * delivery matters for correctness, and a FIFO target would get one static group from the rule.
   */
  public static final QueueDefinition WAITLIST_QUEUE =
      new QueueDefinition(
          "fairslot-seat-released",
          false,
          "fairslot-seat-released-dlq",
          5,
          180,
          "fairslot.handler.WaitlistQueueHandler",
          10,
          new Permissions(Permissions.PLACES, Permissions.EVERY_INDEX, true, false, Set.of()));

  public static final List<QueueDefinition> QUEUES = List.of(WAITLIST_QUEUE, BOOKING_QUEUE);

  /**
   * The Lambda functions the stack deploys: the HTTP API, the authorizer and the payment webhook,
   * the queue consumers and the booking DLQ's, one per schedule and one per stream consumer.
   * FairslotStackTest holds the synthesized stack to it; the cost model prices it.
   */
  public static final int FUNCTIONS = 3 + 3 + SCHEDULES.size() + STREAM_CONSUMERS.size();

  /**
   * The CloudWatch alarms the stack deploys: every DLQ nobody drains, the drained booking DLQ's
   * two, every function's errors, reconcile's two ledgers, every stream consumer's failure queue,
   * five operational ones and four of the providers. FairslotStackTest holds the synthesized stack
   * to it; the cost model prices it (it hard-coded 33 while the stack had grown to 40).
   */
  public static final int ALARMS =
      (QUEUES.size() - 1) + 2 + FUNCTIONS + 2 + STREAM_CONSUMERS.size() + 5 + 4;

  /**
   * The log line (its "message") BookingDlqHandler writes per request it rejects for good; an alarm
   * counts it.
   */
  public static final String BOOKING_GIVEN_UP_LOG = "booking request given up";

  /** The EventBridge rule that sends SeatReleased to the waitlist queue. */
  public static final String SEAT_RELEASED_RULE = "seat-released-to-waitlist";

  public static final String SEAT_RELEASED_PATTERN =
      "{\"source\":[\"" + EVENT_SOURCE + "\"],\"detail-type\":[\"" + SEAT_RELEASED + "\"]}";

  /**
   * Every route of the HTTP contract (../shared/API.md) served by the HTTP API function, with its
   * access, roles and venue scope: generated at build time from functions/openapi.yaml, where a
   * route is declared once (definitions/src/build/RouteGenerator.java).
   */
  public static final List<RouteDefinition> ROUTES = ApiRoutes.DEPLOYED;

  /**
   * The booking and waitlist requests limited per member (API.md v1.2: more than 20 in 10 s is 429
   * {@code rate_limited}): the ones a booking script fires at release time, marked {@code
   * x-rate-limit: member} in openapi.yaml.
   */
  public static final Set<String> MEMBER_RATE_LIMITED = ApiRoutes.MEMBER_RATE_LIMITED;

  /**
   * Routes only the local runtime serves (see API.md, "Local runtime only"; openapi.yaml's tag).
   */
  public static final List<RouteDefinition> LOCAL_ROUTES = ApiRoutes.LOCAL;
}
