package fairslot.member.domain;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How a member wants to be known and reached (v1.1 "Members and notifications", v1.2 "Verified
 * contact points"). A channel is only chosen with its address: EMAIL needs an e-mail, SMS a phone.
 * {@code verified} names the addresses the member proved with a code (EMAIL: the e-mail, SMS: the
 * phone); only those are sent to, and only a verified phone links walk-in profiles, so {@code
 * linkedCustomers} is at most the walk-in of that phone. {@code version} counts writes (0: never
 * written).
 */
public record MemberProfile(
    String userId,
    Optional<String> name,
    Optional<String> email,
    Optional<Phone> phone,
    Set<Channel> channels,
    String locale,
    long version,
    Set<String> linkedCustomers,
    Set<Channel> verified) {

  /** The locales messages are written in. */
  public static final Set<String> LOCALES = Set.of("en", "zh-CN");

  private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s.]+(\\.[^@\\s.]+)+");

  /** A profile with no walk-in bookings linked to it. */
  public MemberProfile(
      String userId,
      Optional<String> name,
      Optional<String> email,
      Optional<Phone> phone,
      Set<Channel> channels,
      String locale,
      long version) {
    this(userId, name, email, phone, channels, locale, version, Set.of(), Set.of());
  }

  public MemberProfile {
    channels = Set.copyOf(channels);
    linkedCustomers = Set.copyOf(linkedCustomers);
    verified = Set.copyOf(verified);
    email.ifPresent(
        e -> {
          if (!validEmail(e)) {
            throw new IllegalArgumentException("email must be a valid address");
          }
        });
    phone.ifPresent(
        p -> {
          if (!p.value().startsWith("+")) {
            throw new IllegalArgumentException(
                "phone must be an international number starting with +");
          }
        });
    if (!LOCALES.contains(locale)) {
      throw new IllegalArgumentException("locale must be one of " + LOCALES);
    }
    if (!channels.stream().allMatch(Channel::choosable)) {
      throw new IllegalArgumentException("channels may be EMAIL or SMS");
    }
    if (channels.contains(Channel.EMAIL) && email.isEmpty()) {
      throw new IllegalArgumentException("the EMAIL channel needs an email");
    }
    if (channels.contains(Channel.SMS) && phone.isEmpty()) {
      throw new IllegalArgumentException("the SMS channel needs a phone");
    }
    if ((verified.contains(Channel.EMAIL) && email.isEmpty())
        || (verified.contains(Channel.SMS) && phone.isEmpty())
        || verified.contains(Channel.IN_APP)) {
      throw new IllegalArgumentException("only a held e-mail or phone can be verified");
    }
    if (linkedCustomers.size() > MAX_LINKED
        || (!linkedCustomers.isEmpty() && !verified.contains(Channel.SMS))) {
      // A walk-in is linked by proving its phone: at most the one walk-in of the verified phone.
      throw new IllegalArgumentException("walk-in profiles link only through a verified phone");
    }
  }

  /**
   * An e-mail address as compared for limits, uniqueness and lookups (API.md v1.3): trimmed, NFC,
   * lower-cased, so one mailbox is one address whatever case it was typed in.
   */
  public static String normalEmail(String raw) {
    return Normalizer.normalize(raw.strip(), Normalizer.Form.NFC).toLowerCase(Locale.ROOT);
  }

  public static boolean validEmail(String e) {
    return e.length() <= 254 && EMAIL.matcher(e).matches();
  }

  /** One walk-in profile per phone, and links only through the member's one verified phone. */
  public static final int MAX_LINKED = 1;

  public boolean phoneVerified() {
    return verified.contains(Channel.SMS);
  }

  public boolean emailVerified() {
    return verified.contains(Channel.EMAIL);
  }

  /**
   * This profile as a member's PUT leaves it, one write later: a changed e-mail or phone is
   * unverified until its code is confirmed, and a changed phone links no walk-in (the old phone's
   * walk-in stays with the phone, not with the member). Throws for a profile out of bounds.
   */
  public MemberProfile changed(
      Optional<String> name,
      Optional<String> email,
      Optional<Phone> phone,
      Set<Channel> channels,
      String locale) {
    Set<Channel> still = new HashSet<>(verified);
    Set<String> linked = linkedCustomers;
    if (!email.equals(this.email)) {
      still.remove(Channel.EMAIL);
    }
    if (!phone.equals(this.phone)) {
      still.remove(Channel.SMS);
      linked = Set.of();
    }
    return new MemberProfile(
        userId, name, email, phone, channels, locale, version + 1, linked, still);
  }

  /** This profile with a new e-mail: unverified until its code is confirmed. */
  public MemberProfile withEmail(Optional<String> next) {
    if (next.equals(email)) {
      return this;
    }
    Set<Channel> still = new HashSet<>(verified);
    still.remove(Channel.EMAIL);
    return new MemberProfile(
        userId, name, next, phone, channels, locale, version, linkedCustomers, still);
  }

  /**
   * This profile with a new phone: unverified until its code is confirmed, and linked to no walk-in
   * (the old phone's walk-in stays with the phone, not with the member).
   */
  public MemberProfile withPhone(Optional<Phone> next) {
    if (next.equals(phone)) {
      return this;
    }
    Set<Channel> still = new HashSet<>(verified);
    still.remove(Channel.SMS);
    return new MemberProfile(userId, name, email, next, channels, locale, version, Set.of(), still);
  }

  /** The e-mail proved by a code: the member's, verified. */
  public MemberProfile emailConfirmed(String address) {
    MemberProfile p = withEmail(Optional.of(address));
    Set<Channel> now = new HashSet<>(p.verified);
    now.add(Channel.EMAIL);
    return new MemberProfile(
        userId, name, p.email, phone, channels, locale, version, linkedCustomers, now);
  }

  /** The phone proved by a code: the member's, verified, linked to that phone's walk-in if any. */
  public MemberProfile phoneConfirmed(Phone number, Optional<String> walkInCustomerId) {
    MemberProfile p = withPhone(Optional.of(number));
    Set<Channel> now = new HashSet<>(p.verified);
    now.add(Channel.SMS);
    return new MemberProfile(
        userId,
        name,
        email,
        p.phone,
        channels,
        locale,
        version,
        walkInCustomerId.map(Set::of).orElse(Set.of()),
        now);
  }

  /**
   * The phone moved to another member who proved it: this member loses it, its walk-in's bookings
   * and the SMS channel.
   */
  public MemberProfile phoneLost() {
    Set<Channel> still = new HashSet<>(verified);
    still.remove(Channel.SMS);
    Set<Channel> left = new HashSet<>(channels);
    left.remove(Channel.SMS);
    return new MemberProfile(
        userId, name, email, Optional.empty(), left, locale, version, Set.of(), still);
  }

  /** The same profile, one write later. */
  public MemberProfile nextVersion() {
    return new MemberProfile(
        userId, name, email, phone, channels, locale, version + 1, linkedCustomers, verified);
  }

  /**
   * Where each chosen and verified channel delivers: the address, or IN_APP alone when none is. An
   * address nobody proved is never sent to (SMS pumping, mail to strangers).
   */
  public Map<Channel, String> deliveryAddresses() {
    Map<Channel, String> to = new EnumMap<>(Channel.class);
    if (channels.contains(Channel.EMAIL) && emailVerified()) {
      to.put(Channel.EMAIL, email.orElseThrow());
    }
    if (channels.contains(Channel.SMS) && phoneVerified()) {
      to.put(Channel.SMS, phone.orElseThrow().value());
    }
    if (to.isEmpty()) {
      to.put(Channel.IN_APP, userId);
    }
    return to;
  }

  /** Whether a booking made under {@code bookingUserId} is this member's. */
  public boolean owns(String bookingUserId) {
    return userId.equals(bookingUserId) || linkedCustomers.contains(bookingUserId);
  }

  /** A member who has not told us anything yet. */
  public static MemberProfile blank(String userId) {
    return new MemberProfile(
        userId, Optional.empty(), Optional.empty(), Optional.empty(), Set.of(), "en", 0);
  }

  /** The ids this member's bookings may be held under: the member's own, then linked customers. */
  public List<String> owners() {
    List<String> owners = new ArrayList<>();
    owners.add(userId());
    linkedCustomers().stream().sorted().forEach(owners::add);
    return owners;
  }
}
