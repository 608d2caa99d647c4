package fairslot.handler.http;

import static fairslot.handler.http.Responses.noContentUnlessRefused;
import static fairslot.handler.http.Responses.respond;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.handler.internal.Caller;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.handler.internal.VenueGate;
import fairslot.kernel.Outcome;
import fairslot.staff.app.VenueStaff;
import fairslot.staff.domain.StaffGrant;
import fairslot.staff.domain.VenueRole;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Staff administration (v1.2): a venue's roles granted, listed and revoked; a member's venues. */
public final class VenueStaffEndpoints implements Endpoints {
  /** More roles than exist is not a list of roles. */
  private static final int MAX_ROLES = 8;

  private final VenueStaff staff;
  private final VenueGate gate;

  public VenueStaffEndpoints(VenueStaff staff, VenueGate gate) {
    this.staff = staff;
    this.gate = gate;
  }

  /**
   * One member's roles at one venue; {@code grantedAt} in UTC (a grant is no venue-local event).
   */
  public record GrantView(
      String venueId, String userId, List<String> roles, String grantedBy, String grantedAt) {
    static GrantView of(StaffGrant g) {
      return new GrantView(
          g.venueId(), g.userId(), wire(g.roles()), g.grantedBy(), g.grantedAt().toString());
    }
  }

  /** A venue where the caller holds roles. */
  public record MyVenueView(String venueId, List<String> roles) {}

  @Override
  public List<String> routeKeys() {
    return List.of(
        "GET /venues/{venueId}/staff",
        "PUT /venues/{venueId}/staff/{userId}",
        "DELETE /venues/{venueId}/staff/{userId}",
        "GET /me/venues");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "GET /venues/{venueId}/staff" -> list(request);
      case "PUT /venues/{venueId}/staff/{userId}" -> grant(request);
      case "DELETE /venues/{venueId}/staff/{userId}" -> revoke(request);
      case "GET /me/venues" -> mine(request);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse list(HttpRequest request) {
    return respond(
        staff.staffAt(request.path("venueId")),
        200,
        grants -> new ListView<>(grants.stream().map(GrantView::of).toList(), null));
  }

  private HttpResponse grant(HttpRequest request) {
    Caller caller = request.requireCaller();
    RequestBody body = request.json().onlyFields("grant", Set.of("roles"));
    Outcome<StaffGrant> granted =
        VenueStaff.roles(texts(body.tree().path("roles")))
            .then(
                roles ->
                    staff.grant(
                        caller.userId(),
                        gate.accessOf(caller),
                        request.path("venueId"),
                        request.path("userId"),
                        roles));
    return respond(granted, 200, GrantView::of);
  }

  private HttpResponse revoke(HttpRequest request) {
    Caller caller = request.requireCaller();
    return noContentUnlessRefused(
        staff.revoke(
            caller.userId(),
            gate.accessOf(caller),
            request.path("venueId"),
            request.path("userId")));
  }

  private HttpResponse mine(HttpRequest request) {
    List<MyVenueView> items =
        staff.venuesOf(request.requireCaller().userId()).stream()
            .map(g -> new MyVenueView(g.venueId(), wire(g.roles())))
            .toList();
    return HttpResponse.json(200, new ListView<>(items, null));
  }

  private static List<String> texts(JsonNode roles) {
    if (!roles.isArray() || roles.size() > MAX_ROLES) {
      throw InvalidInput.unprocessable(
          "roles must be a list of at most " + MAX_ROLES + " of admin, frontdesk, finance");
    }
    List<String> out = new ArrayList<>();
    for (JsonNode r : roles) {
      if (!r.isTextual()) {
        throw InvalidInput.unprocessable("roles must be strings: admin, frontdesk, finance");
      }
      out.add(r.asText());
    }
    return out;
  }

  private static List<String> wire(Set<VenueRole> roles) {
    return roles.stream().sorted().map(VenueRole::wire).toList();
  }
}
