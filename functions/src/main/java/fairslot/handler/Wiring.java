package fairslot.handler;

import fairslot.aws.Resilient;
import fairslot.booking.app.MemberBookings;
import fairslot.finance.app.FinanceService;
import fairslot.kernel.IdGenerator;
import fairslot.member.app.MemberRateLimit;
import fairslot.messaging.payments.WebhookSignature;
import fairslot.privacy.app.MemberData;
import java.time.Clock;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The one place concrete adapters are chosen, composing each feature's module once: every entry
 * point (HTTP, queues, jobs) uses the same services. Lambda uses {@link #fromEnvironment()} once
 * per container; tests and the local runtime pass their own clients, clock and provider.
 */
public final class Wiring {
  public static final String PAYMENT_SECRET_ENV = "FAIRSLOT_PAYMENT_SECRET";
  public static final String DEFAULT_PAYMENT_SECRET = "local-payment-secret";

  /** What every module and the HTTP api are built on. */
  record Core(Stores stores, Clock clock, IdGenerator ids, WebhookSignature webhookSignature) {}

  private final Core core;
  private final PaymentModule payment;
  private final BookingModule booking;
  private final CatalogModule catalog;
  private final MemberModule member;
  private final FinanceService finance;
  private final WebhookWiring webhooks;
  private final MemberData memberData;

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
    Stores stores = Stores.on(dynamo, table);
    this.core =
        new Core(
            stores,
            clock,
            ids,
            paymentSecret.map(WebhookSignature::new).orElseGet(WebhookSignature::refusingAll));
    MemberBookings members = new MemberBookings(stores.bookings(), stores.memberProfiles());
    this.payment = PaymentModule.of(dynamo, table, stores, adapters, members, clock, ids);
    this.booking = BookingModule.of(stores, adapters, members, payment.refunds(), clock, ids);
    this.catalog =
        CatalogModule.of(dynamo, table, stores, adapters, booking.slotCancellation(), clock);
    this.member = MemberModule.of(dynamo, table, stores, adapters, booking.messageFacts(), core);
    this.finance =
        new FinanceService(
            stores.finance(),
            stores.payments(),
            stores.bookings(),
            stores.catalog(),
            payment.refunds(),
            clock);
    this.webhooks = new WebhookWiring(dynamo, table, clock, ids, stores.catalog());
    this.memberData = MemberDataWiring.of(dynamo, table, clock, ids);
  }

  /** Region, credentials and AWS_ENDPOINT_URL from the SDK's environment: EnvironmentWiring. */
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
    return HttpWiring.of(this, memberLimit);
  }

  public BookingModule booking() {
    return booking;
  }

  public PaymentModule payment() {
    return payment;
  }

  public CatalogModule catalog() {
    return catalog;
  }

  public MemberModule member() {
    return member;
  }

  public WebhookWiring webhooks() {
    return webhooks;
  }

  public MemberData memberData() {
    return memberData;
  }

  public FinanceService finance() {
    return finance;
  }

  Core core() {
    return core;
  }
}
