package fairslot.member.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.ProfileService.ProfileChange;
import fairslot.member.domain.Channel;
import fairslot.member.domain.Phone;
import fairslot.memory.MemoryMemberProfileStore;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** ProfileService's rules on the in-memory store. */
class ProfileServiceTest {
  private final ProfileService profiles = new ProfileService(new MemoryMemberProfileStore());

  private static ProfileChange phone(String number) {
    return new ProfileChange(
        Optional.empty(),
        Optional.empty(),
        Optional.of(Phone.parse(number)),
        Optional.empty(),
        Optional.empty());
  }

  private static Refusal refusal(Outcome<?> outcome) {
    assertThat(outcome).isInstanceOf(Outcome.Refused.class);
    return ((Outcome.Refused<?>) outcome).refusal();
  }

  @Test
  void aTypedPhoneIsStoredUnverifiedWhoeverElseTypedItAndNothingIsRefused() {
    profiles.update("u1", phone("+8613800138000"));

    Outcome<?> second = profiles.update("u2", phone("+8613800138000"));

    assertThat(second).isInstanceOf(Outcome.Done.class);
    assertThat(profiles.profile("u2").phoneVerified()).isFalse();
    assertThat(profiles.profile("u1").phoneVerified()).isFalse();
  }

  @Test
  void aChannelWithoutItsAddressIsRefusedAgainstTheStoredProfile() {
    ProfileChange smsOnly =
        new ProfileChange(
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.of(Set.of(Channel.SMS)),
            Optional.empty());

    Refusal withoutPhone = refusal(profiles.update("u1", smsOnly));
    profiles.update("u1", phone("+8613800138000"));

    assertThat(withoutPhone).isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(profiles.update("u1", smsOnly)).isInstanceOf(Outcome.Done.class);
    assertThat(profiles.profile("u1").channels()).containsExactly(Channel.SMS);
  }
}
