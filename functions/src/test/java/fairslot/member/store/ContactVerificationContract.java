package fairslot.member.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.ContactCodeStore;
import fairslot.member.app.ContactVerification;
import fairslot.member.app.CustomerProfileStore;
import fairslot.member.app.MemberProfileStore;
import fairslot.member.app.ProfileService;
import fairslot.member.domain.Channel;
import fairslot.member.domain.CustomerProfile;
import fairslot.member.domain.MemberProfile;
import fairslot.member.domain.Phone;
import fairslot.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What proving a phone or an e-mail does, through the ports alone (v1.2 "Verified contact points"):
 * on the in-memory fakes (MemoryContactVerificationTest) and on the DynamoDB adapters against the
 * emulator (DynamoDbContactVerificationIT).
 */
public abstract class ContactVerificationContract {

  protected record Stores(
      MemberProfileStore profiles, CustomerProfileStore walkIns, ContactCodeStore codes) {}

  protected abstract Stores fresh();

  private record Sent(Channel channel, String address, String body) {}

  private final TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00Z"));
  private final List<Sent> sent = new ArrayList<>();
  private Stores stores;
  private ContactVerification verification;
  private ProfileService profiles;
  private String phone;

  @BeforeEach
  void setUp() {
    stores = fresh();
    verification =
        new ContactVerification(
            stores.profiles(),
            stores.walkIns(),
            stores.codes(),
            (channel, address, text) -> sent.add(new Sent(channel, address, text.body())),
            clock,
            new Random(7));
    profiles = new ProfileService(stores.profiles());
    phone = "+86139" + (10_000_000 + Math.floorMod(UUID.randomUUID().hashCode(), 89_999_999));
  }

  private String lastCode() {
    Matcher m = Pattern.compile("([0-9]{6})").matcher(sent.get(sent.size() - 1).body());
    assertThat(m.find()).isTrue();
    return m.group(1);
  }

  private Outcome<MemberProfile> prove(String user, String number) {
    assertThat(verification.send(user, Channel.SMS, number)).isInstanceOf(Outcome.Done.class);
    return verification.confirm(user, Channel.SMS, lastCode());
  }

  private static Refusal refusal(Outcome<?> outcome) {
    assertThat(outcome).isInstanceOf(Outcome.Refused.class);
    return ((Outcome.Refused<?>) outcome).refusal();
  }

  private static <T> T value(Outcome<T> outcome) {
    assertThat(outcome).isInstanceOf(Outcome.Done.class);
    return ((Outcome.Done<T>) outcome).value();
  }

  /** A PUT naming only what is given (an empty Optional: the field is not named). */
  private static ProfileService.ProfileChange put(
      Optional<Optional<String>> email,
      Optional<Optional<Phone>> phone,
      Optional<java.util.Set<Channel>> channels,
      Optional<String> locale) {
    return new ProfileService.ProfileChange(Optional.empty(), email, phone, channels, locale);
  }

  private CustomerProfile walkIn() {
    return stores
        .walkIns()
        .findOrCreate(new CustomerProfile("c-" + UUID.randomUUID(), new Phone(phone), "Li"));
  }

  @Test
  void aConfirmedCodeVerifiesThePhoneAndLinksItsWalkIn() {
    CustomerProfile walkIn = walkIn();

    MemberProfile proved = value(prove("m", phone));

    assertThat(sent).singleElement().satisfies(s -> assertThat(s.address()).isEqualTo(phone));
    assertThat(proved.phoneVerified()).isTrue();
    assertThat(stores.profiles().profile("m").linkedCustomers())
        .containsExactly(walkIn.customerId());
    assertThat(stores.profiles().accountOf(new Phone(phone))).contains("m");
    assertThat(stores.profiles().linkedAccount(walkIn.customerId())).contains("m");
  }

  @Test
  void aPhoneWechatVerifiedIsConfirmedLikeACodeWithNoCodeSentOrConsumedAndMovesFromItsHolder() {
    CustomerProfile walkIn = walkIn();
    value(prove("first", phone));

    MemberProfile byWechat = value(verification.confirmByWechat("m", new Phone(phone)));

    assertThat(sent).hasSize(1); // only the first member's SMS: WeChat's phone needs none
    assertThat(byWechat.phoneVerified()).isTrue();
    assertThat(stores.profiles().accountOf(new Phone(phone))).contains("m");
    assertThat(stores.profiles().linkedAccount(walkIn.customerId())).contains("m");
    assertThat(stores.profiles().profile("first").phoneVerified()).isFalse();
  }

  @Test
  void aTypedPhoneIsUnverifiedLinksNothingAndReceivesNothing() {
    walkIn();
    MemberProfile typed =
        value(
            profiles.update(
                "m",
                put(
                    Optional.empty(),
                    Optional.of(Optional.of(new Phone(phone))),
                    Optional.of(java.util.Set.of(Channel.SMS)),
                    Optional.empty())));

    assertThat(typed.phoneVerified()).isFalse();
    assertThat(typed.linkedCustomers()).isEmpty();
    assertThat(typed.deliveryAddresses()).containsOnlyKeys(Channel.IN_APP);
    assertThat(stores.profiles().accountOf(new Phone(phone))).isEmpty();
  }

  @Test
  void wrongCodesCountAndAfterFiveEvenTheRightOneIsRateLimited() {
    verification.send("m", Channel.SMS, phone);
    String right = lastCode();
    String wrong = right.equals("000000") ? "111111" : "000000";

    List<Refusal> misses = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      misses.add(refusal(verification.confirm("m", Channel.SMS, wrong)));
    }
    Refusal sixth = refusal(verification.confirm("m", Channel.SMS, right));

    assertThat(misses).containsOnly(Refusal.INVALID_CODE);
    assertThat(sixth).isEqualTo(Refusal.RATE_LIMITED);
    assertThat(stores.profiles().profile("m").phoneVerified()).isFalse();
  }

  @Test
  void aCodeWorksTenMinutesAndOnlyOnce() {
    verification.send("m", Channel.SMS, phone);
    String code = lastCode();
    clock.advance(Duration.ofMinutes(10));
    Refusal late = refusal(verification.confirm("m", Channel.SMS, code));

    verification.send("m", Channel.SMS, phone);
    String fresh = lastCode();
    value(verification.confirm("m", Channel.SMS, fresh));
    Refusal again = refusal(verification.confirm("m", Channel.SMS, fresh));

    assertThat(late).isEqualTo(Refusal.CODE_EXPIRED);
    assertThat(again).isEqualTo(Refusal.CODE_EXPIRED);
  }

  @Test
  void anAddressTypedInAnotherCaseOrFormIsTheSameAddressForItsLimit() {
    List<Outcome<?>> toOneMailbox = new ArrayList<>();
    List<String> typed =
        List.of("Zhou@Example.com", "zhou@example.com", " ZHOU@EXAMPLE.COM\t", "zhou@EXAMPLE.com");
    for (int i = 0; i < typed.size(); i++) {
      toOneMailbox.add(verification.send("case" + i, Channel.EMAIL, typed.get(i)));
    }
    assertThat(toOneMailbox.subList(0, 3)).allMatch(o -> o instanceof Outcome.Done);
    assertThat(refusal(toOneMailbox.get(3))).isEqualTo(Refusal.RATE_LIMITED);
    // NFC: an e with a combining accent is the one character é
    assertThat(MemberProfile.normalEmail("Ren\u0065\u0301@Example.com"))
        .isEqualTo("ren\u00e9@example.com");
  }

  @Test
  void sendsAreLimitedToFivePerMemberAndThreePerNumberAnHour() {
    List<Outcome<?>> toOneNumber = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      toOneNumber.add(verification.send("u" + i, Channel.SMS, phone));
    }
    List<Outcome<?>> byOneMember = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      byOneMember.add(verification.send("busy", Channel.SMS, phone + i));
    }
    clock.advance(Duration.ofHours(1));
    Outcome<?> nextHour = verification.send("u3", Channel.SMS, phone);

    assertThat(toOneNumber.subList(0, 3)).allMatch(o -> o instanceof Outcome.Done);
    assertThat(refusal(toOneNumber.get(3))).isEqualTo(Refusal.RATE_LIMITED);
    assertThat(byOneMember.subList(0, 5)).allMatch(o -> o instanceof Outcome.Done);
    assertThat(refusal(byOneMember.get(5))).isEqualTo(Refusal.RATE_LIMITED);
    assertThat(((Outcome.Refused<?>) byOneMember.get(5)).extras()).containsKey("retryAfterSeconds");
    assertThat(nextHour).isInstanceOf(Outcome.Done.class);
    assertThat(sent).hasSize(3 + 5 + 1);
  }

  @Test
  void aPhoneProvedByAnotherMemberMovesWithItsWalkIn() {
    CustomerProfile walkIn = walkIn();
    value(prove("first", phone));

    value(prove("second", phone));

    MemberProfile first = stores.profiles().profile("first");
    assertThat(first.phone()).isEmpty();
    assertThat(first.phoneVerified()).isFalse();
    assertThat(first.linkedCustomers()).isEmpty();
    assertThat(stores.profiles().profile("second").linkedCustomers())
        .containsExactly(walkIn.customerId());
    assertThat(stores.profiles().accountOf(new Phone(phone))).contains("second");
    assertThat(stores.profiles().linkedAccount(walkIn.customerId())).contains("second");
  }

  @Test
  void givingUpAProvedPhoneGivesUpItsWalkIn() {
    CustomerProfile walkIn = walkIn();
    value(prove("m", phone));

    value(
        profiles.update(
            "m",
            put(
                Optional.empty(),
                Optional.of(Optional.empty()),
                Optional.empty(),
                Optional.empty())));

    assertThat(stores.profiles().profile("m").linkedCustomers()).isEmpty();
    assertThat(stores.profiles().accountOf(new Phone(phone))).isEmpty();
    assertThat(stores.profiles().linkedAccount(walkIn.customerId())).isEmpty();
  }

  @Test
  void aConfirmedEmailIsSentToAndAChangedOneIsNotUntilProved() {
    String email = "m-" + UUID.randomUUID() + "@example.com";
    verification.send("m", Channel.EMAIL, email);
    value(verification.confirm("m", Channel.EMAIL, lastCode()));
    MemberProfile withEmail =
        value(
            profiles.update(
                "m",
                put(
                    Optional.empty(),
                    Optional.empty(),
                    Optional.of(java.util.Set.of(Channel.EMAIL)),
                    Optional.of("zh-CN"))));
    MemberProfile changed =
        value(
            profiles.update(
                "m",
                put(
                    Optional.of(Optional.of("other-" + email)),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty())));

    assertThat(withEmail.deliveryAddresses()).isEqualTo(Map.of(Channel.EMAIL, email));
    assertThat(changed.emailVerified()).isFalse();
    assertThat(changed.deliveryAddresses()).containsOnlyKeys(Channel.IN_APP);
  }

  @Test
  void aCodeIsWrittenInTheMembersLanguage() {
    profiles.update(
        "m", put(Optional.empty(), Optional.empty(), Optional.empty(), Optional.of("zh-CN")));

    verification.send("m", Channel.SMS, phone);

    assertThat(sent.get(0).body()).contains("验证码").contains(lastCode());
  }
}
