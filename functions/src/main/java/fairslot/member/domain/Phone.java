package fairslot.member.domain;

import java.util.Optional;

/**
 * A phone number in one canonical form, so the same walk-in typed twice finds one profile: spaces,
 * dashes, dots and brackets are dropped, a leading {@code 00} becomes {@code +}, and what remains
 * must be an optional {@code +} and 6 to 15 digits (E.164 allows at most 15).
 */
public record Phone(String value) {

  public static Optional<Phone> parse(String raw) {
    String compact = raw.strip().replaceAll("[\\s\\-.()/]", "");
    if (compact.startsWith("00")) {
      compact = "+" + compact.substring(2);
    }
    return compact.matches("\\+?[0-9]{6,15}") ? Optional.of(new Phone(compact)) : Optional.empty();
  }
}
