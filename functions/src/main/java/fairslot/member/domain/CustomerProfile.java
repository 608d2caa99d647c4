package fairslot.member.domain;

import java.util.Optional;

/**
 * A customer known to the desk by phone; {@code customerId} is the user id their bookings carry.
 * {@code linkedUserId}: the member account that claimed this phone, to which these bookings were
 * linked, once.
 */
public record CustomerProfile(
    String customerId, Phone phone, String name, Optional<String> linkedUserId) {

  public CustomerProfile(String customerId, Phone phone, String name) {
    this(customerId, phone, name, Optional.empty());
  }
}
