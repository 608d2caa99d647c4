package fairslot.handler;

import fairslot.app.BookingQueue;
import fairslot.app.BookingService;
import fairslot.app.CatalogService;
import fairslot.app.DeskService;
import fairslot.app.EventPublisher;
import fairslot.app.FinanceService;
import fairslot.app.HoldSweep;
import fairslot.app.IdGenerator;
import fairslot.app.NoShowSweep;
import fairslot.app.NotificationSender;
import fairslot.app.Notifications;
import fairslot.app.PassPayments;
import fairslot.app.PaymentProvider;
import fairslot.app.PaymentProviders;
import fairslot.app.PaymentService;
import fairslot.app.QueuedAdmission;
import fairslot.app.Reconciliation;
import fairslot.app.Refunds;
import fairslot.app.SeatReleases;
import fairslot.app.SlotCancellation;
import fairslot.app.SlotEdits;
import fairslot.app.StaffService;
import fairslot.app.StandingService;
import fairslot.app.VenueEdits;
import fairslot.app.WaitlistService;
import fairslot.aws.Resilient;
import fairslot.handler.http.BookingEndpoints;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.messaging.payments.WebhookSignature;
import fairslot.store.dynamodb.DynamoDbBookingStore;
import fairslot.store.dynamodb.DynamoDbCatalogStore;
import fairslot.store.dynamodb.DynamoDbIdempotencyStore;
import fairslot.store.dynamodb.DynamoDbLedgerStore;
import fairslot.store.dynamodb.DynamoDbNotificationStore;
import fairslot.store.dynamodb.DynamoDbPaymentStore;
import fairslot.store.dynamodb.DynamoDbProfileStore;
import fairslot.store.dynamodb.DynamoDbRequestStore;
import fairslot.store.dynamodb.DynamoDbStandingStore;
import fairslot.store.dynamodb.DynamoDbWaitlistStore;
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
  private final DynamoDbCatalogStore catalogStore;
  private final DynamoDbBookingStore bookingStore;
  private final DynamoDbStandingStore standingStore;
  private final fairslot.store.dynamodb.DynamoDbPassStore passStore;
  private final fairslot.store.dynamodb.DynamoDbMemberProfileStore memberProfileStore;
  private final DynamoDbPaymentStore paymentStore;
  private final fairslot.store.dynamodb.DynamoDbFinanceStore financeStore;
  private final DynamoDbIdempotencyStore idempotencyStore;
  private final SeatReleases releases;
  private final SlotEdits slotEdits;
  private final VenueEdits venueEdits;
  private final PaymentProviders providers;
  private final Refunds refunds;
  private final BookingService bookings;
  private final WaitlistService waitlist;

  private final DynamoDbWaitlistStore waitlistStore;
  private final DynamoDbNotificationStore notificationStore;
  private final NotificationSender notificationSender;
  private final DynamoDbRequestStore requestStore;
  private final DynamoDbProfileStore profileStore;
  private final fairslot.app.ContactVerification verification;
  private final DynamoDbLedgerStore ledgerStore;
  private final fairslot.app.SeatAuditLog seatAudit;
  private final BookingQueue bookingQueue;

  // Every service once, into final fields: each entry point (HTTP, queues, jobs) uses the same
  // ones.
  private final PassPayments passPayments;
  private final fairslot.app.WechatIdentityStore wechatIdentities;
  private final Optional<fairslot.messaging.wechatpay.WechatPay> wechatPay;
  private final Optional<fairslot.messaging.stripe.Stripe> stripe;
  private final PaymentService payments;
  private final fairslot.app.PaymentReconciliation paymentReconciliation;
  private final fairslot.app.StatementReconciliation statementReconciliation;
  private final FinanceService finance;
  private final fairslot.app.NotificationDesk notificationDesk;
  private final StandingService standing;
  private final QueuedAdmission queuedAdmission;
  private final SlotCancellation slotCancellation;
  private final Reconciliation reconciliation;
  private final Notifications notifications;
  private final fairslot.app.Reminders reminders;
  private final HoldSweep holdSweep;
  private final NoShowSweep noShows;
  private final fairslot.app.PassExpiry passExpiry;

  /** Whose bookings a member may see and act on (their own, and linked walk-ins'). */
  private final fairslot.app.MemberBookings memberBookings;

  /** The adapters that differ between AWS, the local runtime and tests. */
  public record Adapters(
      EventPublisher events,
      PaymentProvider payments,
      NotificationSender notifications,
      BookingQueue bookingQueue,
      fairslot.app.ContactCodeSender codes,
      Optional<fairslot.messaging.wechatpay.WechatPay> wechatPay,
      Optional<fairslot.messaging.stripe.StripeConfig> stripe) {

    /** A wiring without Stripe. */
    public Adapters(
        EventPublisher events,
        PaymentProvider payments,
        NotificationSender notifications,
        BookingQueue bookingQueue,
        fairslot.app.ContactCodeSender codes,
        Optional<fairslot.messaging.wechatpay.WechatPay> wechatPay) {
      this(events, payments, notifications, bookingQueue, codes, wechatPay, Optional.empty());
    }

    /** A wiring that sends no verification codes (benchmarks, chaos, route checks). */
    public Adapters(
        EventPublisher events,
        PaymentProvider payments,
        NotificationSender notifications,
        BookingQueue bookingQueue) {
      this(events, payments, notifications, bookingQueue, fairslot.app.ContactCodeSender.NONE);
    }

    /** A wiring without WeChat Pay. */
    public Adapters(
        EventPublisher events,
        PaymentProvider payments,
        NotificationSender notifications,
        BookingQueue bookingQueue,
        fairslot.app.ContactCodeSender codes) {
      this(events, payments, notifications, bookingQueue, codes, Optional.empty());
    }

    /** The online providers, the default ({@code payments}) first, each once. */
    java.util.List<PaymentProvider> onlineProviders(
        Optional<fairslot.messaging.stripe.Stripe> stripe) {
      java.util.Map<String, PaymentProvider> byName = new java.util.LinkedHashMap<>();
      byName.put(payments.name(), payments);
      wechatPay.ifPresent(w -> byName.putIfAbsent(w.provider().name(), w.provider()));
      stripe.ifPresent(st -> byName.putIfAbsent(st.provider().name(), st.provider()));
      return java.util.List.copyOf(byName.values());
    }
  }

  public Wiring(
      DynamoDbClient dynamo,
      String table,
      Clock clock,
      IdGenerator ids,
      Adapters adapters,
      String paymentSecret) {
    this(dynamo, table, clock, ids, adapters, Optional.of(paymentSecret));
  }

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
    dynamo = Resilient.wrap(DynamoDbClient.class, dynamo);
    this.clock = clock;
    this.ids = ids;
    this.webhookSignature =
        paymentSecret.map(WebhookSignature::new).orElseGet(WebhookSignature::refusingAll);
    this.catalogStore = new DynamoDbCatalogStore(dynamo, table);
    this.bookingStore = new DynamoDbBookingStore(dynamo, table);
    this.standingStore = new DynamoDbStandingStore(dynamo, table);
    this.passStore = new fairslot.store.dynamodb.DynamoDbPassStore(dynamo, table);
    this.memberProfileStore = new fairslot.store.dynamodb.DynamoDbMemberProfileStore(dynamo, table);
    this.paymentStore = new DynamoDbPaymentStore(dynamo, table);
    this.financeStore = new fairslot.store.dynamodb.DynamoDbFinanceStore(dynamo, table);
    this.idempotencyStore = new DynamoDbIdempotencyStore(dynamo, table);
    this.waitlistStore = new DynamoDbWaitlistStore(dynamo, table);
    this.notificationStore = new DynamoDbNotificationStore(dynamo, table);
    this.notificationSender = adapters.notifications();
    this.requestStore = new DynamoDbRequestStore(dynamo, table);
    this.profileStore = new DynamoDbProfileStore(dynamo, table);
    this.ledgerStore = new DynamoDbLedgerStore(dynamo, table);
    this.verification =
        new fairslot.app.ContactVerification(
            memberProfileStore,
            profileStore,
            new fairslot.store.dynamodb.DynamoDbContactCodeStore(dynamo, table),
            adapters.codes(),
            clock,
            new java.security.SecureRandom());
    this.seatAudit = new fairslot.store.dynamodb.DynamoDbSeatAuditLog(dynamo, table);
    this.bookingQueue = adapters.bookingQueue();
    this.releases = new SeatReleases(bookingStore, adapters.events());
    this.memberBookings = new fairslot.app.MemberBookings(bookingStore, memberProfileStore);
    this.slotEdits = new SlotEdits(catalogStore, adapters.events(), clock);
    this.venueEdits = new VenueEdits(catalogStore, clock);
    fairslot.app.ProviderRefs providerRefs =
        new fairslot.store.dynamodb.DynamoDbProviderRefs(dynamo, table);
    this.stripe =
        adapters
            .stripe()
            .map(config -> fairslot.messaging.stripe.Stripe.of(config, providerRefs, clock));
    this.providers = new PaymentProviders(adapters.onlineProviders(stripe));
    this.wechatPay = adapters.wechatPay();
    this.refunds = new Refunds(paymentStore, bookingStore, providers, clock);
    // One of each per container: their per-container hints (sold-out sightings, quiet hold
    // periods) then serve every entry point, and nothing is built twice.
    this.bookings =
        new BookingService(
            catalogStore,
            bookingStore,
            requestStore,
            bookingQueue,
            releases,
            refunds,
            clock,
            ids,
            BookingEndpoints::createdResponse,
            passStore,
            memberBookings);
    this.waitlist = new WaitlistService(catalogStore, waitlistStore, bookings, clock, ids);
    this.wechatIdentities = new fairslot.store.dynamodb.DynamoDbWechatIdentityStore(dynamo, table);
    this.passPayments =
        new PassPayments(passStore, paymentStore, providers, clock, ids, wechatIdentities);
    this.payments =
        new PaymentService(
            bookingStore,
            paymentStore,
            providers,
            refunds,
            clock,
            ids,
            passPayments,
            memberBookings,
            catalogStore,
            wechatIdentities);
    this.paymentReconciliation =
        new fairslot.app.PaymentReconciliation(
            paymentStore, bookingStore, providers, payments, clock);
    this.statementReconciliation =
        new fairslot.app.StatementReconciliation(paymentStore, providers, clock);
    this.finance =
        new FinanceService(financeStore, paymentStore, bookingStore, catalogStore, refunds, clock);
    this.notificationDesk =
        new fairslot.app.NotificationDesk(notificationStore, memberProfileStore, clock);
    this.standing = new StandingService(standingStore, catalogStore, clock);
    this.queuedAdmission =
        new QueuedAdmission(requestStore, bookings, waitlist, bookingQueue, clock);
    this.slotCancellation =
        new SlotCancellation(catalogStore, bookingStore, waitlistStore, releases, refunds, clock);
    this.reconciliation = new Reconciliation(catalogStore, ledgerStore, clock);
    this.notifications =
        new Notifications(
            notificationStore,
            notificationSender,
            memberProfileStore,
            new fairslot.app.MessageFactsReader(catalogStore, bookingStore, waitlistStore),
            clock);
    this.reminders = new fairslot.app.Reminders(bookingStore, clock);
    this.holdSweep = new HoldSweep(bookingStore, releases, clock);
    this.noShows = new NoShowSweep(bookingStore, catalogStore, standing, clock);
    this.passExpiry = new fairslot.app.PassExpiry(passStore, clock);
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
    return new HttpApi(
        new HttpApi.Services(
            new CatalogService(catalogStore, clock, ids),
            bookings,
            payments,
            new StaffService(bookingStore, paymentStore, releases, refunds, clock, ids),
            waitlist,
            queuedAdmission,
            new DeskService(
                bookings, bookingStore, profileStore, clock, ids, passStore, memberProfileStore),
            slotCancellation,
            reconciliation,
            slotEdits,
            venueEdits,
            finance,
            standing,
            new fairslot.app.PassService(passStore, catalogStore, profileStore, clock, ids),
            passPayments,
            new fairslot.app.ProfileService(memberProfileStore),
            verification,
            notificationDesk,
            new fairslot.app.WechatLinking(
                wechatPay.map(fairslot.messaging.wechatpay.WechatPay::login),
                wechatIdentities,
                clock),
            statementReconciliation),
        new IdempotencyKeys(idempotencyStore, clock),
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

  public fairslot.app.StatementReconciliation statementReconciliation() {
    return statementReconciliation;
  }

  public fairslot.app.PaymentReconciliation paymentReconciliation() {
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

  public Reconciliation reconciliation() {
    return reconciliation;
  }

  public Notifications notifications() {
    return notifications;
  }

  /** How many deliveries wait for the desk (at most 100 are counted). */
  public int parkedNotifications() {
    return notificationDesk
        .parked(new fairslot.app.PageRequest(100, Optional.empty()))
        .items()
        .size();
  }

  public fairslot.app.Reminders reminders() {
    return reminders;
  }

  public HoldSweep holdSweep() {
    return holdSweep;
  }

  public NoShowSweep noShows() {
    return noShows;
  }

  public fairslot.app.PassExpiry passExpiry() {
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

  public fairslot.app.SeatAuditLog seatAudit() {
    return seatAudit;
  }

  public fairslot.store.dynamodb.SlotStreamRecords slotStreamRecords() {
    return new fairslot.store.dynamodb.SlotStreamRecords();
  }
}
