package fairslot.handler.http.coupon;

import static fairslot.handler.http.Responses.respond;

import fairslot.coupon.app.CouponService;
import fairslot.coupon.domain.Coupon;
import fairslot.coupon.domain.Discount;
import fairslot.handler.http.Endpoints;
import fairslot.handler.http.ListView;
import fairslot.handler.internal.Caller;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.Currencies;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Money;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Venues' coupons (API.md v1.3 "Coupons"): made and listed by the venue's admin. */
public final class CouponEndpoints implements Endpoints {
  private static final long MAX_MINOR = 1_000_000_000_000L;
  private static final Set<String> FIELDS =
      Set.of(
          "code",
          "percentOff",
          "amountOffMinor",
          "currency",
          "maxRedemptions",
          "perMember",
          "validFrom",
          "validTo",
          "minSpendMinor",
          "resourceIds");

  private final CouponService coupons;
  private final IdempotencyKeys idempotency;

  public CouponEndpoints(CouponService coupons, IdempotencyKeys idempotency) {
    this.coupons = coupons;
    this.idempotency = idempotency;
  }

  @Override
  public List<String> routeKeys() {
    return List.of("POST /venues/{venueId}/coupons", "GET /venues/{venueId}/coupons");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "POST /venues/{venueId}/coupons" -> create(request);
      case "GET /venues/{venueId}/coupons" -> list(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse create(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = request.json().onlyFields("coupon", FIELDS);
    CouponService.Terms terms = terms(body);
    String venueId = request.path("venueId");
    ZoneId zone = coupons.zoneOf(venueId).orElse(ZoneOffset.UTC);
    Optional<IdempotentRequest> key = IdempotencyKeys.of(request, caller, body);
    return idempotency.once(
        key,
        () ->
            respond(
                coupons.create(caller.userId(), venueId, terms), 201, c -> CouponView.of(c, zone)));
  }

  private HttpResponse list(HttpRequest request) {
    String venueId = request.path("venueId");
    ZoneId zone = coupons.zoneOf(venueId).orElse(ZoneOffset.UTC);
    var page = coupons.coupons(venueId, request.page());
    return HttpResponse.json(
        200,
        new ListView<>(
            page.items().stream().map(c -> CouponView.of(c, zone)).toList(),
            page.nextCursor().orElse(null)));
  }

  /** The request's terms, read once; the domain's own checks follow in the service. */
  private static CouponService.Terms terms(RequestBody body) {
    String code =
        Coupon.normalized(body.text("code"))
            .orElseThrow(
                () ->
                    InvalidInput.unprocessable("code must be 3 to 32 letters, digits, '-' or '_'"));
    Optional<String> currency = body.optionalText("currency");
    if (currency.isPresent() && !Currencies.isChargeable(currency.get())) {
      throw InvalidInput.unprocessable(
          "currency must be an ISO 4217 currency, such as CNY, JPY or BHD");
    }
    boolean percent = body.has("percentOff");
    if (percent == body.has("amountOffMinor")) {
      throw InvalidInput.unprocessable("give either percentOff or amountOffMinor");
    }
    Discount discount;
    if (percent) {
      int off = body.integer("percentOff");
      if (off < 1 || off > 100) {
        throw InvalidInput.unprocessable("percentOff must be from 1 to 100");
      }
      discount = new Discount.PercentOff(off);
    } else {
      discount =
          new Discount.AmountOff(new Money(amount(body, "amountOffMinor"), needed(currency)));
    }
    Optional<Money> minSpend =
        body.has("minSpendMinor")
            ? Optional.of(new Money(amount(body, "minSpendMinor"), needed(currency)))
            : Optional.empty();
    return new CouponService.Terms(
        code,
        discount,
        currency,
        body.integer("maxRedemptions"),
        body.integer("perMember"),
        instant(body, "validFrom"),
        instant(body, "validTo"),
        minSpend,
        Set.copyOf(body.optionalTexts("resourceIds", 100)));
  }

  private static long amount(RequestBody body, String field) {
    long minor = body.nonNegativeLong(field);
    if (minor < 1 || minor > MAX_MINOR) {
      throw InvalidInput.unprocessable(field + " must be from 1 to 10^12");
    }
    return minor;
  }

  private static String needed(Optional<String> currency) {
    return currency.orElseThrow(
        () -> InvalidInput.unprocessable("an amount off or a minimum spend names its currency"));
  }

  /** A date-time with its offset: a coupon's dates are moments, wherever it is read. */
  private static Instant instant(RequestBody body, String field) {
    try {
      return OffsetDateTime.parse(body.text(field)).toInstant();
    } catch (DateTimeException e) {
      throw InvalidInput.unprocessable(
          field + " must be a date-time with its offset, such as 2026-12-01T00:00:00+08:00");
    }
  }
}
