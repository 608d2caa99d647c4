package fairslot.domain;

import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How a member wants to be known and reached (v1.1 "Members and notifications"). A channel is only
 * chosen with its address: EMAIL needs an e-mail, SMS a phone. {@code version} counts writes (0:
 * never written).
 */
public record MemberProfile(
    String userId,
    Optional<String> name,
    Optional<String> email,
    Optional<Phone> phone,
    Set<Channel> channels,
    String locale,
    long version,
    Set<String> linkedCustomers) {

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
    this(userId, name, email, phone, channels, locale, version, Set.of());
  }

  public MemberProfile {
    channels = Set.copyOf(channels);
    linkedCustomers = Set.copyOf(linkedCustomers);
    email.ifPresent(
        e -> {
          if (e.length() > 254 || !EMAIL.matcher(e).matches()) {
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
  }

  /** Where each chosen channel delivers: the address, or IN_APP alone when none is chosen. */
  public java.util.Map<Channel, String> deliveryAddresses() {
    java.util.Map<Channel, String> to = new java.util.EnumMap<>(Channel.class);
    if (channels.contains(Channel.EMAIL)) {
      to.put(Channel.EMAIL, email.orElseThrow());
    }
    if (channels.contains(Channel.SMS)) {
      to.put(Channel.SMS, phone.orElseThrow().value());
    }
    if (to.isEmpty()) {
      to.put(Channel.IN_APP, userId);
    }
    return to;
  }

  /**
   * This profile with {@code customerId}'s walk-in bookings linked: the desk's customer whose phone
   * the member claimed. Their bookings are the member's too (listed, cancelled, paid).
   */
  public MemberProfile linking(String customerId) {
    Set<String> linked = new java.util.HashSet<>(linkedCustomers);
    linked.add(customerId);
    return new MemberProfile(userId, name, email, phone, channels, locale, version, linked);
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
}
