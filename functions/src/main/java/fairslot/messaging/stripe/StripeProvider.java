package fairslot.messaging.stripe;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.kernel.Currencies;
import fairslot.kernel.Unavailable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.payment.app.PaymentProvider;
import fairslot.payment.app.ProviderRefs;
import fairslot.payment.app.StatementLine;
import fairslot.payment.domain.ProviderReport;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Stripe PaymentIntents. The intent is created once per payment (Idempotency-Key {@code
 * fairslot-pi-<paymentNo>}) and its id named in {@link ProviderRefs}, so paying again returns the
 * same intent's client secret; refunds likewise ({@code fairslot-re-<refundNo>}).
 */
public final class StripeProvider implements PaymentProvider {
  public static final String NAME = "stripe";

  /** The reverse names, from Stripe's ids to fairslot's numbers, for the statement. */
  static final String INTENT = "stripe-intent:";

  static final String REFUND = "stripe-refund:";

  /** Names a refund asked for after the named one failed. */
  private static final String AFTER = ":after:";

  /** Far more attempts than refund-retry and finance's rounds ever make. */
  private static final int MAX_ATTEMPTS = 50;

  private final StripeApi api;
  private final ProviderRefs refs;

  public StripeProvider(StripeConfig config, ProviderRefs refs) {
    this.api = new StripeApi(config);
    this.refs = refs;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean answersQueries() {
    return true;
  }

  /**
   * Stripe's minimum charge amounts (docs: "Minimum and maximum charge amounts"), in minor units.
   * Other currencies' minimum is the settlement currency's after conversion, which fairslot cannot
   * know: Stripe judges those itself.
   */
  private static final Map<String, Long> MINIMUM =
      Map.ofEntries(
          Map.entry("USD", 50L),
          Map.entry("AED", 200L),
          Map.entry("AUD", 50L),
          Map.entry("BGN", 100L),
          Map.entry("BRL", 50L),
          Map.entry("CAD", 50L),
          Map.entry("CHF", 50L),
          Map.entry("CZK", 1500L),
          Map.entry("DKK", 250L),
          Map.entry("EUR", 50L),
          Map.entry("GBP", 30L),
          Map.entry("HKD", 400L),
          Map.entry("HUF", 17500L),
          Map.entry("INR", 50L),
          Map.entry("JPY", 50L),
          Map.entry("MXN", 1000L),
          Map.entry("MYR", 200L),
          Map.entry("NOK", 300L),
          Map.entry("NZD", 50L),
          Map.entry("PLN", 200L),
          Map.entry("RON", 200L),
          Map.entry("SEK", 300L),
          Map.entry("SGD", 50L),
          Map.entry("THB", 1000L));

  @Override
  public Optional<Long> minimumMinor(String currency) {
    return Optional.ofNullable(MINIMUM.get(currency));
  }

  /** Stripe takes amounts of three-decimal currencies (BHD, JOD, KWD, OMR, TND) ending in 0. */
  @Override
  public long minorStep(String currency) {
    return Currencies.exponent(currency).orElse(2) == 3 ? 10 : 1;
  }

  @Override
  public Map<String, Object> start(Payment payment, Payer payer) {
    try {
      Optional<String> known = refs.ref(payment.paymentNo());
      StripeApi.Reply pi =
          known.isPresent()
              ? api.get("/v1/payment_intents/" + known.get())
              : create(payment, payer);
      if (!pi.ok()) {
        throw new Unavailable("Stripe refused the payment intent: " + pi.errorCode(), null);
      }
      String id = refs.name(payment.paymentNo(), pi.json().path("id").asText());
      refs.name(INTENT + id, payment.paymentNo()); // the statement names intents, not numbers
      if (!id.equals(pi.json().path("id").asText())) {
        pi = api.get("/v1/payment_intents/" + id); // another request named its twin first
      }
      Map<String, Object> client = new LinkedHashMap<>();
      client.put("paymentIntentId", id);
      client.put("clientSecret", pi.json().path("client_secret").asText());
      return client;
    } catch (StripeApi.Unreachable e) {
      throw new Unavailable("Stripe did not answer; pay again to reopen the same intent", e);
    }
  }

  private StripeApi.Reply create(Payment payment, Payer payer) {
    Map<String, String> form = new LinkedHashMap<>();
    form.put("amount", Long.toString(payment.amount().minor()));
    form.put("currency", payment.amount().currency().toLowerCase(Locale.ROOT));
    form.put("description", payer.description());
    form.put("statement_descriptor_suffix", payer.statementSuffix());
    form.put("automatic_payment_methods[enabled]", "true");
    form.put("metadata[paymentNo]", payment.paymentNo());
    form.put("metadata[" + payment.payable().idField() + "]", payment.payable().id());
    return api.post("/v1/payment_intents", form, "fairslot-pi-" + payment.paymentNo());
  }

  /** Cancels the intent; one already succeeded is a late payment (Closing.PAID). */
  @Override
  public Closing close(Payment payment) {
    Optional<String> ref = refs.ref(payment.paymentNo());
    if (ref.isEmpty()) {
      return Closing.CLOSED; // no intent was ever made: nothing can be paid
    }
    try {
      StripeApi.Reply r =
          api.post(
              "/v1/payment_intents/" + ref.get() + "/cancel",
              Map.of(),
              "fairslot-pi-cancel-" + payment.paymentNo());
      if (r.ok()) {
        return Closing.CLOSED;
      }
      String status = api.get("/v1/payment_intents/" + ref.get()).json().path("status").asText();
      return status.equals("succeeded")
          ? Closing.PAID
          : status.equals("canceled") ? Closing.CLOSED : Closing.UNKNOWN;
    } catch (StripeApi.Unreachable e) {
      return Closing.UNKNOWN;
    }
  }

  @Override
  public Optional<PaymentCallback> query(Payment payment) {
    return refs.ref(payment.paymentNo())
        .flatMap(
            id -> {
              StripeApi.Reply r = api.get("/v1/payment_intents/" + id);
              return r.ok() ? StripeObjects.ofIntent(r.json()) : Optional.empty();
            })
        .map(report -> callback(report, payment));
  }

  /**
   * Asks Stripe to refund, once per standing refund. A refund Stripe failed or canceled is final,
   * and its idempotency key would only replay it, so the next attempt is a new refund under a key
   * named after the failed one ({@code <refundNo>:after:<re_id>}): asking again after one failure
   * is itself idempotent, and a pending or succeeded refund is never asked twice.
   */
  @Override
  public RefundAttempt refund(Payment payment, String refundNo) {
    Optional<String> intent = refs.ref(payment.paymentNo());
    if (intent.isEmpty()) {
      return RefundAttempt.FAILED;
    }
    String attempt = refundNo;
    Optional<String> standing = standingRefund(refundNo);
    if (standing.isPresent()) {
      StripeApi.Reply current;
      try {
        current = api.get("/v1/refunds/" + standing.get());
      } catch (StripeApi.Unreachable e) {
        return RefundAttempt.ACCEPTED; // not known to have failed: never ask twice
      }
      String status = current.ok() ? current.json().path("status").asText() : "";
      if (!status.equals("failed") && !status.equals("canceled")) {
        return RefundAttempt.ACCEPTED;
      }
      attempt = refundNo + AFTER + standing.get();
    }
    Map<String, String> form = new LinkedHashMap<>();
    form.put("payment_intent", intent.get());
    form.put("amount", Long.toString(payment.refund().minor()));
    form.put("metadata[refundNo]", refundNo);
    form.put("metadata[paymentNo]", payment.paymentNo());
    try {
      StripeApi.Reply r = api.post("/v1/refunds", form, "fairslot-re-" + attempt);
      if (!r.ok()) {
        return RefundAttempt.FAILED;
      }
      String refundId = refs.name(attempt, r.json().path("id").asText());
      refs.name(REFUND + refundId, refundNo);
      // A card refund is mostly succeeded at once (API.md v1.3): applied now; its events then
      // change nothing. A pending one waits for refund.updated or a retrieval.
      return switch (r.json().path("status").asText()) {
        case "succeeded" -> RefundAttempt.COMPLETED;
        case "failed", "canceled" -> RefundAttempt.FAILED;
        default -> RefundAttempt.ACCEPTED;
      };
    } catch (StripeApi.Unreachable e) {
      return RefundAttempt.ACCEPTED; // asked again under the same key, answered the same
    }
  }

  /**
   * The refund that stands for {@code refundNo}: the last of its attempts, each after a failure.
   */
  private Optional<String> standingRefund(String refundNo) {
    Optional<String> id = refs.ref(refundNo);
    for (int hops = 0; id.isPresent() && hops < MAX_ATTEMPTS; hops++) {
      Optional<String> next = refs.ref(refundNo + AFTER + id.get());
      if (next.isEmpty()) {
        break;
      }
      id = next;
    }
    return id;
  }

  @Override
  public Optional<PaymentCallback> queryRefund(Payment payment, String refundNo) {
    return standingRefund(refundNo)
        .flatMap(
            id -> {
              StripeApi.Reply r = api.get("/v1/refunds/" + id);
              return r.ok() ? StripeObjects.ofRefund(r.json()) : Optional.empty();
            })
        .map(report -> callback(report, payment));
  }

  /**
   * The day's balance transactions (UTC days, as Stripe's {@code created} is): a charge is money
   * taken for the intent's payment number, a refund money paid back under its refund number. Lines
   * for intents fairslot never named keep Stripe's id, so they show as unknown.
   */
  @Override
  public Optional<List<StatementLine>> statement(LocalDate day) {
    long from = day.atStartOfDay(ZoneOffset.UTC).toEpochSecond();
    long to = day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toEpochSecond();
    List<StatementLine> lines = new ArrayList<>();
    String after = null;
    try {
      while (true) {
        StripeApi.Reply page =
            api.get(
                "/v1/balance_transactions?limit=100&expand[]=data.source&created[gte]="
                    + from
                    + "&created[lt]="
                    + to
                    + (after == null ? "" : "&starting_after=" + after));
        if (!page.ok()) {
          throw new Unavailable("Stripe gave no balance transactions: " + page.errorCode(), null);
        }
        for (JsonNode bt : page.json().path("data")) {
          lines.add(StripeObjects.line(bt, refs));
          after = bt.path("id").asText();
        }
        if (!page.json().path("has_more").asBoolean(false)) {
          return Optional.of(lines);
        }
      }
    } catch (StripeApi.Unreachable e) {
      throw new Unavailable("Stripe did not answer", e);
    }
  }

  private static PaymentCallback callback(ProviderReport r, Payment payment) {
    return new PaymentCallback(
        r.eventId(),
        payment.paymentNo(),
        payment.payable(),
        r.amount(),
        r.outcome(),
        r.raw(),
        r.refundNo());
  }
}
