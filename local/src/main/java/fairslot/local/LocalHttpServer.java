package fairslot.local;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import fairslot.auth.domain.VerifiedCaller;
import fairslot.definitions.Fairslot;
import fairslot.definitions.RouteDefinition;
import fairslot.handler.HttpApiHandler;
import fairslot.messaging.notifications.LocalNotificationSender;
import fairslot.messaging.payments.LocalPaymentProvider;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Plays API Gateway's part locally: matches the route from the shared definitions, validates the
 * bearer token on JWT routes, and hands the handler the same v2 event API Gateway would.
 */
public final class LocalHttpServer implements AutoCloseable {
  /** Bodies are read up to this size; the handler itself refuses anything over 64 KiB with 413. */
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final ExecutorService pool;
  private final HttpApiHandler handler;
  private final LocalAuthorizer auth;
  private final RouteTable routes = new RouteTable(Fairslot.ROUTES);
  private final BooleanSupplier healthy;

  /**
   * The emulator's fault report ({"faults": spec|null, "faultsInjected": {...}}), shown by the
   * health check.
   */
  private final Supplier<String> faults;

  /** What the emulator's SES and SNS accepted ({"emails": [...], "sms": [...]}). */
  private final Supplier<String> mailbox;

  private final LocalScheduler scheduler;

  /** The providers' fakes' controls (WeChat Pay, Stripe). */
  private final List<LocalControls> controls;

  private final LocalPaymentProvider payments;
  private final LocalNotificationSender notifications;

  private final ConsoleFiles console = ConsoleFiles.fromEnvironment();

  /** The EMF lines printed so far, added up (GET /_local/metrics). */
  private final MetricsSummary metrics = new MetricsSummary();

  LocalHttpServer(
      String host,
      int port,
      HttpApiHandler handler,
      LocalAuthorizer auth,
      BooleanSupplier healthy,
      LocalScheduler scheduler,
      LocalPaymentProvider payments,
      LocalNotificationSender notifications,
      Supplier<String> faults,
      Supplier<String> mailbox,
      List<LocalControls> controls)
      throws IOException {
    this.controls = List.copyOf(controls);
    this.faults = faults;
    this.mailbox = mailbox;
    this.notifications = notifications;
    this.handler = handler;
    this.auth = auth;
    this.healthy = healthy;
    this.scheduler = scheduler;
    this.payments = payments;
    JdkHttpServer.tune();
    this.server = HttpServer.create(new InetSocketAddress(host, port), 4096);
    this.pool = Executors.newFixedThreadPool(256);
    server.setExecutor(pool);
    server.createContext("/", this::serve);
    server.start();
  }

  public int port() {
    return server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      String path = exchange.getRequestURI().getRawPath();
      byte[] raw = LocalReplies.readBody(exchange.getRequestBody());
      if (raw == null) {
        LocalReplies.send(
            exchange,
            413,
            "application/problem+json",
            LocalReplies.problem(413, "payload_too_large", "the body exceeds 64 KiB"));
        return;
      }
      String body = new String(raw, StandardCharsets.UTF_8);
      if (console.serves(method, path)) {
        console.send(exchange, path);
        return;
      }
      if (method.equals("POST") && path.equals("/_local/token")) {
        issueToken(exchange, body);
        return;
      }
      for (LocalControls fake : controls) {
        Optional<LocalControls.Reply> control = fake.handle(method, path, body);
        if (control.isPresent()) {
          LocalReplies.send(
              exchange, control.get().status(), "application/json", control.get().json());
          return;
        }
      }
      if (method.equals("GET") && path.equals("/_local/notifications")) {
        String user =
            Optional.ofNullable(ApiGatewayEvents.query(exchange.getRequestURI().getRawQuery()))
                .map(q -> q.get("userId"))
                .orElse("");
        List<Map<String, String>> items =
            notifications.deliveredTo(user).stream()
                .map(
                    d ->
                        Map.of(
                            "userId",
                            d.about().userId(),
                            "slotId",
                            d.about().slotId(),
                            "kind",
                            d.about().kind().name(),
                            "ref",
                            d.about().ref(),
                            "channel",
                            d.channel().name(),
                            "address",
                            d.address(),
                            "subject",
                            d.message().subject(),
                            "body",
                            d.message().body()))
                .toList();
        LocalReplies.send(
            exchange, 200, "application/json", JSON.writeValueAsString(Map.of("items", items)));
        return;
      }
      if (method.equals("GET") && path.equals("/_local/sent")) {
        LocalReplies.send(exchange, 200, "application/json", mailbox.get());
        return;
      }
      if (method.equals("GET") && path.equals("/_local/metrics")) {
        LocalReplies.send(exchange, 200, "application/json", metrics.json());
        return;
      }
      if (method.equals("GET") && path.equals("/_local/health")) {
        boolean up = healthy.getAsBoolean();
        var health = (ObjectNode) JSON.readTree(faults.get());
        health.put("status", up ? "UP" : "DOWN");
        LocalReplies.send(
            exchange, up ? 200 : 503, "application/json", JSON.writeValueAsString(health));
        return;
      }
      if (method.equals("POST") && path.startsWith("/_local/") && !path.equals("/_local/token")) {
        localOnly(exchange, path);
        return;
      }
      Optional<RouteTable.Match> match = routes.match(method, path);
      if (match.isEmpty()) {
        LocalReplies.send(
            exchange,
            404,
            "application/problem+json",
            LocalReplies.problem(404, "not_found", "no route " + method + " " + path));
        return;
      }
      RouteDefinition route = match.get().route();
      VerifiedCaller caller = null;
      if (route.access() == RouteDefinition.Access.JWT) {
        Optional<VerifiedCaller> verified = LocalReplies.bearer(exchange).flatMap(auth::check);
        if (verified.isEmpty()) {
          LocalReplies.send(
              exchange,
              401,
              "application/problem+json",
              LocalReplies.problem(401, "unauthorized", "a valid bearer token is required"));
          return;
        }
        caller = verified.get();
      }
      APIGatewayV2HTTPResponse response =
          handler.handleRequest(ApiGatewayEvents.of(exchange, match.get(), body, caller), null);
      String type =
          Optional.ofNullable(response.getHeaders()).map(h -> h.get("content-type")).orElse(null);
      Map<String, String> headers =
          response.getHeaders() == null ? Map.of() : response.getHeaders();
      headers.forEach(
          (k, v) -> {
            if (!k.equalsIgnoreCase("content-type")) {
              exchange.getResponseHeaders().add(k, v);
            }
          });
      LocalReplies.send(
          exchange,
          response.getStatusCode(),
          type,
          response.getBody() == null ? "" : response.getBody());
    } catch (RuntimeException e) {
      e.printStackTrace();
      LocalReplies.send(
          exchange,
          500,
          "application/problem+json",
          "{\"type\":\"about:blank\",\"title\":\"Internal Server Error\",\"status\":500}");
    }
  }

  /**
   * POST /_local/schedules/{name}/run runs a job now and answers its report; POST
   * /_local/payments/{paymentNo}/{SUCCEEDED|FAILED|REFUNDED|REFUND_FAILED} makes the local provider
   * send that webhook now (for FAIRSLOT_LOCAL_PAYMENTS=manual).
   */
  private void localOnly(HttpExchange exchange, String path) throws IOException {
    String[] parts = path.split("/");
    if (parts.length == 5 && parts[2].equals("schedules") && parts[4].equals("run")) {
      Optional<Map<String, Object>> report = scheduler.runNow(parts[3]);
      if (report.isPresent()) {
        LocalReplies.send(exchange, 200, "application/json", JSON.writeValueAsString(report.get()));
      } else {
        LocalReplies.send(
            exchange,
            404,
            "application/problem+json",
            LocalReplies.problem(404, "not_found", "no schedule " + parts[3]));
      }
      return;
    }
    if (parts.length == 5
        && parts[2].equals("payments")
        && Set.of("SUCCEEDED", "FAILED", "REFUNDED", "REFUND_FAILED").contains(parts[4])) {
      boolean known = payments.report(parts[3], parts[4]);
      LocalReplies.send(
          exchange,
          known ? 200 : 404,
          known ? "application/json" : "application/problem+json",
          known
              ? "{\"sent\":\"" + parts[4] + "\"}"
              : LocalReplies.problem(404, "not_found", "the provider has no payment " + parts[3]));
      return;
    }
    LocalReplies.send(
        exchange,
        404,
        "application/problem+json",
        LocalReplies.problem(404, "not_found", "no local route " + path));
  }

  private void issueToken(HttpExchange exchange, String body) throws IOException {
    JsonNode request;
    try {
      request = JSON.readTree(body);
    } catch (IOException e) {
      request = null;
    }
    if (request == null
        || !request.path("sub").isTextual()
        || request.path("sub").asText().isBlank()) {
      LocalReplies.send(
          exchange,
          422,
          "application/problem+json",
          LocalReplies.problem(422, "invalid_request", "sub is required"));
      return;
    }
    List<String> groups = new ArrayList<>();
    request.path("groups").forEach(g -> groups.add(g.asText()));
    String token = auth.jwt().sign(request.get("sub").asText(), groups, Duration.ofHours(12));
    LocalReplies.send(exchange, 200, "application/json", "{\"token\":\"" + token + "\"}");
  }
}
