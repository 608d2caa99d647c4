package fairslot.handler;

import fairslot.aws.Resilient;
import fairslot.booking.app.BookingMessageFacts;
import fairslot.booking.app.BookingQueue;
import fairslot.booking.app.BookingService;
import fairslot.booking.app.HoldSweep;
import fairslot.booking.app.MemberBookings;
import fairslot.booking.app.NoShowSweep;
import fairslot.booking.app.QueuedAdmission;
import fairslot.booking.app.Reconciliation;
import fairslot.booking.app.Reminders;
import fairslot.booking.app.SeatReleases;
import fairslot.booking.app.SlotCancellation;
import fairslot.catalog.app.CatalogNoShowRules;
import fairslot.catalog.app.CatalogService;
import fairslot.catalog.app.Lotteries;
import fairslot.catalog.app.MinimumDecisions;
import fairslot.catalog.app.SeatAuditLog;
import fairslot.catalog.app.SlotEdits;
import fairslot.catalog.app.VenueEdits;
import fairslot.catalog.store.DynamoDbSeatAuditLog;
import fairslot.finance.app.FinanceService;
import fairslot.handler.http.BookingEndpoints;
import fairslot.handler.internal.CalendarKey;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.Tickets;
import fairslot.kernel.IdGenerator;
import fairslot.lottery.app.LotteryDraws;
import fairslot.member.app.ContactVerification;
import fairslot.member.app.MemberRateLimit;
import fairslot.member.app.ProfileService;
import fairslot.member.app.StandingService;
import fairslot.member.app.WechatIdentityStore;
import fairslot.member.app.WechatLinking;
import fairslot.member.store.DynamoDbContactCodeStore;
import fairslot.member.store.DynamoDbWechatIdentityStore;
import fairslot.messaging.payments.WebhookSignature;
import fairslot.messaging.stripe.Stripe;
import fairslot.messaging.wechatpay.WechatPay;
import fairslot.notification.app.NotificationDesk;
import fairslot.notification.app.NotificationSender;
import fairslot.notification.app.Notifications;
import fairslot.pass.app.PassExpiry;
import fairslot.pass.app.PassService;
import fairslot.payment.app.PassPayments;
import fairslot.payment.app.PaymentProviders;
import fairslot.payment.app.PaymentReconciliation;
import fairslot.payment.app.PaymentService;
import fairslot.payment.app.Refunds;
import fairslot.payment.app.StatementReconciliation;
import fairslot.payment.store.DynamoDbProviderRefs;
import fairslot.privacy.app.MemberData;
import fairslot.staff.app.DeskService;
import fairslot.staff.app.StaffService;
import fairslot.waitlist.app.WaitlistService;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The one place concrete adapters are chosen and connected. Lambda uses {@link #fromEnvironment()}
 * once per container; tests and the local runtime pass their own clients, clock and provider.
 */
public final class Wiring {
  public static final String PAYMENT_SECRET_ENV = "FAIRSLOT_PAYMENT_SECRET";
  public static final String DEFAULT_PAYMENT_SECRET = "local-payment-secret";

  private final Clock clock;
  private final IdGenerator ids;
  private final WebhookSignature webhookSignature;
  private final Stores stores;
  private final SeatReleases releases;
  private final SlotEdits slotEdits;
  private final VenueEdits venueEdits;
  private final PaymentProviders providers;
  private final Refunds refunds;
  private final BookingService bookings;
  private final WaitlistService waitlist;

  private final NotificationSender notificationSender;
  private final ContactVerification verification;
  private final SeatAuditLog seatAudit;
  private final WebhookWiring webhookWiring;
  private final MemberData memberData;
  private final BookingQueue bookingQueue;

  // Every service once, into final fields: each entry point (HTTP, queues, jobs) uses them.
  private final PassPayments passPayments;
  private final WechatIdentityStore wechatIdentities;
  private final Optional<WechatPay> wechatPay;
  private final Optional<Stripe> stripe;
  private final PaymentService payments;
  private final PaymentReconciliation paymentReconciliation;
  private final StatementReconciliation statementReconciliation;
  private final FinanceService finance;
  private final NotificationDesk notificationDesk;
  private final StandingService standing;
  private final QueuedAdmission queuedAdmission;
  private final SlotCancellation slotCancellation;
  private final MinimumDecisions minimumDecisions;
  private final Reconciliation reconciliation;
  private final Notifications notifications;
  private final Reminders reminders;
  private final HoldSweep holdSweep;
  private final NoShowSweep noShows;
  private final PassExpiry passExpiry;

  /** Whose bookings a member may see and act on (their own, and linked walk-ins'). */
  private final MemberBookings memberBookings;

  /**
   * {@code paymentSecret} empty: no secret is configured, and every webhook is refused (fail
   * closed).
   */
  public Wiring(
      DynamoDbClient dynamo,
      String table,
      Clock clock,
      IdGenerator ids,
      Adapters adapters,
      Optional<String> paymentSecret) {
    dynamo = Resilient.dynamo(dynamo);
    this.clock = clock;
    this.ids = ids;
    this.webhookSignature =
        paymentSecret.map(WebhookSignature::new).orElseGet(WebhookSignature::refusingAll);
    this.stores = Stores.on(dynamo, table);
    this.notificationSender = adapters.notifications();
    this.verification =
        new ContactVerification(
            stores.memberProfiles(),
            stores.profiles(),
            new DynamoDbContactCodeStore(dynamo, table),
            adapters.codes(),
            clock,
            new SecureRandom());
    this.seatAudit = new DynamoDbSeatAuditLog(dynamo, table);
    this.webhookWiring = new WebhookWiring(dynamo, table, clock, ids, stores.catalog());
    this.memberData = MemberDataWiring.of(dynamo, table, clock, ids);
    this.bookingQueue = adapters.bookingQueue();
    this.releases = new SeatReleases(stores.bookings(), adapters.events());
    this.memberBookings = new MemberBookings(stores.bookings(), stores.memberProfiles());
    this.slotEdits = new SlotEdits(stores.catalog(), adapters.events(), clock);
    this.venueEdits = new VenueEdits(stores.catalog(), clock);
    this.stripe = adapters.stripeOn(new DynamoDbProviderRefs(dynamo, table), clock);
    this.providers = new PaymentProviders(adapters.onlineProviders(stripe));
    this.wechatPay = adapters.wechatPay();
    this.refunds = new Refunds(stores.payments(), stores.bookings(), providers, clock);
    // One per container: its hints (sold-out sightings, quiet hold periods) serve every entry.
    this.bookings =
        new BookingService(
            stores.catalog(),
            stores.bookings(),
            stores.requests(),
            bookingQueue,
            releases,
            refunds,
            clock,
            ids,
            BookingEndpoints::createdResponse,
            stores.passes(),
            memberBookings,
            stores.lotteries(),
            stores.waitlist());
    this.waitlist =
        new WaitlistService(stores.catalog(), stores.waitlist(), bookings::holdOffer, clock, ids);
    this.wechatIdentities = new DynamoDbWechatIdentityStore(dynamo, table);
    this.passPayments =
        new PassPayments(
            stores.passes(),
            stores.payments(),
            providers,
            clock,
            ids,
            wechatIdentities,
            stores.catalog());
    this.payments =
        new PaymentService(
            stores.bookings(),
            stores.payments(),
            providers,
            refunds,
            clock,
            ids,
            passPayments,
            memberBookings,
            stores.catalog(),
            wechatIdentities);
    this.paymentReconciliation =
        new PaymentReconciliation(stores.payments(), stores.bookings(), providers, payments, clock);
    this.statementReconciliation = new StatementReconciliation(stores.payments(), providers, clock);
    this.finance =
        new FinanceService(
            stores.finance(),
            stores.payments(),
            stores.bookings(),
            stores.catalog(),
            refunds,
            clock);
    this.notificationDesk =
        new NotificationDesk(stores.notifications(), stores.memberProfiles(), clock);
    this.standing =
        new StandingService(stores.standing(), new CatalogNoShowRules(stores.catalog()), clock);
    this.queuedAdmission =
        new QueuedAdmission(stores.requests(), bookings, waitlist, bookingQueue, clock);
    this.slotCancellation =
        new SlotCancellation(
            stores.catalog(), stores.bookings(), stores.waitlist(), releases, refunds, clock);
    this.minimumDecisions = new MinimumDecisions(stores.catalog(), slotCancellation, clock);
    this.reconciliation = new Reconciliation(stores.catalog(), stores.ledger(), clock);
    this.notifications =
        new Notifications(
            stores.notifications(),
            notificationSender,
            stores.memberProfiles(),
            new BookingMessageFacts(stores.catalog(), stores.bookings(), stores.waitlist()),
            clock);
    this.reminders = new Reminders(stores.bookings(), clock);
    this.holdSweep = new HoldSweep(stores.bookings(), releases, clock);
    this.noShows =
        new NoShowSweep(
            stores.bookings(), stores.catalog(), stores.standing(), stores.noShows(), clock);
    this.passExpiry = new PassExpiry(stores.passes(), clock);
  }

  /**
   * Region, credentials and AWS_ENDPOINT_URL come from the standard SDK environment: see {@link
   * EnvironmentWiring}.
   */
  public static Wiring fromEnvironment() {
    return EnvironmentWiring.build();
  }

  public static String tableName() {
    return EnvironmentWiring.tableName();
  }

  public HttpApi httpApi() {
    return httpApi(MemberRateLimit.LIMIT);
  }

  public HttpApi httpApi(int memberLimit) {
    VenueAccessWiring venueAccess = VenueAccessWiring.on(stores, stores.staff(), clock);
    var rateLimit = new MemberRateLimit(stores.rateCounter(), clock, memberLimit);
    return new HttpApi(
        new HttpApi.Services(
            new CatalogService(stores.catalog(), clock, ids),
            bookings,
            payments,
            new StaffService(stores.bookings(), stores.payments(), releases, refunds, clock, ids),
            waitlist,
            queuedAdmission,
            new DeskService(
                bookings,
                stores.bookings(),
                stores.profiles(),
                clock,
                ids,
                stores.passes(),
                stores.memberProfiles()),
            slotCancellation,
            reconciliation,
            slotEdits,
            venueEdits,
            finance,
            standing,
            new PassService(stores.passes(), stores.catalog(), stores.profiles(), clock, ids),
            passPayments,
            new ProfileService(stores.memberProfiles()),
            verification,
            notificationDesk,
            new WechatLinking(wechatPay.map(WechatPay::login), wechatIdentities, clock),
            statementReconciliation,
            venueAccess.staff(),
            venueAccess.gate(),
            rateLimit,
            new Lotteries(stores.lotteries()),
            Tickets.deployment(),
            CalendarKey.feeds(stores.calendarFeeds()),
            webhookWiring.webhooks(),
            memberData),
        new IdempotencyKeys(stores.idempotency(), clock),
        new HttpApi.Webhooks(
            webhookSignature,
            wechatPay.map(WechatPay::notifications),
            stripe.map(Stripe::webhooks)),
        clock);
  }

  /** Finance exceptions OPEN for more than a day (the daily reconcile reports the count). */
  public int financeExceptionsOpenOverADay() {
    return finance.openLongerThan(Duration.ofDays(1));
  }

  public StatementReconciliation statementReconciliation() {
    return statementReconciliation;
  }

  public PaymentReconciliation paymentReconciliation() {
    return paymentReconciliation;
  }

  public QueuedAdmission queuedAdmission() {
    return queuedAdmission;
  }

  public WaitlistService waitlist() {
    return waitlist;
  }

  public SlotCancellation slotCancellation() {
    return slotCancellation;
  }

  public MinimumDecisions minimumDecisions() {
    return minimumDecisions;
  }

  public Reconciliation reconciliation() {
    return reconciliation;
  }

  public Notifications notifications() {
    return notifications;
  }

  public NotificationDesk notificationDesk() {
    return notificationDesk;
  }

  public LotteryDraws lotteryDraws() {
    return new LotteryDraws(stores.lotteries(), stores.requests(), bookings, waitlist, clock, ids);
  }

  public Reminders reminders() {
    return reminders;
  }

  public HoldSweep holdSweep() {
    return holdSweep;
  }

  public NoShowSweep noShows() {
    return noShows;
  }

  public PassExpiry passExpiry() {
    return passExpiry;
  }

  public PassPayments passPayments() {
    return passPayments;
  }

  public StandingService standing() {
    return standing;
  }

  public Refunds refunds() {
    return refunds;
  }

  public SeatAuditLog seatAudit() {
    return seatAudit;
  }

  public WebhookWiring webhooks() {
    return webhookWiring;
  }

  public MemberData memberData() {
    return memberData;
  }
}
