package fairslot.handler;

import fairslot.aws.Resilient;
import fairslot.booking.app.BookingQueue;
import fairslot.booking.app.BookingService;
import fairslot.booking.app.HoldSweep;
import fairslot.booking.app.NoShowSweep;
import fairslot.booking.app.QueuedAdmission;
import fairslot.booking.app.Reconciliation;
import fairslot.booking.app.SeatReleases;
import fairslot.catalog.app.CatalogService;
import fairslot.catalog.app.SlotCancellation;
import fairslot.catalog.app.SlotEdits;
import fairslot.catalog.app.VenueEdits;
import fairslot.finance.app.FinanceService;
import fairslot.handler.http.BookingEndpoints;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.kernel.IdGenerator;
import fairslot.member.app.MemberRateLimit;
import fairslot.member.app.StandingService;
import fairslot.messaging.payments.WebhookSignature;
import fairslot.notification.app.NotificationSender;
import fairslot.notification.app.Notifications;
import fairslot.pass.app.PassPayments;
import fairslot.payment.app.PaymentProviders;
import fairslot.payment.app.PaymentService;
import fairslot.payment.app.Refunds;
import fairslot.staff.app.DeskService;
import fairslot.staff.app.StaffService;
import fairslot.waitlist.app.WaitlistService;
import java.time.Clock;
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
  private final fairslot.member.app.ContactVerification verification;
  private final fairslot.catalog.app.SeatAuditLog seatAudit;
  private final WebhookWiring webhookWiring;
  private final fairslot.privacy.app.MemberData memberData;
  private final BookingQueue bookingQueue;

  // Every service once, into final fields: each entry point (HTTP, queues, jobs) uses them.
  private final PassPayments passPayments;
  private final fairslot.member.app.WechatIdentityStore wechatIdentities;
  private final Optional<fairslot.messaging.wechatpay.WechatPay> wechatPay;
  private final Optional<fairslot.messaging.stripe.Stripe> stripe;
  private final PaymentService payments;
  private final fairslot.payment.app.PaymentReconciliation paymentReconciliation;
  private final fairslot.payment.app.StatementReconciliation statementReconciliation;
  private final FinanceService finance;
  private final fairslot.notification.app.NotificationDesk notificationDesk;
  private final StandingService standing;
  private final QueuedAdmission queuedAdmission;
  private final SlotCancellation slotCancellation;
  private final fairslot.catalog.app.MinimumDecisions minimumDecisions;
  private final Reconciliation reconciliation;
  private final Notifications notifications;
  private final fairslot.notification.app.Reminders reminders;
  private final HoldSweep holdSweep;
  private final NoShowSweep noShows;
  private final fairslot.pass.app.PassExpiry passExpiry;

  /** Whose bookings a member may see and act on (their own, and linked walk-ins'). */
  private final fairslot.booking.app.MemberBookings memberBookings;

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
        new fairslot.member.app.ContactVerification(
            stores.memberProfiles(),
            stores.profiles(),
            new fairslot.member.store.DynamoDbContactCodeStore(dynamo, table),
            adapters.codes(),
            clock,
            new java.security.SecureRandom());
    this.seatAudit = new fairslot.catalog.store.DynamoDbSeatAuditLog(dynamo, table);
    this.webhookWiring = new WebhookWiring(dynamo, table, clock, ids, stores.catalog());
    this.memberData = MemberDataWiring.of(dynamo, table, clock, ids);
    this.bookingQueue = adapters.bookingQueue();
    this.releases = new SeatReleases(stores.bookings(), adapters.events());
    this.memberBookings =
        new fairslot.booking.app.MemberBookings(stores.bookings(), stores.memberProfiles());
    this.slotEdits = new SlotEdits(stores.catalog(), adapters.events(), clock);
    this.venueEdits = new VenueEdits(stores.catalog(), clock);
    this.stripe =
        adapters.stripeOn(new fairslot.payment.store.DynamoDbProviderRefs(dynamo, table), clock);
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
            stores.lotteries());
    this.waitlist = new WaitlistService(stores.catalog(), stores.waitlist(), bookings, clock, ids);
    this.wechatIdentities = new fairslot.member.store.DynamoDbWechatIdentityStore(dynamo, table);
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
        new fairslot.payment.app.PaymentReconciliation(
            stores.payments(), stores.bookings(), providers, payments, clock);
    this.statementReconciliation =
        new fairslot.payment.app.StatementReconciliation(stores.payments(), providers, clock);
    this.finance =
        new FinanceService(
            stores.finance(),
            stores.payments(),
            stores.bookings(),
            stores.catalog(),
            refunds,
            clock);
    this.notificationDesk =
        new fairslot.notification.app.NotificationDesk(
            stores.notifications(), stores.memberProfiles(), clock);
    this.standing = new StandingService(stores.standing(), stores.catalog(), clock);
    this.queuedAdmission =
        new QueuedAdmission(stores.requests(), bookings, waitlist, bookingQueue, clock);
    this.slotCancellation =
        new SlotCancellation(
            stores.catalog(), stores.bookings(), stores.waitlist(), releases, refunds, clock);
    this.minimumDecisions =
        new fairslot.catalog.app.MinimumDecisions(stores.catalog(), slotCancellation, clock);
    this.reconciliation = new Reconciliation(stores.catalog(), stores.ledger(), clock);
    this.notifications =
        new Notifications(
            stores.notifications(),
            notificationSender,
            stores.memberProfiles(),
            new fairslot.notification.app.MessageFactsReader(
                stores.catalog(), stores.bookings(), stores.waitlist()),
            clock);
    this.reminders = new fairslot.notification.app.Reminders(stores.bookings(), clock);
    this.holdSweep = new HoldSweep(stores.bookings(), releases, clock);
    this.noShows = new NoShowSweep(stores.bookings(), stores.catalog(), standing, clock);
    this.passExpiry = new fairslot.pass.app.PassExpiry(stores.passes(), clock);
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
            new fairslot.pass.app.PassService(
                stores.passes(), stores.catalog(), stores.profiles(), clock, ids),
            passPayments,
            new fairslot.member.app.ProfileService(stores.memberProfiles()),
            verification,
            notificationDesk,
            new fairslot.member.app.WechatLinking(
                wechatPay.map(fairslot.messaging.wechatpay.WechatPay::login),
                wechatIdentities,
                clock),
            statementReconciliation,
            venueAccess.staff(),
            venueAccess.gate(),
            rateLimit,
            new fairslot.catalog.app.Lotteries(stores.lotteries()),
            fairslot.handler.internal.Tickets.deployment(),
            fairslot.handler.internal.CalendarKey.feeds(stores.calendarFeeds()),
            webhookWiring.webhooks(),
            memberData),
        new IdempotencyKeys(stores.idempotency(), clock),
        new HttpApi.Webhooks(
            webhookSignature,
            wechatPay.map(fairslot.messaging.wechatpay.WechatPay::notifications),
            stripe.map(fairslot.messaging.stripe.Stripe::webhooks)),
        clock);
  }

  /** Finance exceptions OPEN for more than a day (the daily reconcile reports the count). */
  public int financeExceptionsOpenOverADay() {
    return finance.openLongerThan(java.time.Duration.ofDays(1));
  }

  public fairslot.payment.app.StatementReconciliation statementReconciliation() {
    return statementReconciliation;
  }

  public fairslot.payment.app.PaymentReconciliation paymentReconciliation() {
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

  public fairslot.catalog.app.MinimumDecisions minimumDecisions() {
    return minimumDecisions;
  }

  public Reconciliation reconciliation() {
    return reconciliation;
  }

  public Notifications notifications() {
    return notifications;
  }

  public fairslot.notification.app.NotificationDesk notificationDesk() {
    return notificationDesk;
  }

  public fairslot.booking.app.LotteryDraws lotteryDraws() {
    return new fairslot.booking.app.LotteryDraws(
        stores.lotteries(), stores.requests(), bookings, waitlist, clock, ids);
  }

  public fairslot.notification.app.Reminders reminders() {
    return reminders;
  }

  public HoldSweep holdSweep() {
    return holdSweep;
  }

  public NoShowSweep noShows() {
    return noShows;
  }

  public fairslot.pass.app.PassExpiry passExpiry() {
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

  public fairslot.catalog.app.SeatAuditLog seatAudit() {
    return seatAudit;
  }

  public WebhookWiring webhooks() {
    return webhookWiring;
  }

  public fairslot.privacy.app.MemberData memberData() {
    return memberData;
  }
}
