package fairslot.handler.internal;

import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What an endpoint needs of an API Gateway v2 event: lower-cased headers, the decoded body as sent
 * (for signatures and fingerprints) and as parsed once ({@link #json()}), which every reader of its
 * fields uses.
 */
public record HttpRequest(
    String routeKey,
    Map<String, String> pathParameters,
    Map<String, String> query,
    Map<String, String> headers,
    String body,
    Optional<Caller> caller,
    ParsedBody parsed) {

  public HttpRequest(
      String routeKey,
      Map<String, String> pathParameters,
      Map<String, String> query,
      Map<String, String> headers,
      String body,
      Optional<Caller> caller) {
    this(routeKey, pathParameters, query, headers, body, caller, ParsedBody.of(body));
  }

  /** The body's JSON object, parsed when the request was read; required. */
  public RequestBody json() {
    if (parsed instanceof ParsedBody.Object o) {
      return o.json();
    }
    if (parsed instanceof ParsedBody.Unreadable u) {
      throw u.why();
    }
    throw InvalidInput.malformed("a JSON object body is required");
  }

  /** As {@link #json()} for routes whose body is optional: none reads as {@code {}}. */
  public RequestBody jsonOrEmpty() {
    return parsed instanceof ParsedBody.Absent ? RequestBody.parse("{}") : json();
  }

  public String path(String name) {
    String v = pathParameters.get(name);
    if (v == null || v.isBlank()) {
      throw InvalidInput.unprocessable("path parameter " + name + " is missing");
    }
    return bounded("path parameter " + name, v);
  }

  /**
   * Query values are at most this long: well inside DynamoDB's 2,048-byte key limit with any key
   * prefix, so an overlong value is a 422 here and never a ValidationException (a 500) there. Ids
   * are held to {@link Ids#MAX_LENGTH} before any route runs.
   */
  public static final int MAX_ID = 256;

  // A cursor is longer (a key and its HMAC tag) and is checked by its tag before any read.

  private static String bounded(String what, String v) {
    if (v.length() > MAX_ID) {
      throw InvalidInput.unprocessable(what + " is longer than " + MAX_ID + " characters");
    }
    return v;
  }

  public Optional<String> header(String name) {
    return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
  }

  public Optional<String> queryParam(String name) {
    return Optional.ofNullable(query.get(name))
        .filter(s -> !s.isBlank())
        .map(v -> name.equals("cursor") ? v : bounded("query parameter " + name, v));
  }

  public String requiredQuery(String name) {
    return queryParam(name)
        .orElseThrow(() -> InvalidInput.unprocessable("query parameter " + name + " is required"));
  }

  public LocalDate dateQuery(String name) {
    try {
      return LocalDate.parse(requiredQuery(name));
    } catch (DateTimeParseException e) {
      throw InvalidInput.unprocessable(name + " must be a date YYYY-MM-DD");
    }
  }

  public PageRequest page() {
    int limit = PageRequest.DEFAULT_LIMIT;
    Optional<String> raw = queryParam("limit");
    if (raw.isPresent()) {
      try {
        limit = Integer.parseInt(raw.get());
      } catch (NumberFormatException e) {
        throw InvalidInput.unprocessable("limit must be an integer");
      }
      if (limit < 1 || limit > PageRequest.MAX_LIMIT) {
        throw InvalidInput.unprocessable("limit must be between 1 and " + PageRequest.MAX_LIMIT);
      }
    }
    // The cursor's form is the store's business: it refuses one it did not make (BadCursor).
    return new PageRequest(limit, queryParam("cursor"));
  }

  public Caller requireCaller() {
    return caller.orElseThrow(
        () -> new InvalidInput(Refusal.UNAUTHORIZED, 401, "a valid bearer token is required"));
  }
}
