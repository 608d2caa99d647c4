package fairslot.memory;

import fairslot.member.app.CustomerProfileStore;
import fairslot.member.domain.CustomerProfile;
import fairslot.member.domain.Phone;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Walk-in profiles in memory, one per normalized phone (the adapter's put-if-absent). */
public final class MemoryCustomerProfileStore implements CustomerProfileStore {
  private final Map<Phone, CustomerProfile> byPhone = new HashMap<>();

  @Override
  public synchronized CustomerProfile findOrCreate(CustomerProfile candidate) {
    return byPhone.computeIfAbsent(candidate.phone(), p -> candidate);
  }

  @Override
  public synchronized Optional<CustomerProfile> findByPhone(Phone phone) {
    return Optional.ofNullable(byPhone.get(phone));
  }
}
