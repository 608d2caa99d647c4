package fairslot.handler.internal;

import fairslot.definitions.Fairslot;
import fairslot.definitions.Role;
import fairslot.definitions.RouteDefinition;
import fairslot.definitions.VenueScope;
import fairslot.kernel.Refusal;
import fairslot.staff.app.StaffAccess;
import fairslot.staff.domain.VenueAccess;
import fairslot.staff.domain.VenueRole;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

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

    Optional<String> passVenue(String passId);

    /** An exception found but naming no venue is the platform's: {@code Optional.of("")}. */
    Optional<String> exceptionVenue(String exceptionId);

    Optional<String> notificationVenue(String notificationId);

    /** The venue of the booking a check-in ticket names; empty unless the ticket verifies. */
    Optional<String> ticketVenue(String ticket);
  }

  /** What a request touches, for the venue check. */
  public sealed interface Target {
    record AtVenue(String venueId) implements Target {}

    /** An id that names nothing the gate can place: 404, never let through. */
    record Unknown() implements Target {}

    /** The whole platform: the global groups only. */
    record Platform() implements Target {}

    /** A list: the endpoint shows the caller's venues only. */
    record Mine() implements Target {}
  }

  public enum Decision {
    ALLOW,
    FORBID,
    /** Nothing of that id: answered 404 before the endpoint runs. */
    NOT_FOUND
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
    if (target instanceof Target.Unknown) {
      return Decision.NOT_FOUND;
    }
    return target instanceof Target.Platform ? Decision.FORBID : Decision.ALLOW;
  }

  /**
   * A list limited to the caller's venues, by the roles of the request's own route: the global
   * groups see everything; an item of no known venue is shown to the global groups only.
   */
  public <T> List<T> limit(
      HttpRequest request, List<T> items, Function<T, Optional<String>> venueOf) {
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

  private static final Map<String, List<Role>> ROUTE_ROLES =
      Fairslot.ROUTES.stream()
          .collect(Collectors.toMap(RouteDefinition::routeKey, RouteDefinition::roles));

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

  private boolean reaches(Caller caller, List<Role> roles, Supplier<Optional<String>> venue) {
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
        ? new VenueAccess(everywhere, Map.of())
        : access.of(caller.userId(), everywhere);
  }

  /**
   * The venue of what the request touches, read from the values parsed once at the root (the same
   * ones the endpoint acts on). A required id that is missing is the request's fault (422); one
   * that names nothing is {@link Target.Unknown}.
   */
  Target target(VenueScope scope, HttpRequest request) {
    return switch (scope) {
      case NONE, LIST -> new Target.Mine();
      case PLATFORM -> new Target.Platform();
      case PATH_VENUE -> at(Optional.of(request.path("venueId")));
      case PATH_SLOT -> at(lookups.slotVenue(request.path("slotId")));
      case PATH_BOOKING -> at(lookups.bookingVenue(request.path("bookingId")));
      case PATH_PASS -> at(lookups.passVenue(request.path("passId")));
      case PATH_EXCEPTION ->
          lookups
              .exceptionVenue(request.path("exceptionId"))
              .<Target>map(v -> v.isEmpty() ? new Target.Platform() : new Target.AtVenue(v))
              .orElse(new Target.Unknown());
      case PATH_NOTIFICATION -> at(lookups.notificationVenue(request.path("notificationId")));
      case BODY_VENUE -> at(Optional.of(bodyId(request, "venueId")));
      case BODY_SLOT -> {
        Optional<String> slot = request.jsonOrEmpty().optionalText("slotId");
        if (slot.isEmpty() && request.routeKey().startsWith("POST /admin/")) {
          yield new Target.Platform(); // reconcile of every slot, or of one member's: platform-wide
        }
        yield at(lookups.slotVenue(bodyId(request, "slotId")));
      }
      case BODY_RESOURCE -> at(lookups.resourceVenue(bodyId(request, "resourceId")));
      case BODY_PLAN -> at(lookups.planVenue(bodyId(request, "planId")));
      case BODY_TICKET -> ticketTarget(request);
      case QUERY_VENUE ->
          request.queryParam("venueId").<Target>map(Target.AtVenue::new).orElse(new Target.Mine());
      case AUDIT_SUBJECT -> auditTarget(request);
    };
  }

  private static String bodyId(HttpRequest request, String field) {
    return request.json().text(field);
  }

  /** A ticket that does not verify names no venue: the same 401 the endpoint would give. */
  private Target ticketTarget(HttpRequest request) {
    String ticket = request.json().longText("ticket", Tickets.MAX_LENGTH);
    return lookups
        .ticketVenue(ticket)
        .<Target>map(Target.AtVenue::new)
        .orElseThrow(
            () ->
                new InvalidInput(
                    Refusal.INVALID_TICKET,
                    401,
                    "not a ticket of this venue's: forged, altered or expired"));
  }

  private Target auditTarget(HttpRequest request) {
    List<String> given =
        AUDIT_SUBJECTS.stream().filter(q -> request.queryParam(q).isPresent()).toList();
    if (given.size() != 1) {
      throw InvalidInput.unprocessable(
          "give exactly one of bookingId, slotId, venueId or resourceId");
    }
    String id = request.queryParam(given.get(0)).orElseThrow();
    return switch (given.get(0)) {
      case "bookingId" -> at(lookups.bookingVenue(id));
      case "slotId" -> at(lookups.slotVenue(id));
      case "resourceId" -> at(lookups.resourceVenue(id));
      default -> new Target.AtVenue(id);
    };
  }

  private static final List<String> AUDIT_SUBJECTS =
      List.of("bookingId", "slotId", "venueId", "resourceId");

  private static Target at(Optional<String> venue) {
    return venue.<Target>map(Target.AtVenue::new).orElse(new Target.Unknown());
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
