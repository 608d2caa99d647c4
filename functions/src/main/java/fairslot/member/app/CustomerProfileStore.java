package fairslot.member.app;

import fairslot.member.domain.CustomerProfile;
import fairslot.member.domain.Phone;
import java.util.Optional;

/**
 * Port: the desk's walk-in customers, one profile per normalized phone number (a customer need not
 * be a member; a member who verifies that phone is linked to it through {@link
 * MemberProfileStore}).
 */
public interface CustomerProfileStore {

  /**
   * Creates {@code candidate} unless its phone already has a profile; either way, the phone's
   * profile.
   */
  CustomerProfile findOrCreate(CustomerProfile candidate);

  Optional<CustomerProfile> findByPhone(Phone phone);
}
