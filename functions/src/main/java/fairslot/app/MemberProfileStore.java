package fairslot.app;

import fairslot.domain.MemberProfile;

/** Port: members' profiles, and which account each phone belongs to (at most one). */
public interface MemberProfileStore {

  /** The member's profile; blank (version 0) if never written. */
  MemberProfile profile(String userId);

  /**
   * Writes {@code next} on condition the profile is still {@code seen}, claiming {@code next}'s
   * phone for the member and giving up {@code seen}'s, in one transaction. A customer id {@code
   * next} links and {@code seen} did not is the walk-in profile of {@code next}'s phone, linked to
   * the member in the same transaction on condition nobody linked it yet (else MOVED).
   */
  SaveResult save(MemberProfile seen, MemberProfile next);

  /** The account a desk walk-in's bookings were linked to, if they were. */
  java.util.Optional<String> linkedAccount(String customerId);

  /** The account that claimed {@code phone}, if one did. */
  java.util.Optional<String> accountOf(fairslot.domain.Phone phone);

  enum SaveResult {
    SAVED,
    /** Another account holds the phone. */
    PHONE_TAKEN,
    /** The profile was written since it was read: read again. */
    MOVED
  }
}
