package fairslot.app.memory;

import fairslot.app.MemberProfileStore;
import fairslot.domain.MemberProfile;
import java.util.HashMap;
import java.util.Map;

/**
 * In-memory {@link MemberProfileStore}: the same conditions as the DynamoDB one, under one lock.
 */
public final class MemoryMemberProfileStore implements MemberProfileStore {
  private final Map<String, MemberProfile> profiles = new HashMap<>();
  private final Map<String, String> phoneHolders = new HashMap<>();

  /** Walk-in customer id to the account it was linked to, once. */
  private final Map<String, String> links = new HashMap<>();

  @Override
  public synchronized MemberProfile profile(String userId) {
    return profiles.getOrDefault(userId, MemberProfile.blank(userId));
  }

  @Override
  public synchronized SaveResult save(MemberProfile seen, MemberProfile next) {
    if (profile(seen.userId()).version() != seen.version()) {
      return SaveResult.MOVED;
    }
    if (next.phone().isPresent()) {
      String holder = phoneHolders.get(next.phone().get().value());
      if (holder != null && !holder.equals(next.userId())) {
        return SaveResult.PHONE_TAKEN;
      }
    }
    for (String customerId : next.linkedCustomers()) {
      if (!seen.linkedCustomers().contains(customerId) && links.containsKey(customerId)) {
        return SaveResult.MOVED;
      }
    }
    next.linkedCustomers().forEach(c -> links.putIfAbsent(c, next.userId()));
    seen.phone().ifPresent(p -> phoneHolders.remove(p.value(), seen.userId()));
    next.phone().ifPresent(p -> phoneHolders.put(p.value(), next.userId()));
    profiles.put(next.userId(), next);
    return SaveResult.SAVED;
  }

  @Override
  public synchronized java.util.Optional<String> linkedAccount(String customerId) {
    return java.util.Optional.ofNullable(links.get(customerId));
  }

  @Override
  public synchronized java.util.Optional<String> accountOf(fairslot.domain.Phone phone) {
    return java.util.Optional.ofNullable(phoneHolders.get(phone.value()));
  }
}
