package fairslot.app;

import fairslot.domain.Channel;
import fairslot.domain.MemberProfile;
import fairslot.domain.Outcome;
import fairslot.domain.Phone;
import fairslot.domain.Refusal;
import java.util.Optional;
import java.util.Set;

/**
 * A member's own profile: read it, and change what they name (v1.1 "Members and notifications").
 */
public final class ProfileService {
  private static final int MAX_ROUNDS = 6;

  private final MemberProfileStore profiles;
  private final ProfileStore walkIns;

  public ProfileService(MemberProfileStore profiles, ProfileStore walkIns) {
    this.profiles = profiles;
    this.walkIns = walkIns;
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
      return new MemberProfile(
          p.userId(),
          name.orElse(p.name()),
          email.orElse(p.email()),
          phone.orElse(p.phone()),
          channels.orElse(p.channels()),
          locale.orElse(p.locale()),
          p.version() + 1,
          p.linkedCustomers());
    }
  }

  /**
   * A phone newly claimed that a desk walk-in profile carries links that profile's bookings to the
   * member, in the claim's transaction, unless another account got them first (the link is made
   * once: a phone given up later does not take the bookings along).
   */
  private MemberProfile withWalkInLinked(MemberProfile seen, MemberProfile next) {
    if (next.phone().isEmpty() || next.phone().equals(seen.phone())) {
      return next;
    }
    return walkIns
        .findByPhone(next.phone().get())
        .filter(w -> w.linkedUserId().isEmpty())
        .filter(w -> !next.linkedCustomers().contains(w.customerId()))
        .map(w -> next.linking(w.customerId()))
        .orElse(next);
  }

  public MemberProfile profile(String userId) {
    return profiles.profile(userId);
  }

  /** 409 phone_taken when another account holds the phone; the profile is then unchanged. */
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
      if (next.equals(
          new MemberProfile(
              seen.userId(),
              seen.name(),
              seen.email(),
              seen.phone(),
              seen.channels(),
              seen.locale(),
              seen.version() + 1,
              seen.linkedCustomers()))) {
        return Outcome.done(seen); // nothing changes: a repeated PUT writes nothing
      }
      next = withWalkInLinked(seen, next);
      switch (profiles.save(seen, next)) {
        case SAVED:
          return Outcome.done(next);
        case PHONE_TAKEN:
          return Outcome.refused(
              Refusal.PHONE_TAKEN, "this phone number belongs to another account");
        default:
          break; // moved: read again
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the profile is busy; try again");
  }
}
