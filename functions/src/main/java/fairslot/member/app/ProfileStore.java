package fairslot.member.app;

import fairslot.member.domain.CustomerProfile;
import fairslot.member.domain.Phone;
import java.util.Optional;

/** Port: walk-in customer profiles, one per normalized phone number. */
public interface ProfileStore {

  /**
   * Creates {@code candidate} unless its phone already has a profile; either way, the phone's
   * profile.
   */
  CustomerProfile findOrCreate(CustomerProfile candidate);

  Optional<CustomerProfile> findByPhone(Phone phone);
}
