package fairslot.handler.http;

import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import java.util.Map;
import java.util.function.Function;

/**
 * One area of the HTTP contract: its route keys and what each does. Who may call a route is not
 * here: the shared route definitions declare it, and {@code HttpApi} checks it before dispatching.
 */
public interface Endpoints {
  Map<String, Function<HttpRequest, HttpResponse>> byRouteKey();
}
