package fairslot.member.app;

import fairslot.member.domain.Channel;
import fairslot.member.domain.ContactCode;
import fairslot.member.domain.CustomerProfile;
import fairslot.member.domain.MemberProfile;
import fairslot.member.domain.Phone;
import java.util.Optional;

/**
 * Port: members' profiles, and which member proved each phone (at most one: {@code
 * PHONE#<phone>/ACCOUNT}, the claim, exists only for a verified phone).
 */
public interface MemberProfileStore {

  /** The member's profile; blank (version 0) if never written. */
  MemberProfile profile(String userId);

  /**
   * Writes {@code next} on condition the profile is still {@code seen}. A verified phone of {@code
   * seen} that {@code next} no longer holds is given up in the same transaction: its claim, its
   * walk-in's link and the link's pointer go.
   */
  SaveResult save(MemberProfile seen, MemberProfile next);

  /**
   * Consumes the proof's code, if it has one (on condition it is still as read), and writes the
   * confirmed profile, in one transaction. For a phone: the claim moves to the member from {@code
   * holder} (whoever held it as read, whose profile {@code former} loses it), the phone's walk-in
   * (as read, or none) is linked to the member, and a verified phone the member held before is
   * given up. MOVED when any of it changed since it was read.
   */
  SaveResult confirm(Confirmation confirmation);

  /**
   * What a confirmation read and decided. {@code former} is the holder's profile (present when
   * another member held the phone), {@code walkIn} the phone's walk-in profile as read.
   */
  record Confirmation(
      MemberProfile seen,
      MemberProfile next,
      Proof proof,
      Optional<String> holder,
      Optional<MemberProfile> former,
      Optional<CustomerProfile> walkIn) {}

  /** How the member proved the address: a code they were sent, or WeChat's word for the phone. */
  sealed interface Proof {
    /** The channel proved: SMS for a phone, EMAIL for an address. */
    Channel channel();

    /** The code sent to the address, consumed in the confirmation's transaction. */
    record Typed(ContactCode code) implements Proof {
      @Override
      public Channel channel() {
        return code.channel();
      }
    }

    /** A phone WeChat verified ({@code getuserphonenumber}, v1.3): there is no code to consume. */
    record ByWechat() implements Proof {
      @Override
      public Channel channel() {
        return Channel.SMS;
      }
    }
  }

  /** The account a desk walk-in's bookings are linked to, if they are. */
  Optional<String> linkedAccount(String customerId);

  /** The member who proved {@code phone}, if one did. */
  Optional<String> accountOf(Phone phone);

  enum SaveResult {
    SAVED,
    /** Something read was written since: read again. */
    MOVED
  }
}
