package fairslot.memory;

import fairslot.member.app.MemberProfileStore;
import fairslot.member.domain.MemberProfile;
import fairslot.member.domain.Phone;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * In-memory {@link MemberProfileStore}: the same conditions as the DynamoDB one, under one lock.
 * Codes consumed by a confirmation are the {@link MemoryContactCodeStore}'s it was given.
 */
public final class MemoryMemberProfileStore implements MemberProfileStore {
  private final Map<String, MemberProfile> profiles = new HashMap<>();
  private final Map<String, String> phoneHolders = new HashMap<>();
  private final MemoryContactCodeStore codes;

  /** Walk-in customer id to the account it is linked to. */
  private final Map<String, String> links = new HashMap<>();

  public MemoryMemberProfileStore(MemoryContactCodeStore codes) {
    this.codes = codes;
  }

  public MemoryMemberProfileStore() {
    this(new MemoryContactCodeStore());
  }

  @Override
  public synchronized MemberProfile profile(String userId) {
    return profiles.getOrDefault(userId, MemberProfile.blank(userId));
  }

  @Override
  public synchronized SaveResult save(MemberProfile seen, MemberProfile next) {
    if (profile(seen.userId()).version() != seen.version()) {
      return SaveResult.MOVED;
    }
    giveUp(seen, next);
    profiles.put(next.userId(), next);
    return SaveResult.SAVED;
  }

  @Override
  public synchronized SaveResult confirm(Confirmation c) {
    boolean codeGone =
        c.proof() instanceof MemberProfileStore.Proof.Typed typed && !codes.isPending(typed.code());
    if (profile(c.seen().userId()).version() != c.seen().version() || codeGone) {
      return SaveResult.MOVED;
    }
    if (c.proof().channel() == fairslot.member.domain.Channel.SMS) {
      String phone = c.next().phone().orElseThrow().value();
      if (!Optional.ofNullable(phoneHolders.get(phone)).equals(c.holder())
          || c.former().isPresent()
              && profile(c.former().get().userId()).version() != c.former().get().version()) {
        return SaveResult.MOVED;
      }
      phoneHolders.put(phone, c.next().userId());
      c.former().ifPresent(f -> profiles.put(f.userId(), f.phoneLost().nextVersion()));
      c.walkIn().ifPresent(w -> links.put(w.customerId(), c.next().userId()));
    }
    giveUp(c.seen(), c.next());
    if (c.proof() instanceof MemberProfileStore.Proof.Typed typed) {
      codes.consume(typed.code());
    }
    profiles.put(c.next().userId(), c.next());
    return SaveResult.SAVED;
  }

  private void giveUp(MemberProfile seen, MemberProfile next) {
    if (seen.phoneVerified() && !seen.phone().equals(next.phone())) {
      phoneHolders.remove(seen.phone().get().value(), seen.userId());
      seen.linkedCustomers().forEach(c -> links.remove(c, seen.userId()));
    }
  }

  @Override
  public synchronized Optional<String> linkedAccount(String customerId) {
    return Optional.ofNullable(links.get(customerId));
  }

  @Override
  public synchronized Optional<String> accountOf(Phone phone) {
    return Optional.ofNullable(phoneHolders.get(phone.value()));
  }
}
