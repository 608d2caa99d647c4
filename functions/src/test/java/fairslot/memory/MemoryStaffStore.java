package fairslot.memory;

import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.staff.app.StaffStore;
import fairslot.staff.domain.StaffGrant;
import fairslot.staff.domain.VenueRole;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * In-memory {@link StaffStore}: the same version conditions as the DynamoDB one, under one lock.
 */
public final class MemoryStaffStore implements StaffStore {
  private final MemoryTables t;

  public MemoryStaffStore(MemoryTables t) {
    this.t = t;
  }

  @Override
  public Optional<StaffGrant> grant(String venueId, String userId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.staff.getOrDefault(venueId, new HashMap<>()).get(userId));
    }
  }

  @Override
  public List<StaffGrant> grantsAt(String venueId) {
    synchronized (t.lock) {
      List<StaffGrant> out =
          new ArrayList<>(t.staff.getOrDefault(venueId, new HashMap<>()).values());
      out.sort(Comparator.comparing(StaffGrant::userId));
      return out;
    }
  }

  @Override
  public List<StaffGrant> grantsOf(String userId) {
    synchronized (t.lock) {
      List<StaffGrant> out = new ArrayList<>();
      t.staff
          .values()
          .forEach(byUser -> Optional.ofNullable(byUser.get(userId)).ifPresent(out::add));
      out.sort(Comparator.comparing(StaffGrant::venueId));
      return out;
    }
  }

  @Override
  public boolean put(StaffGrant grant, Optional<StaffGrant> replacing, Change change) {
    synchronized (t.lock) {
      var byUser = t.staff.computeIfAbsent(grant.venueId(), v -> new HashMap<>());
      StaffGrant now = byUser.get(grant.userId());
      boolean asRead =
          replacing.isEmpty()
              ? now == null
              : now != null && now.version() == replacing.get().version();
      if (!asRead) {
        return false;
      }
      byUser.put(grant.userId(), grant);
      audit(grant, replacing.map(MemoryStaffStore::roles).orElse("-"), roles(grant), change);
      return true;
    }
  }

  @Override
  public boolean revoke(StaffGrant grant, Change change) {
    synchronized (t.lock) {
      var byUser = t.staff.getOrDefault(grant.venueId(), new HashMap<>());
      StaffGrant now = byUser.get(grant.userId());
      if (now == null || now.version() != grant.version()) {
        return false;
      }
      byUser.remove(grant.userId());
      audit(grant, roles(grant), "-", change);
      return true;
    }
  }

  private void audit(StaffGrant g, String from, String to, Change change) {
    t.venueAudit
        .computeIfAbsent(g.venueId(), v -> new ArrayList<>())
        .add(
            new AuditEntry(
                change.at(), change.actor(), "staff:" + g.userId(), from, to, change.reason()));
  }

  private static String roles(StaffGrant g) {
    return g.roles().stream().sorted().map(VenueRole::wire).collect(Collectors.joining(","));
  }
}
