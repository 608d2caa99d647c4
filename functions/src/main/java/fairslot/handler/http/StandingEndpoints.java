package fairslot.handler.http;

import static fairslot.handler.http.Responses.respond;

import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.VenueTime;
import fairslot.member.app.StandingService;
import java.util.List;
import java.util.Set;

/** A member's standing under a venue's no-show rule, and the desk's pardon (v1.1). */
public final class StandingEndpoints implements Endpoints {
  private static final Set<String> PARDON_FIELDS = Set.of("venueId");

  private final StandingService standing;

  public StandingEndpoints(StandingService standing) {
    this.standing = standing;
  }

  /** {@code suspendedUntil} is null when the member may book. */
  public record StandingView(
      String venueId, int strikes, String suspendedUntil, NoShowRuleView noShowPolicy) {
    static StandingView of(StandingService.Standing s) {
      var zone = s.venue().timeZone();
      return new StandingView(
          s.venue().venueId(),
          s.strikes(),
          s.suspendedUntil().map(u -> VenueTime.show(u, zone)).orElse(null),
          s.rule()
              .map(
                  r ->
                      new NoShowRuleView(
                          r.strikes(), r.window().toString(), r.suspension().toString()))
              .orElse(null));
    }
  }

  /** The venue's rule, so a member sees how many strikes suspend and for how long. */
  public record NoShowRuleView(int strikes, String window, String suspension) {}

  @Override
  public List<String> routeKeys() {
    return List.of("GET /me/standing", "POST /staff/members/{userId}/pardon");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "GET /me/standing" -> mine(request);
      case "POST /staff/members/{userId}/pardon" -> pardon(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse mine(HttpRequest request) {
    return respond(
        standing.of(request.requireCaller().userId(), request.requiredQuery("venueId")),
        200,
        StandingView::of);
  }

  private HttpResponse pardon(HttpRequest request) {
    RequestBody body = request.json().onlyFields("pardon", PARDON_FIELDS);
    return respond(
        standing.pardon(
            request.requireCaller().userId(), request.path("userId"), body.text("venueId")),
        200,
        StandingView::of);
  }
}
