package fairslot.staff.app;

import fairslot.kernel.Change;
import fairslot.staff.domain.StaffGrant;
import java.util.List;
import java.util.Optional;

/** The venue roles granted to members: one grant per venue and member. */
public interface StaffStore {
  Optional<StaffGrant> grant(String venueId, String userId);

  /** Every grant at a venue, by member. */
  List<StaffGrant> grantsAt(String venueId);

  /** Every grant a member holds, by venue: one read, what an access check costs. */
  List<StaffGrant> grantsOf(String userId);

  /**
   * Writes {@code grant} with its audit record, on condition the stored grant is still {@code
   * replacing} (none, or the one read at its version). False when it moved under us.
   */
  boolean put(StaffGrant grant, Optional<StaffGrant> replacing, Change change);

  /** Deletes the grant as read, with its audit record. False when it moved or is gone. */
  boolean revoke(StaffGrant grant, Change change);
}
