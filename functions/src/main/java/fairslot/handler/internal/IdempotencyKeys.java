package fairslot.handler.internal;

import fairslot.idempotency.app.IdempotencyStore;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Refusal;
import fairslot.shared.Json;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The Idempotency-Key header: 1-64 printable ASCII characters, scoped to the user. The fingerprint
 * digests the route, its path parameters and the canonical body.
 */
public final class IdempotencyKeys {
  private static final Pattern KEY = Pattern.compile("[\\x20-\\x7E]{1,64}");

  private final IdempotencyStore store;
  private final Clock clock;

  public IdempotencyKeys(IdempotencyStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  public static Optional<IdempotentRequest> of(
      HttpRequest request, Caller caller, RequestBody body) {
    Optional<String> key = request.header("Idempotency-Key");
    if (key.isEmpty()) {
      return Optional.empty();
    }
    if (!KEY.matcher(key.get()).matches() || key.get().isBlank()) {
      throw InvalidInput.unprocessable("Idempotency-Key must be 1-64 printable characters");
    }
    String material =
        request.routeKey()
            + "\n"
            + new TreeMap<>(request.pathParameters())
            + "\n"
            + Json.canonical(body.tree());
    return Optional.of(new IdempotentRequest(caller.userId() + "#" + key.get(), sha256(material)));
  }

  /**
   * Runs a creation at most once per key: a recorded success is replayed, a key seen with another
   * body is refused, and only successful responses are recorded.
   */
  public HttpResponse once(Optional<IdempotentRequest> request, Supplier<HttpResponse> create) {
    if (request.isEmpty()) {
      return create.get();
    }
    Optional<HttpResponse> earlier = replay(request.get());
    if (earlier.isPresent()) {
      return earlier.get();
    }
    HttpResponse response = create.get();
    if (response.status() >= 400) {
      // A refusal may be a twin's success seen from after it ("nothing left to refund"): the
      // twin's recorded answer is this request's answer too.
      return replay(request.get()).orElse(response);
    }
    if (response.status() >= 200
        && response.status() < 300
        && !store.record(
            request.get(),
            new StoredResponse(response.status(), response.body()),
            clock.instant())) {
      // A concurrent twin recorded first: answer what it answered.
      return replay(request.get()).orElse(response);
    }
    return response;
  }

  private Optional<HttpResponse> replay(IdempotentRequest request) {
    return store
        .find(request.scope(), clock.instant())
        .map(
            recorded -> {
              if (!recorded.fingerprint().equals(request.fingerprint())) {
                return Problems.of(
                    Refusal.IDEMPOTENCY_KEY_REUSED,
                    422,
                    "this Idempotency-Key was used with a different request",
                    Map.of());
              }
              return replayed(recorded.response());
            });
  }

  public static HttpResponse replayed(StoredResponse stored) {
    return HttpResponse.rawJson(stored.status(), stored.body())
        .withHeader("idempotent-replayed", "true");
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
