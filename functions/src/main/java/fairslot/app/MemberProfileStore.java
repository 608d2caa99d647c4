package fairslot.app;

import fairslot.domain.MemberProfile;

/** Port: members' profiles, and which account each phone belongs to (at most one). */
public interface MemberProfileStore {

  /** The member's profile; blank (version 0) if never written. */
  MemberProfile profile(String userId);

  /**
   * Writes {@code next} on condition the profile is still {@code seen}, claiming {@code next}'s
   * phone for the member and giving up {@code seen}'s, in one transaction.
   */
  SaveResult save(MemberProfile seen, MemberProfile next);

  enum SaveResult {
    SAVED,
    /** Another account holds the phone. */
    PHONE_TAKEN,
    /** The profile was written since it was read: read again. */
    MOVED
  }
}
