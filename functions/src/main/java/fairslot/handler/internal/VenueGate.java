package fairslot.handler.internal;

import fairslot.definitions.Role;
import fairslot.definitions.VenueScope;
import fairslot.staff.app.StaffAccess;
import fairslot.staff.domain.VenueAccess;
import fairslot.staff.domain.VenueRole;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The venue check of every staff route (API.md v1.2 "Venue staff and fair access"): the token's
 * global groups pass everywhere; a role granted at a venue passes only where the route's {@link
 * VenueScope} finds that venue. Resolving the venue costs a read, and only for a caller with venue
 * roles and no global group.
 */
public final class VenueGate {

  /** Where the things staff act on belong: empty when there is no such thing. */
  public interface Lookups {
    Optional<String> slotVenue(String slotId);

    Optional<String> bookingVenue(String bookingId);

    Optional<String> resourceVenue(String resourceId);

    Optional<String> planVenue(String planId);

    /** An exception found but naming no venue is the platform's: {@code Optional.of("")}. */
    Optional<String> exceptionVenue(String exceptionId);

    Optional<String> notificationVenue(String notificationId);

    /** The venue of the booking a check-in ticket names; empty unless the ticket verifies. */
    Optional<String> ticketVenue(String ticket);
  }

  /** What a request touches, for the venue check. */
  public sealed interface Target {
    record AtVenue(String venueId) implements Target {}

    /** Nothing of that id (or no id at all): the action answers it (404, 422). */
    record Unknown() implements Target {}

    /** The whole platform: the global groups only. */
    record Platform() implements Target {}

    /** A list: the endpoint shows the caller's venues only. */
    record Mine() implements Target {}
  }

  public enum Decision {
    ALLOW,
    FORBID
  }

  private final StaffAccess access;
  private final Lookups lookups;

  public VenueGate(StaffAccess access, Lookups lookups) {
    this.access = access;
    this.lookups = lookups;
  }

  /** A gate with no venue roles at all: the global groups only (unit tests, jobs). */
  public static VenueGate globalOnly() {
    return new VenueGate(null, null);
  }

  public Decision decide(Caller caller, List<Role> roles, VenueScope scope, HttpRequest request) {
    if (caller.isAny(roles)) {
      return Decision.ALLOW; // a global group (or a customer route)
    }
    Set<VenueRole> wanted = venueRoles(roles);
    if (access == null || scope == VenueScope.NONE || scope == VenueScope.PLATFORM) {
      return Decision.FORBID;
    }
    VenueAccess mine = accessOf(caller);
    if (!mine.somewhere(wanted)) {
      return Decision.FORBID;
    }
    Target target = target(scope, request);
    if (target instanceof Target.AtVenue at) {
      return mine.at(at.venueId(), wanted) ? Decision.ALLOW : Decision.FORBID;
    }
    return target instanceof Target.Platform ? Decision.FORBID : Decision.ALLOW;
  }

  /**
   * A list limited to the caller's venues, by the roles of the request's own route: the global
   * groups see everything; an item of no known venue is shown to the global groups only.
   */
  public <T> List<T> limit(
      HttpRequest request,
      List<T> items,
      java.util.function.Function<T, Optional<String>> venueOf) {
    List<Role> roles = ROUTE_ROLES.getOrDefault(request.routeKey(), List.of());
    Optional<Set<String>> venues = venuesFor(request.requireCaller(), roles);
    if (venues.isEmpty()) {
      return items;
    }
    return items.stream()
        .filter(i -> venueOf.apply(i).map(venues.get()::contains).orElse(false))
        .toList();
  }

  /** The venue of a slot, for a list whose items name slots. */
  public Optional<String> slotVenue(String slotId) {
    return lookups == null ? Optional.empty() : lookups.slotVenue(slotId);
  }

  private static final java.util.Map<String, List<Role>> ROUTE_ROLES =
      fairslot.definitions.Fairslot.ROUTES.stream()
          .collect(
              java.util.stream.Collectors.toMap(
                  fairslot.definitions.RouteDefinition::routeKey,
                  fairslot.definitions.RouteDefinition::roles));

  /** The venues a list may show this caller: empty means all of them. */
  public Optional<Set<String>> venuesFor(Caller caller, List<Role> roles) {
    if (caller.isAny(roles)) {
      return Optional.empty();
    }
    if (access == null) {
      return Optional.of(Set.of());
    }
    return accessOf(caller).venuesFor(venueRoles(roles));
  }

  /** The desk's reach on a customer route: the roles globally, or at the booking's venue. */
  public boolean atBookingsVenue(Caller caller, List<Role> roles, String bookingId) {
    return reaches(caller, roles, () -> lookups.bookingVenue(bookingId));
  }

  /** The roles globally, or at {@code venueId}, a venue already known (a signed claim). */
  public boolean atVenue(Caller caller, List<Role> roles, String venueId) {
    return reaches(caller, roles, () -> Optional.of(venueId));
  }

  private boolean reaches(
      Caller caller, List<Role> roles, java.util.function.Supplier<Optional<String>> venue) {
    if (caller.isAny(roles)) {
      return true;
    }
    if (access == null) {
      return false;
    }
    VenueAccess mine = accessOf(caller);
    Set<VenueRole> wanted = venueRoles(roles);
    if (!mine.somewhere(wanted)) {
      return false;
    }
    return venue.get().map(v -> mine.at(v, wanted)).orElse(false);
  }

  public VenueAccess accessOf(Caller caller) {
    Set<VenueRole> everywhere = venueRoles(List.copyOf(globalRoles(caller)));
    return access == null
        ? new VenueAccess(everywhere, java.util.Map.of())
        : access.of(caller.userId(), everywhere);
  }

  Target target(VenueScope scope, HttpRequest request) {
    return switch (scope) {
      case NONE, LIST -> new Target.Mine();
      case PLATFORM -> new Target.Platform();
      case PATH_VENUE -> at(Optional.ofNullable(request.pathParameters().get("venueId")));
      case PATH_SLOT -> at(path(request, "slotId").flatMap(lookups::slotVenue));
      case PATH_BOOKING -> at(path(request, "bookingId").flatMap(lookups::bookingVenue));
      case PATH_EXCEPTION ->
          path(request, "exceptionId")
              .flatMap(lookups::exceptionVenue)
              .<Target>map(v -> v.isEmpty() ? new Target.Platform() : new Target.AtVenue(v))
              .orElse(new Target.Unknown());
      case PATH_NOTIFICATION ->
          at(path(request, "notificationId").flatMap(lookups::notificationVenue));
      case BODY_VENUE -> at(BodyPeek.text(request.body(), "venueId"));
      case BODY_SLOT -> {
        Optional<String> slot = BodyPeek.text(request.body(), "slotId");
        yield slot.isEmpty() && request.routeKey().startsWith("POST /admin/")
            ? new Target.Platform() // reconcile of every slot
            : at(slot.flatMap(lookups::slotVenue));
      }
      case BODY_RESOURCE ->
          at(BodyPeek.text(request.body(), "resourceId").flatMap(lookups::resourceVenue));
      case BODY_PLAN -> at(BodyPeek.text(request.body(), "planId").flatMap(lookups::planVenue));
      // A forged ticket finds no venue: the endpoint answers it (401) before any venue question.
      case BODY_TICKET ->
          at(
              BodyPeek.text(request.body(), "ticket", Tickets.MAX_LENGTH)
                  .flatMap(lookups::ticketVenue));
      case QUERY_VENUE ->
          request.queryParam("venueId").<Target>map(Target.AtVenue::new).orElse(new Target.Mine());
      case AUDIT_SUBJECT -> auditTarget(request);
    };
  }

  private Target auditTarget(HttpRequest request) {
    Optional<String> booking = request.queryParam("bookingId");
    Optional<String> slot = request.queryParam("slotId");
    Optional<String> venue = request.queryParam("venueId");
    Optional<String> resource = request.queryParam("resourceId");
    if (booking.isPresent()) {
      return at(booking.flatMap(lookups::bookingVenue));
    }
    if (slot.isPresent()) {
      return at(slot.flatMap(lookups::slotVenue));
    }
    if (resource.isPresent()) {
      return at(resource.flatMap(lookups::resourceVenue));
    }
    return at(venue);
  }

  private static Target at(Optional<String> venue) {
    return venue.<Target>map(Target.AtVenue::new).orElse(new Target.Unknown());
  }

  private static Optional<String> path(HttpRequest request, String name) {
    String v = request.pathParameters().get(name);
    return v == null || v.isBlank() || v.length() > HttpRequest.MAX_ID
        ? Optional.empty()
        : Optional.of(v);
  }

  private static Set<Role> globalRoles(Caller caller) {
    Set<Role> out = EnumSet.noneOf(Role.class);
    for (Role r : Role.values()) {
      if (r != Role.CUSTOMER && caller.groups().contains(r.group())) {
        out.add(r);
      }
    }
    return out;
  }

  static Set<VenueRole> venueRoles(Collection<Role> roles) {
    Set<VenueRole> out = EnumSet.noneOf(VenueRole.class);
    for (Role r : roles) {
      if (r != Role.CUSTOMER) {
        out.add(VenueRole.valueOf(r.name()));
      }
    }
    return out;
  }
}
