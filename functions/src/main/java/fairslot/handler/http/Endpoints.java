package fairslot.handler.http;

import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import java.util.List;

/**
 * One area of the HTTP contract: its route keys and what each does. Who may call a route is not
 * here: functions/openapi.yaml declares it, and {@code HttpApi} checks it before dispatching.
 */
public interface Endpoints {
  /** The route keys this area serves, each as API Gateway writes it ("POST /bookings"). */
  List<String> routeKeys();

  /**
   * Serves {@code routeKey}, one of {@link #routeKeys()}. A switch rather than a map of method
   * references: the JVM makes a class for each method reference the first time it is evaluated, and
   * the HTTP function's init evaluated all 92 (about 0.14 ms each, docs/performance.md). {@code
   * EndpointsTest} holds each area's keys and cases equal.
   */
  HttpResponse handle(String routeKey, HttpRequest request);

  /** A key its area does not serve: a wiring fault, never a caller's. */
  static IllegalStateException notServed(String routeKey) {
    return new IllegalStateException("this area does not serve " + routeKey);
  }
}
