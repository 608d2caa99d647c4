package fairslot.member.app;

import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.kernel.Unavailable;
import fairslot.member.app.MemberProfileStore.Proof;
import fairslot.member.domain.Channel;
import fairslot.member.domain.CodeMessages;
import fairslot.member.domain.ContactCode;
import fairslot.member.domain.CustomerProfile;
import fairslot.member.domain.MemberProfile;
import fairslot.member.domain.Phone;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Proving a phone or an e-mail (v1.2 "Verified contact points"): a code goes to the address, and
 * only its confirmation makes the address the member's. A confirmed phone takes the phone's walk-in
 * bookings with it, from whoever proved it before. No answer tells whether an address is someone
 * else's.
 */
public final class ContactVerification {
  private static final int MAX_ROUNDS = 6;

  private final MemberProfileStore profiles;
  private final CustomerProfileStore walkIns;
  private final ContactCodeStore codes;
  private final ContactCodeSender sender;
  private final Clock clock;
  private final RandomGenerator random;

  public ContactVerification(
      MemberProfileStore profiles,
      CustomerProfileStore walkIns,
      ContactCodeStore codes,
      ContactCodeSender sender,
      Clock clock,
      RandomGenerator random) {
    this.profiles = profiles;
    this.walkIns = walkIns;
    this.codes = codes;
    this.sender = sender;
    this.clock = clock;
    this.random = random;
  }

  /** A code is on its way: it works until {@code expiresAt}. */
  public record Sent(Channel channel, Instant expiresAt) {}

  /** Sends a new code to {@code target} (a canonical phone for SMS, an address for EMAIL). */
  public Outcome<Sent> send(String userId, Channel channel, String typed) {
    // the address as every limit and lookup sees it: one mailbox, one counter
    String target = channel == Channel.EMAIL ? MemberProfile.normalEmail(typed) : typed;
    Instant now = clock.instant();
    String code = String.format("%06d", random.nextInt(1_000_000));
    byte[] salt = new byte[16];
    random.nextBytes(salt);
    ContactCode issued =
        ContactCode.issue(userId, channel, target, code, HexFormat.of().formatHex(salt), now);
    if (codes.issue(issued, now) == ContactCodeStore.IssueResult.RATE_LIMITED) {
      return Outcome.refused(
          Refusal.RATE_LIMITED,
          "too many codes were sent this hour; try again later",
          Map.of("retryAfterSeconds", secondsToNextHour(now)));
    }
    try {
      sender.send(channel, target, CodeMessages.render(profiles.profile(userId).locale(), code));
    } catch (RuntimeException refused) {
      throw new Unavailable("the code could not be sent", refused);
    }
    return Outcome.done(new Sent(channel, issued.expiresAt()));
  }

  /** The member's pending code on {@code channel}, tried against {@code guess}. */
  public Outcome<MemberProfile> confirm(String userId, Channel channel, String guess) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Instant now = clock.instant();
      Optional<ContactCode> pending = codes.pending(userId, channel);
      if (pending.isEmpty()) {
        return Outcome.refused(Refusal.CODE_EXPIRED, "no code is pending: ask for a new one");
      }
      ContactCode code = pending.get();
      switch (code.judge(guess, now)) {
        case EXPIRED:
          return Outcome.refused(Refusal.CODE_EXPIRED, "the code has expired: ask for a new one");
        case EXHAUSTED:
          return Outcome.refused(
              Refusal.RATE_LIMITED, "too many wrong codes: ask for a new one", Map.of());
        case WRONG:
          if (codes.miss(code)) {
            return Outcome.refused(
                Refusal.INVALID_CODE,
                "that is not the code",
                Map.of("triesLeft", code.missed().triesLeft()));
          }
          continue; // a guess or a new code raced this one: judge again
        case RIGHT:
        default:
          Optional<MemberProfile> made = confirmed(userId, code);
          if (made.isPresent()) {
            return Outcome.done(made.get());
          }
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the profile is busy; try again");
  }

  /**
   * A phone WeChat verified for the member ({@code POST /me/phone/wechat}, v1.3): confirmed as a
   * typed SMS code would confirm it, with the same claim, walk-in link and giving up.
   */
  public Outcome<MemberProfile> confirmByWechat(String userId, Phone phone) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Optional<MemberProfile> made = phoneConfirmed(userId, phone, new Proof.ByWechat());
      if (made.isPresent()) {
        return Outcome.done(made.get());
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the profile is busy; try again");
  }

  private Optional<MemberProfile> confirmed(String userId, ContactCode code) {
    if (code.channel() == Channel.EMAIL) {
      MemberProfile seen = profiles.profile(userId);
      MemberProfile next = seen.emailConfirmed(code.target()).nextVersion();
      var confirmation =
          new MemberProfileStore.Confirmation(
              seen,
              next,
              new Proof.Typed(code),
              Optional.empty(),
              Optional.empty(),
              Optional.empty());
      return saved(confirmation);
    }
    return phoneConfirmed(userId, new Phone(code.target()), new Proof.Typed(code));
  }

  private Optional<MemberProfile> phoneConfirmed(String userId, Phone phone, Proof proof) {
    MemberProfile seen = profiles.profile(userId);
    Optional<String> holder = profiles.accountOf(phone);
    Optional<MemberProfile> former =
        holder
            .filter(h -> !h.equals(userId))
            .map(profiles::profile)
            .filter(p -> p.phone().equals(Optional.of(phone)));
    Optional<CustomerProfile> walkIn = walkIns.findByPhone(phone);
    MemberProfile next =
        seen.phoneConfirmed(phone, walkIn.map(CustomerProfile::customerId)).nextVersion();
    return saved(new MemberProfileStore.Confirmation(seen, next, proof, holder, former, walkIn));
  }

  private Optional<MemberProfile> saved(MemberProfileStore.Confirmation confirmation) {
    return profiles.confirm(confirmation) == MemberProfileStore.SaveResult.SAVED
        ? Optional.of(confirmation.next())
        : Optional.empty();
  }

  private static long secondsToNextHour(Instant now) {
    return 3600 - Math.floorMod(now.getEpochSecond(), 3600);
  }
}
