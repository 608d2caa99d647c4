package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jwt.JWTClaimsSet;
import fairslot.definitions.Fairslot;
import fairslot.definitions.RouteDefinition;
import fairslot.handler.Wiring;
import fairslot.messaging.payments.WebhookSignature;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The hostile-input corpus, over real HTTP through the local runtime (token check, routing,
 * handler, emulator): every write route with broken and wrong-typed bodies, foreign and malformed
 * ids, bad tokens, bad cursors and bad webhook signatures. Every answer is a 4xx problem (never a
 * 5xx), and afterwards no seat, booking or waitlist count has moved. The corpus is seeded, so a
 * failure replays.
 */
class HostileInputIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final long SEED = 13;
  private static LocalRuntime runtime;
  private static String base;
  private static String admin;
  private static String frontdesk;
  private static String owner;
  private static String stranger;
  private static String venueId;
  private static String resourceId;
  private static List<String> halves = new java.util.ArrayList<>();
  private static String directSlot;
  private static String queuedSlot;
  private static String bookingId;
  private static LocalDate day;

  @BeforeAll
  static void setUp() throws Exception {
    runtime = LocalRuntime.start(Settings.forTests("hostile-it"));
    base = "http://127.0.0.1:" + runtime.port();
    admin = token("hostile-admin", "admin");
    frontdesk = token("hostile-desk", "frontdesk");
    owner = token("hostile-owner", "customer");
    stranger = token("hostile-stranger", "customer");
    venueId =
        json(send(
                "POST", "/venues", admin, "{\"name\":\"Hostile\",\"timeZone\":\"Europe/Berlin\"}"))
            .path("venueId")
            .asText();
    resourceId =
        json(send(
                "POST",
                "/venues/" + venueId + "/resources",
                admin,
                "{\"name\":\"Hall\",\"kind\":\"SEATS\",\"capacity\":10}"))
            .path("resourceId")
            .asText();
    for (String half : List.of("Half A", "Half B")) {
      halves.add(
          json(send(
                  "POST",
                  "/venues/" + venueId + "/resources",
                  admin,
                  "{\"name\":\"" + half + "\",\"kind\":\"EXCLUSIVE\"}"))
              .path("resourceId")
              .asText());
    }
    day = LocalDate.now(ZoneId.of("Europe/Berlin")).plusDays(5);
    directSlot = slot("18:00", "DIRECT");
    queuedSlot = slot("20:00", "QUEUED");
    bookingId =
        json(send("POST", "/bookings", owner, "{\"slotId\":\"" + directSlot + "\",\"quantity\":2}"))
            .path("bookingId")
            .asText();
    assertThat(bookingId).isNotBlank();
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  private static String slot(String start, String admission) throws Exception {
    return json(send(
            "POST",
            "/slots",
            admin,
            "{\"resourceId\":\""
                + resourceId
                + "\",\"start\":\""
                + day
                + "T"
                + start
                + ":00\",\"end\":\""
                + day
                + "T"
                + start.replace(":00", ":45")
                + ":00\",\"priceMinor\":1500,\"currency\":\"EUR\","
                + "\"admission\":\""
                + admission
                + "\"}"))
        .path("slotId")
        .asText();
  }

  /** One request of the corpus: what it is (for the failure message) and how to send it. */
  private record Probe(
      String what,
      String method,
      String path,
      String token,
      String body,
      Map<String, String> headers) {
    Probe(String what, String method, String path, String token, String body) {
      this(what, method, path, token, body, Map.of());
    }
  }

  @Test
  void noHostileInputGetsA5xxOrAnythingButAProblemAndNoSeatMoves() throws Exception {
    String before = seats();
    List<Probe> corpus = new ArrayList<>();
    corpus.addAll(brokenAndWrongTypedBodies());
    corpus.addAll(foreignAndMalformedIds());
    corpus.addAll(badTokens());
    corpus.addAll(badCursors());
    corpus.addAll(badSignatures());
    corpus.addAll(badIdempotencyKeys());

    ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> sent = new ArrayList<>();
      for (Probe p : corpus) {
        sent.add(
            pool.submit(
                () -> {
                  HttpResponse<String> r = send(p);
                  String type = r.headers().firstValue("content-type").orElse("");
                  boolean problem =
                      type.startsWith("application/problem+json") && code(r.body()) != null;
                  // DELETE .../waitlist/me is idempotent by contract: 204 whether or not there was
                  // anything to leave
                  boolean idempotentDelete = p.method().equals("DELETE") && r.statusCode() == 204;
                  if (!idempotentDelete
                      && (r.statusCode() < 400 || r.statusCode() >= 500 || !problem)) {
                    wrong.add(
                        r.statusCode()
                            + " "
                            + type
                            + " for "
                            + p.what()
                            + ": "
                            + p.method()
                            + " "
                            + p.path()
                            + " body="
                            + abbreviate(p.body())
                            + " -> "
                            + abbreviate(r.body()));
                  }
                  return null;
                }));
      }
      for (Future<?> f : sent) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }

    System.out.println("hostile corpus: " + corpus.size() + " requests, seed " + SEED);
    assertThat(corpus).hasSizeGreaterThan(800);
    assertThat(wrong).as("answers that were not a 4xx problem").isEmpty();
    assertThat(seats()).isEqualTo(before);
    JsonNode reconcile = json(send("POST", "/admin/reconcile", admin, "{}"));
    assertThat(reconcile.path("deviations")).isEmpty();
    assertThat(reconcile.path("checked").asInt()).isPositive();
  }

  /**
   * Each slot's remaining seats, waitlist length and status, and every booking of the day with its
   * status.
   */
  private static String seats() throws Exception {
    StringBuilder out = new StringBuilder();
    for (String slot : List.of(directSlot, queuedSlot)) {
      JsonNode s = json(send("GET", "/slots/" + slot, null, null));
      out.append(slot)
          .append(" remaining=")
          .append(s.path("remaining").asInt())
          .append(" waitlist=")
          .append(s.path("waitlistLength").asInt())
          .append(" ")
          .append(s.path("status").asText())
          .append('\n');
    }
    JsonNode listed =
        json(send("GET", "/staff/bookings?venueId=" + venueId + "&date=" + day, frontdesk, null));
    listed
        .path("items")
        .forEach(
            b ->
                out.append(b.path("bookingId").asText())
                    .append(' ')
                    .append(b.path("status").asText())
                    .append('\n'));
    assertThat(listed.path("items")).hasSize(1);
    JsonNode slots = json(send("GET", "/slots?venueId=" + venueId + "&date=" + day, null, null));
    out.append("slots=").append(slots.path("items").size());
    out.append(" next day=")
        .append(
            json(send("GET", "/slots?venueId=" + venueId + "&date=" + day.plusDays(1), null, null))
                .path("items")
                .size());
    return out.toString();
  }

  // ---- bodies ----------------------------------------------------------------------------------

  /**
   * A valid body for each route that takes one, with its role, and the fields that may be left out.
   */
  private record Template(
      String route,
      String path,
      String token,
      ObjectNode body,
      Set<String> optional,
      String method) {
    Template(String route, String path, String token, ObjectNode body, Set<String> optional) {
      this(route, path, token, body, optional, "POST");
    }
  }

  private static List<Template> templates() throws Exception {
    String later = day.plusDays(1).toString();
    return List.of(
        new Template(
            "POST /venues",
            "/venues",
            admin,
            obj(
                "{\"name\":\"V\",\"timeZone\":\"Europe/Berlin\",\"policy\":"
                    + "{\"holdDuration\":\"PT15M\",\"cancelCutoff\":\"PT2H\",\"offerDuration\":\"PT30M\",\"waitlistMode\":\"OFFER\","
                    + "\"maxPerBooking\":4}}"),
            Set.of("timeZone", "policy")),
        new Template(
            "POST /venues/{venueId}/resources",
            "/venues/" + venueId + "/resources",
            admin,
            obj("{\"name\":\"Court\",\"kind\":\"SEATS\",\"capacity\":4}"),
            Set.of("capacity")),
        new Template(
            "POST /venues/{venueId}/resources",
            "/venues/" + venueId + "/resources",
            admin,
            obj(
                "{\"name\":\"Full court\",\"kind\":\"EXCLUSIVE\",\"parts\":[\""
                    + halves.get(0)
                    + "\",\""
                    + halves.get(1)
                    + "\"]}"),
            Set.of("parts")),
        new Template(
            "POST /slots",
            "/slots",
            admin,
            obj(
                "{\"resourceId\":\""
                    + resourceId
                    + "\",\"start\":\""
                    + later
                    + "T08:00:00\",\"end\":\""
                    + later
                    + "T09:00:00\",\"capacity\":3,\"priceMinor\":100,\"currency\":\"EUR\","
                    + "\"admission\":\"DIRECT\"}"),
            Set.of("capacity", "admission")),
        new Template(
            "POST /slots:generate",
            "/slots:generate",
            admin,
            obj(
                "{\"resourceId\":\""
                    + resourceId
                    + "\",\"from\":\""
                    + later
                    + "\",\"to\":\""
                    + day.plusDays(9)
                    + "\",\"weekly\":[{\"dayOfWeek\":\"MON\","
                    + "\"start\":\"07:00\",\"end\":\"07:30\"}],\"priceMinor\":100,\"currency\":\"EUR\"}"),
            Set.of()),
        new Template(
            "POST /coaches",
            "/coaches",
            admin,
            obj("{\"name\":\"Coach\",\"venueId\":\"" + venueId + "\"}"),
            Set.of()),
        new Template(
            "POST /rooms",
            "/rooms",
            admin,
            obj("{\"name\":\"Room\",\"venueId\":\"" + venueId + "\"}"),
            Set.of()),
        new Template(
            "POST /bookings",
            "/bookings",
            stranger,
            obj("{\"slotId\":\"" + directSlot + "\",\"quantity\":1}"),
            Set.of()),
        new Template(
            "POST /bookings (queued)",
            "/bookings",
            stranger,
            obj("{\"slotId\":\"" + queuedSlot + "\",\"quantity\":1}"),
            Set.of()),
        new Template(
            "POST /staff/bookings",
            "/staff/bookings",
            frontdesk,
            obj(
                "{\"slotId\":\""
                    + directSlot
                    + "\",\"quantity\":1,\"customer\":{\"phone\":\"+4915112345678\",\"name\":\"Walk In\"}}"),
            Set.of()),
        new Template(
            "POST /slots/{slotId}/admission",
            "/slots/" + directSlot + "/admission",
            admin,
            obj("{\"admission\":\"QUEUED\"}"),
            Set.of()),
        new Template(
            "PUT /me/wechat",
            "/me/wechat",
            stranger,
            obj("{\"code\":\"login-hostile\"}"),
            Set.of(),
            "PUT"),
        new Template(
            "POST /finance/statements:reconcile",
            "/finance/statements:reconcile",
            admin,
            obj("{\"provider\":\"wechatpay\",\"date\":\"" + day.minusDays(6) + "\"}"),
            Set.of()));
  }

  private static List<Probe> brokenAndWrongTypedBodies() throws Exception {
    List<Probe> out = new ArrayList<>();
    Random random = new Random(SEED);
    List<String> broken =
        List.of(
            "",
            "null",
            "[]",
            "42",
            "\"text\"",
            "true",
            "{",
            "{\"a\":",
            "not json",
            "{}}",
            "{\"slotId\":}",
            "[".repeat(5000),
            "{\"a\":".repeat(3000),
            "\u0000\u0001\u0002",
            "{\"quantity\":1e999999}",
            "{\"x\":\"\\ud800\"}",
            "\"" + "x".repeat(70_000) + "\"");
    for (Template t : templates()) {
      for (String body : broken) {
        out.add(new Probe("broken body", t.method(), t.path(), t.token(), body));
      }
      for (String field : fieldPaths(t.body(), "")) {
        boolean optional = t.optional().contains(field.split("\\.")[0]);
        for (JsonNode bad : wrongValuesFor(at(t.body(), field), optional, random)) {
          out.add(
              new Probe(
                  field + " := " + abbreviate(bad.toString()),
                  t.method(),
                  t.path(),
                  t.token(),
                  with(t.body(), field, bad).toString()));
        }
        if (!optional) {
          out.add(
              new Probe(
                  "without " + field,
                  t.method(),
                  t.path(),
                  t.token(),
                  without(t.body(), field).toString()));
        }
      }
      for (int i = 0; i < 15; i++) {
        out.add(
            new Probe(
                "random JSON", t.method(), t.path(), t.token(), randomJson(random, 4).toString()));
      }
    }
    return out;
  }

  /** Values no careful API accepts where the template has {@code valid}. */
  private static List<JsonNode> wrongValuesFor(JsonNode valid, boolean optional, Random random) {
    List<JsonNode> values = new ArrayList<>();
    if (!optional) {
      values.add(NODES.nullNode());
    }
    values.add(NODES.arrayNode().add(valid.deepCopy()));
    values.add(NODES.objectNode().set("value", valid.deepCopy()));
    values.add(NODES.booleanNode(true));
    if (valid.isNumber()) {
      values.addAll(
          List.of(
              NODES.textNode(valid.asText()),
              NODES.numberNode(1.5),
              NODES.numberNode(-1),
              NODES.numberNode(new java.math.BigInteger("99999999999999999999999")),
              NODES.numberNode(Long.MIN_VALUE),
              NODES.textNode("NaN")));
    } else if (valid.isTextual()) {
      values.addAll(
          List.of(
              NODES.numberNode(7),
              NODES.textNode(""),
              NODES.textNode("   "),
              NODES.textNode("\u0000" + valid.asText()),
              NODES.textNode(valid.asText() + "\n\u001b[31m"),
              NODES.textNode("x".repeat(5000))));
    } else if (valid.isArray()) {
      values.addAll(
          List.of(
              NODES.arrayNode().add(7),
              NODES.arrayNode().add(NODES.arrayNode()),
              NODES.textNode("[]")));
    } else if (valid.isObject()) {
      values.addAll(List.of(NODES.textNode(valid.toString()), NODES.numberNode(1)));
    }
    values.add(randomJsonOfAnotherType(valid, random));
    return values;
  }

  // ---- ids, tokens, cursors, signatures, keys
  // --------------------------------------------------------

  private static final List<String> HOSTILE_IDS =
      List.of(
          "nope",
          "..%2F..%2Fetc",
          "%00",
          "x".repeat(2000),
          "%F0%9F%92%A3",
          "SLOT%23abc",
          "'%20OR%201=1",
          "%20");

  /**
   * Every write route with each path parameter replaced by an id that does not exist or is
   * malformed.
   */
  private static List<Probe> foreignAndMalformedIds() {
    List<Probe> out = new ArrayList<>();
    for (RouteDefinition route : Fairslot.ROUTES) {
      if (route.method().equals("GET")
          || !route.path().contains("{")
          || route.access() != RouteDefinition.Access.JWT) {
        continue;
      }
      String token =
          route.path().startsWith("/staff")
                  || route.path().startsWith("/slots/{slotId}/c")
                  || route.path().startsWith("/slots/{slotId}/o")
                  || route.path().endsWith("/admission")
                  || route.path().startsWith("/venues")
              ? admin
              : stranger;
      for (String id : HOSTILE_IDS) {
        String path = route.path().replaceAll("\\{[^}]+}", id);
        out.add(new Probe("hostile id", route.method(), path, token, "{}"));
        out.add(
            new Probe("hostile id, broken body", route.method(), path, token, "{\"quantity\":"));
      }
    }
    // someone else's booking: 404, exactly as for one that does not exist
    for (String action : List.of("cancel", "pay")) {
      out.add(
          new Probe(
              "another user's booking",
              "POST",
              "/bookings/" + bookingId + "/" + action,
              stranger,
              null));
    }
    return out;
  }

  /** A valid booking body with each kind of bad token: 401, and nothing is booked. */
  private static List<Probe> badTokens() {
    Hs256Jwt ours = new Hs256Jwt("test-secret", Clock.systemUTC());
    Instant now = Instant.now();
    JWTClaimsSet.Builder valid =
        new JWTClaimsSet.Builder()
            .subject("intruder")
            .claim("cognito:groups", List.of("admin"))
            .issueTime(Date.from(now))
            .expirationTime(Date.from(now.plusSeconds(600)));
    String signed = ours.sign(valid.build());
    String[] parts = signed.split("\\.");
    java.util.Base64.Encoder b64 = java.util.Base64.getUrlEncoder().withoutPadding();
    Map<String, String> tokens = new LinkedHashMap<>();
    tokens.put(
        "another secret",
        new Hs256Jwt(Wiring.DEFAULT_PAYMENT_SECRET, Clock.systemUTC()).sign(valid.build()));
    tokens.put(
        "alg none",
        b64.encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8))
            + "."
            + parts[1]
            + ".");
    tokens.put(
        "expired", ours.sign(valid.expirationTime(Date.from(now.minusSeconds(3600))).build()));
    tokens.put(
        "no exp",
        ours.sign(
            new JWTClaimsSet.Builder().subject("intruder").issueTime(Date.from(now)).build()));
    tokens.put(
        "not yet valid",
        ours.sign(
            new JWTClaimsSet.Builder()
                .subject("intruder")
                .issueTime(Date.from(now))
                .notBeforeTime(Date.from(now.plusSeconds(3600)))
                .expirationTime(Date.from(now.plusSeconds(7200)))
                .build()));
    tokens.put(
        "over 8 KiB",
        ours.sign(
            new JWTClaimsSet.Builder()
                .subject("intruder")
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plusSeconds(600)))
                .claim("pad", "p".repeat(9000))
                .build()));
    tokens.put(
        "tampered payload",
        parts[0]
            + "."
            + b64.encodeToString("{\"sub\":\"hostile-owner\"}".getBytes(StandardCharsets.UTF_8))
            + "."
            + parts[2]);
    tokens.put("truncated", signed.substring(0, signed.length() - 3));
    tokens.put("garbage", "garbage");
    tokens.put("empty", "");
    List<Probe> out = new ArrayList<>();
    String body = "{\"slotId\":\"" + directSlot + "\",\"quantity\":1}";
    tokens.forEach(
        (what, token) -> {
          out.add(new Probe("token: " + what, "POST", "/bookings", token, body));
          out.add(
              new Probe("token: " + what, "POST", "/slots/" + directSlot + "/cancel", token, null));
        });
    out.add(new Probe("no token", "POST", "/bookings", null, body));
    out.add(
        new Probe(
            "basic auth",
            "POST",
            "/bookings",
            null,
            body,
            Map.of("Authorization", "Basic YWRtaW46YWRtaW4=")));
    return out;
  }

  private static List<Probe> badCursors() throws Exception {
    JsonNode firstPage =
        json(send("GET", "/slots?venueId=" + venueId + "&date=" + day + "&limit=1", null, null));
    String real = firstPage.path("nextCursor").asText();
    assertThat(real).as("a real cursor to tamper with").isNotBlank();
    int dot = real.lastIndexOf('.');
    List<String> cursors =
        List.of(
            "garbage",
            ".",
            "abc.def",
            real + "x",
            real.substring(0, dot),
            real.substring(0, dot) + "." + "A".repeat(real.length() - dot - 1),
            flip(real, 3),
            "x".repeat(5000),
            "%00",
            java.util.Base64.getUrlEncoder().encodeToString(new byte[64]));
    List<Probe> out = new ArrayList<>();
    for (String c : cursors) {
      String q = URLEncoder.encode(c, StandardCharsets.UTF_8);
      out.add(
          new Probe(
              "cursor",
              "GET",
              "/slots?venueId=" + venueId + "&date=" + day + "&cursor=" + q,
              null,
              null));
      out.add(new Probe("cursor", "GET", "/me/bookings?cursor=" + q, owner, null));
      out.add(
          new Probe(
              "cursor",
              "GET",
              "/staff/bookings?venueId=" + venueId + "&date=" + day + "&cursor=" + q,
              frontdesk,
              null));
      out.add(
          new Probe(
              "cursor",
              "POST",
              "/admin/reconcile",
              admin,
              JSON.createObjectNode().put("cursor", c).toString()));
    }
    // a real cursor, handed to another list
    out.add(
        new Probe(
            "foreign cursor",
            "GET",
            "/me/bookings?cursor=" + URLEncoder.encode(real, StandardCharsets.UTF_8),
            owner,
            null));
    out.add(
        new Probe(
            "foreign cursor",
            "GET",
            "/staff/bookings?venueId="
                + venueId
                + "&date="
                + day
                + "&cursor="
                + URLEncoder.encode(real, StandardCharsets.UTF_8),
            frontdesk,
            null));
    return out;
  }

  /** A well-formed SUCCEEDED callback for the real booking, signed wrongly in every way: 401. */
  private static List<Probe> badSignatures() {
    String body =
        "{\"eventId\":\"evt-hostile\",\"paymentNo\":\""
            + bookingId
            + "-1\",\"bookingId\":\""
            + bookingId
            + "\",\"amountMinor\":3000,\"currency\":\"EUR\",\"status\":\"SUCCEEDED\"}";
    long now = Instant.now().getEpochSecond();
    WebhookSignature local = new WebhookSignature(Wiring.DEFAULT_PAYMENT_SECRET);
    WebhookSignature other = new WebhookSignature("not-the-provider-secret");
    Map<String, Map<String, String>> cases = new LinkedHashMap<>();
    cases.put("none", Map.of());
    cases.put("no timestamp", Map.of(WebhookSignature.SIGNATURE_HEADER, local.sign(now, body)));
    cases.put("other secret", headers(now, other.sign(now, body)));
    cases.put("stale", headers(now - 3600, local.sign(now - 3600, body)));
    cases.put("future", headers(now + 3600, local.sign(now + 3600, body)));
    cases.put(
        "overflowing timestamp",
        headers(Long.MIN_VALUE + now, local.sign(Long.MIN_VALUE + now, body)));
    cases.put("another body", headers(now, local.sign(now, body.replace("SUCCEEDED", "FAILED"))));
    cases.put("empty mac", headers(now, "sha256="));
    cases.put("not hex", headers(now, "sha256=zz"));
    cases.put("no scheme", headers(now, local.sign(now, body).substring("sha256=".length())));
    List<Probe> out = new ArrayList<>();
    cases.forEach(
        (what, h) -> {
          out.add(new Probe("signature: " + what, "POST", "/payments/callback", null, body, h));
          Map<String, String> nonNumeric = new LinkedHashMap<>(h);
          nonNumeric.put(WebhookSignature.TIMESTAMP_HEADER, "soon");
          out.add(
              new Probe(
                  "signature: " + what + ", timestamp not a number",
                  "POST",
                  "/payments/callback",
                  null,
                  body,
                  nonNumeric));
        });
    return out;
  }

  private static Map<String, String> headers(long timestamp, String signature) {
    return Map.of(
        WebhookSignature.TIMESTAMP_HEADER,
        Long.toString(timestamp),
        WebhookSignature.SIGNATURE_HEADER,
        signature);
  }

  /**
   * A valid booking with an Idempotency-Key the contract refuses: 4xx before anything is booked.
   */
  private static List<Probe> badIdempotencyKeys() {
    String body = "{\"slotId\":\"" + directSlot + "\",\"quantity\":1}";
    // (non-ASCII keys cannot be tested this way: the JDK's client sends them as '?')
    return List.of("k".repeat(65), "k".repeat(5000)).stream()
        .map(
            k ->
                new Probe(
                    "Idempotency-Key " + abbreviate(k),
                    "POST",
                    "/bookings",
                    stranger,
                    body,
                    Map.of("Idempotency-Key", k)))
        .toList();
  }

  // ---- helpers ---------------------------------------------------------------------------------

  private static HttpResponse<String> send(Probe p) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(base + p.path()))
            .timeout(Duration.ofSeconds(30))
            .method(
                p.method(),
                p.body() == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(p.body()));
    if (p.token() != null) {
      b.header("Authorization", "Bearer " + p.token());
    }
    p.headers().forEach(b::header);
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> send(String method, String path, String token, String body)
      throws Exception {
    return send(new Probe("setup", method, path, token, body));
  }

  private static JsonNode json(HttpResponse<String> r) throws Exception {
    return JSON.readTree(r.body());
  }

  private static String token(String sub, String group) throws Exception {
    return json(send(
            "POST",
            "/_local/token",
            null,
            "{\"sub\":\"" + sub + "\",\"groups\":[\"" + group + "\"]}"))
        .path("token")
        .asText();
  }

  private static String code(String body) {
    try {
      JsonNode code = JSON.readTree(body).get("code");
      return code != null && code.isTextual() ? code.asText() : null;
    } catch (Exception notJson) {
      return null;
    }
  }

  private static ObjectNode obj(String json) throws Exception {
    return (ObjectNode) JSON.readTree(json);
  }

  /**
   * Dotted paths of every leaf and container field ("policy", "policy.holdDuration",
   * "weekly.0.start").
   */
  private static List<String> fieldPaths(JsonNode node, String prefix) {
    List<String> out = new ArrayList<>();
    if (node.isObject()) {
      node.fieldNames()
          .forEachRemaining(
              f -> {
                out.add(prefix + f);
                out.addAll(fieldPaths(node.get(f), prefix + f + "."));
              });
    } else if (node.isArray() && !node.isEmpty()) {
      out.addAll(fieldPaths(node.get(0), prefix + "0."));
    }
    return out;
  }

  private static JsonNode at(JsonNode node, String path) {
    for (String part : path.split("\\.")) {
      node = node.isArray() ? node.get(Integer.parseInt(part)) : node.get(part);
    }
    return node;
  }

  private static JsonNode with(ObjectNode template, String path, JsonNode value) {
    ObjectNode copy = template.deepCopy();
    JsonNode parent = parentOf(copy, path);
    String last = path.substring(path.lastIndexOf('.') + 1);
    if (parent.isArray()) {
      ((ArrayNode) parent).set(Integer.parseInt(last), value);
    } else {
      ((ObjectNode) parent).set(last, value);
    }
    return copy;
  }

  private static JsonNode without(ObjectNode template, String path) {
    ObjectNode copy = template.deepCopy();
    JsonNode parent = parentOf(copy, path);
    String last = path.substring(path.lastIndexOf('.') + 1);
    if (parent.isArray()) {
      ((ArrayNode) parent).remove(Integer.parseInt(last));
    } else {
      ((ObjectNode) parent).remove(last);
    }
    return copy;
  }

  /** The container that holds the field at the dotted {@code path}. */
  private static JsonNode parentOf(JsonNode root, String path) {
    int dot = path.lastIndexOf('.');
    return dot < 0 ? root : at(root, path.substring(0, dot));
  }

  private static JsonNode randomJson(Random random, int depth) {
    int kind = depth <= 0 ? random.nextInt(4) : random.nextInt(6);
    return switch (kind) {
      case 0 ->
          NODES.numberNode(random.nextInt(3) == 0 ? random.nextDouble() * 1e12 : random.nextLong());
      case 1 -> NODES.textNode(randomText(random));
      case 2 -> NODES.booleanNode(random.nextBoolean());
      case 3 -> NODES.nullNode();
      case 4 -> {
        ArrayNode a = NODES.arrayNode();
        for (int i = random.nextInt(4); i > 0; i--) {
          a.add(randomJson(random, depth - 1));
        }
        yield a;
      }
      default -> {
        ObjectNode o = NODES.objectNode();
        List<String> keys =
            List.of(
                "slotId",
                "quantity",
                "name",
                "venueId",
                "resourceId",
                "start",
                "end",
                "capacity",
                "priceMinor",
                "currency",
                "policy",
                "kind",
                "customer",
                "weekly",
                "from",
                "to",
                "admission",
                "cursor",
                "repair",
                "timeZone",
                randomText(random));
        for (int i = random.nextInt(5); i > 0; i--) {
          o.set(keys.get(random.nextInt(keys.size())), randomJson(random, depth - 1));
        }
        // an object the fuzzer builds never names a real slot, resource or venue, and always has
        // one wrong-typed field, so no random body is a valid request by chance
        o.set("quantity", NODES.arrayNode());
        o.set("name", NODES.objectNode());
        o.set("resourceId", NODES.numberNode(random.nextInt()));
        yield o;
      }
    };
  }

  private static JsonNode randomJsonOfAnotherType(JsonNode valid, Random random) {
    while (true) {
      JsonNode candidate = randomJson(random, 2);
      if (candidate.getNodeType() != valid.getNodeType() && !candidate.isNull()) {
        return candidate;
      }
    }
  }

  private static String randomText(Random random) {
    StringBuilder s = new StringBuilder();
    for (int i = random.nextInt(12); i > 0; i--) {
      s.append((char) (random.nextBoolean() ? 'a' + random.nextInt(26) : random.nextInt(0x3000)));
    }
    return s.toString();
  }

  private static String flip(String s, int fromEnd) {
    char[] c = s.toCharArray();
    int i = c.length - fromEnd;
    c[i] = c[i] == 'A' ? 'B' : 'A';
    return new String(c);
  }

  private static String abbreviate(String s) {
    return s == null
        ? "null"
        : s.length() > 120 ? s.substring(0, 120) + "...(" + s.length() + ")" : s;
  }
}
