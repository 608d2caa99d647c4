package fairslot.member.app;

import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.domain.Channel;
import fairslot.member.domain.MemberProfile;
import fairslot.member.domain.Phone;
import java.util.Optional;
import java.util.Set;

/**
 * A member's own profile: read it, and change what they name (v1.1 "Members and notifications"). A
 * changed e-mail or phone is stored unverified (v1.2): it receives nothing and links nothing until
 * {@link ContactVerification} confirms it.
 */
public final class ProfileService {
  private static final int MAX_ROUNDS = 6;

  private final MemberProfileStore profiles;

  public ProfileService(MemberProfileStore profiles) {
    this.profiles = profiles;
  }

  /**
   * The fields a PUT names (an outer empty: keep; an inner empty: clear). Each is checked by the
   * profile it makes.
   */
  public record ProfileChange(
      Optional<Optional<String>> name,
      Optional<Optional<String>> email,
      Optional<Optional<Phone>> phone,
      Optional<Set<Channel>> channels,
      Optional<String> locale) {

    /** Throws IllegalArgumentException for a profile out of the contract's bounds. */
    public MemberProfile applyTo(MemberProfile p) {
      return p.changed(
          name.orElse(p.name()),
          email.orElse(p.email()),
          phone.orElse(p.phone()),
          channels.orElse(p.channels()),
          locale.orElse(p.locale()));
    }
  }

  public MemberProfile profile(String userId) {
    return profiles.profile(userId);
  }

  /**
   * Never tells whether a phone belongs to someone else: a phone is only stored here, and proved
   * (and taken from a former holder) by its code.
   */
  public Outcome<MemberProfile> update(String userId, ProfileChange change) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      MemberProfile seen = profiles.profile(userId);
      MemberProfile next;
      try {
        next = change.applyTo(seen);
      } catch (IllegalArgumentException e) {
        // Judged against the profile as stored: a channel needs its address, there or here.
        return Outcome.refused(Refusal.INVALID_REQUEST, e.getMessage());
      }
      if (next.equals(seen.nextVersion())) {
        return Outcome.done(seen); // nothing changes: a repeated PUT writes nothing
      }
      if (profiles.save(seen, next) == MemberProfileStore.SaveResult.SAVED) {
        return Outcome.done(next);
      }
      // moved: read again
    }
    return Outcome.refused(Refusal.THROTTLED, "the profile is busy; try again");
  }
}
