package fairslot.handler.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.shared.Json;
import java.util.Map;

/** RFC 9457 problem responses with the contract's {@code code}. */
public final class Problems {
  private Problems() {}

  public static final String CONTENT_TYPE = "application/problem+json";

  public static int status(Refusal refusal) {
    return switch (refusal) {
      case INVALID_REQUEST,
          IDEMPOTENCY_KEY_REUSED,
          AMOUNT_MISMATCH,
          AMOUNT_BELOW_MINIMUM,
          INVALID_CODE,
          INVALID_URL,
          SLOT_REPEATED,
          OTHER_VENUE,
          TOO_MANY_SLOTS,
          REFUND_EXCEEDS_PAYMENT,
          COUPON_INVALID,
          PREPAID_LIMIT ->
          422;
      case UNAUTHORIZED, BAD_SIGNATURE, INVALID_TICKET, INVALID_TOKEN -> 401;
      case FORBIDDEN, MEMBER_SUSPENDED -> 403;
      case NOT_FOUND -> 404;
      case PAYLOAD_TOO_LARGE -> 413;
      case SOLD_OUT,
          ALREADY_BOOKED,
          TIME_CONFLICT,
          SLOT_CLOSED,
          SLOT_IN_PAST,
          HOLD_EXPIRED,
          CANCEL_WINDOW_CLOSED,
          BOOKING_WINDOW_CLOSED,
          BOOKING_LIMIT_REACHED,
          INSUFFICIENT_CREDITS,
          INSUFFICIENT_BALANCE,
          COUPON_EXHAUSTED,
          COUPON_ALREADY_USED,
          COUPON_CODE_TAKEN,
          CHECK_IN_WINDOW_CLOSED,
          PASS_EXPIRED,
          PASS_NOT_VALID_HERE,
          INVALID_TRANSITION,
          DUPLICATE_SLOT,
          SEATS_AVAILABLE,
          CAPACITY_BELOW_BOOKED,
          DISABLED,
          CONFLICT_COACH,
          CONFLICT_ROOM,
          CONFLICT_BUFFER,
          PROVIDER_UNAVAILABLE,
          WECHAT_NOT_LINKED,
          NOT_TRANSFERABLE,
          PRICE_HIGHER,
          PRICE_LOWER,
          LOTTERY_CLOSED,
          WEBHOOK_LIMIT_REACHED,
          SEVERAL_SLOTS ->
          409;
      case OFFER_EXPIRED, CODE_EXPIRED -> 410;
      case RATE_LIMITED -> 429;
      case THROTTLED -> 503;
    };
  }

  public static HttpResponse of(Outcome.Refused<?> refused) {
    return of(refused.refusal(), status(refused.refusal()), refused.detail(), refused.extras());
  }

  public static HttpResponse of(InvalidInput invalid) {
    return of(invalid.refusal(), invalid.status(), invalid.getMessage(), Map.of());
  }

  public static HttpResponse of(
      Refusal refusal, int status, String detail, Map<String, Object> extras) {
    ObjectNode body = Json.object();
    body.put("type", "https://fairslot.dev/problems/" + refusal.code().replace('_', '-'));
    body.put("title", title(refusal));
    body.put("status", status);
    body.put("detail", detail);
    body.put("code", refusal.code());
    extras.forEach((k, v) -> body.set(k, Json.tree(v)));
    HttpResponse response =
        new HttpResponse(status, Map.of("content-type", CONTENT_TYPE), Json.write(body));
    // The contract's one 5xx: the client may retry (with the same Idempotency-Key) after this many
    // seconds.
    return refusal == Refusal.THROTTLED
        ? response.withHeader("retry-after", RETRY_AFTER_SECONDS)
        : response;
  }

  public static final String RETRY_AFTER_SECONDS = "1";

  /** For failures that are ours, not the caller's: no code of the contract applies. */
  public static HttpResponse internal() {
    ObjectNode body = Json.object();
    body.put("type", "about:blank");
    body.put("title", "Internal Server Error");
    body.put("status", 500);
    return new HttpResponse(500, Map.of("content-type", CONTENT_TYPE), Json.write(body));
  }

  private static String title(Refusal refusal) {
    String words = refusal.code().replace('_', ' ');
    return Character.toUpperCase(words.charAt(0)) + words.substring(1);
  }
}
