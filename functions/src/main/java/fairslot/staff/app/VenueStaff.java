package fairslot.staff.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.staff.domain.StaffGrant;
import fairslot.staff.domain.VenueAccess;
import fairslot.staff.domain.VenueRole;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Staff administration: the platform admin or a venue's admin grants and revokes roles at that
 * venue. Who may call is the route's business (an admin at the path's venue); what is granted, and
 * to whom, is checked here. Each change is one conditional write with its audit record.
 */
public final class VenueStaff {
  /** Re-reads when another admin's edit of the same grant landed between our read and write. */
  private static final int ATTEMPTS = 4;

  private final StaffStore store;
  private final CatalogStore catalog;
  private final StaffAccess access;
  private final Clock clock;

  public VenueStaff(StaffStore store, CatalogStore catalog, StaffAccess access, Clock clock) {
    this.store = store;
    this.catalog = catalog;
    this.access = access;
    this.clock = clock;
  }

  /** The roles as the contract spells them, each known, at least one; else a 422. */
  public static Outcome<Set<VenueRole>> roles(List<String> wire) {
    if (wire.isEmpty()) {
      return Outcome.refused(
          Refusal.INVALID_REQUEST, "roles must name at least one role; DELETE revokes them all");
    }
    Set<VenueRole> roles = EnumSet.noneOf(VenueRole.class);
    for (String w : wire) {
      Optional<VenueRole> role = VenueRole.parse(w);
      if (role.isEmpty()) {
        return Outcome.refused(
            Refusal.INVALID_REQUEST,
            "unknown role " + w + "; the roles are admin, frontdesk and finance",
            Map.of("field", "roles"));
      }
      roles.add(role.get());
    }
    return Outcome.done(roles);
  }

  public Outcome<StaffGrant> grant(
      String actor, VenueAccess actorAccess, String venueId, String userId, Set<VenueRole> roles) {
    Optional<Outcome<StaffGrant>> refused = checkTarget(actor, actorAccess, venueId, userId);
    if (refused.isPresent()) {
      return refused.get();
    }
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      var now = clock.instant();
      Optional<StaffGrant> current = store.grant(venueId, userId);
      StaffGrant next =
          current
              .map(g -> g.regranted(roles, actor, now))
              .orElseGet(() -> new StaffGrant(venueId, userId, roles, actor, now, 1));
      if (current.isPresent() && current.get().roles().equals(next.roles())) {
        return Outcome.done(current.get()); // the same roles again: nothing to change
      }
      Change change =
          Change.by(
              actor,
              now,
              "roles "
                  + wire(current.map(StaffGrant::roles).orElse(Set.of()))
                  + " -> "
                  + wire(roles));
      if (store.put(next, current, change)) {
        access.forget(userId);
        return Outcome.done(next);
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the grant is being edited; try again");
  }

  public Outcome<StaffGrant> revoke(
      String actor, VenueAccess actorAccess, String venueId, String userId) {
    Optional<Outcome<StaffGrant>> refused = checkTarget(actor, actorAccess, venueId, userId);
    if (refused.isPresent()) {
      return refused.get();
    }
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Optional<StaffGrant> current = store.grant(venueId, userId);
      if (current.isEmpty()) {
        return Outcome.refused(
            Refusal.NOT_FOUND, "member " + userId + " holds no role at venue " + venueId);
      }
      var change =
          Change.by(actor, clock.instant(), "roles " + wire(current.get().roles()) + " -> none");
      if (store.revoke(current.get(), change)) {
        access.forget(userId);
        return Outcome.done(current.get());
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the grant is being edited; try again");
  }

  public Outcome<List<StaffGrant>> staffAt(String venueId) {
    if (catalog.findVenue(venueId).isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId);
    }
    return Outcome.done(store.grantsAt(venueId));
  }

  /** The venues where a member holds roles, read now (not from the access cache). */
  public List<StaffGrant> venuesOf(String userId) {
    return store.grantsOf(userId);
  }

  /**
   * A venue admin does not edit their own roles (another admin does, or the platform admin), so
   * nobody raises or drops their own standing by accident; the venue must exist.
   */
  private Optional<Outcome<StaffGrant>> checkTarget(
      String actor, VenueAccess actorAccess, String venueId, String userId) {
    boolean platformAdmin = actorAccess.everywhere(List.of(VenueRole.ADMIN));
    if (actor.equals(userId) && !platformAdmin) {
      return Optional.of(
          Outcome.refused(
              Refusal.FORBIDDEN, "a venue admin cannot change their own roles; ask another admin"));
    }
    if (catalog.findVenue(venueId).isEmpty()) {
      return Optional.of(Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId));
    }
    return Optional.empty();
  }

  private static String wire(Set<VenueRole> roles) {
    List<String> out = new ArrayList<>();
    for (VenueRole r : EnumSet.allOf(VenueRole.class)) {
      if (roles.contains(r)) {
        out.add(r.wire());
      }
    }
    return out.isEmpty() ? "none" : String.join(",", out);
  }
}
