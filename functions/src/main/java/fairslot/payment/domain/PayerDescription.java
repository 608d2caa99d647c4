package fairslot.payment.domain;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * What the payer sees for an order (API.md v1.3): {@code "<venue> · <resource> · <MM-dd HH:mm>"} in
 * the venue's zone, never an id. {@code text} fits WeChat's {@code description} (127 bytes of
 * UTF-8; the names are shortened, never the time, and never inside a character). {@code
 * statementSuffix} is the card statement's dynamic suffix for Stripe: Latin letters, digits and
 * spaces only, at least one letter, at most 10 characters, so that with the account's prefix (at
 * most 10) and Stripe's {@code "* "} it stays within the card networks' 22.
 */
public record PayerDescription(String text, String statementSuffix) {
  public static final int MAX_BYTES = 127;
  static final int SUFFIX_CHARS = 10;
  private static final String DOT = " · ";
  private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("MM-dd HH:mm");

  /** A booking of {@code resource} at {@code venue}, starting at {@code start}. */
  public static PayerDescription ofBooking(
      String venue, String resource, Instant start, ZoneId zone) {
    String when = WHEN.format(start.atZone(zone));
    return new PayerDescription(fit(venue, resource, DOT + when), suffix(venue, "SLOT"));
  }

  /** A pass of {@code plan} at {@code venue}. */
  public static PayerDescription ofPass(String venue, String plan) {
    return new PayerDescription(fit(venue, plan, ""), suffix(venue, "PASS"));
  }

  /** The two names, shortened alike until the whole fits; the tail is kept whole. */
  private static String fit(String first, String second, String tail) {
    String a = clean(first);
    String b = clean(second);
    while (bytes(a + DOT + b + tail) > MAX_BYTES) {
      if (a.codePointCount(0, a.length()) >= b.codePointCount(0, b.length())) {
        a = dropLast(a);
      } else {
        b = dropLast(b);
      }
    }
    return a + DOT + b + tail;
  }

  private static String clean(String name) {
    String s = name == null ? "" : name.replaceAll("\\p{C}", "").strip();
    return s.isEmpty() ? "-" : s;
  }

  private static String dropLast(String s) {
    return s.substring(0, s.offsetByCodePoints(s.length(), -1));
  }

  private static int bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  /** The venue's name in Latin letters and digits, or {@code fallback} when it has no letter. */
  private static String suffix(String venue, String fallback) {
    String latin =
        Normalizer.normalize(venue == null ? "" : venue, Normalizer.Form.NFD)
            .replaceAll("[^A-Za-z0-9 ]", "")
            .replaceAll(" +", " ")
            .strip()
            .toUpperCase(Locale.ROOT);
    if (latin.length() > SUFFIX_CHARS) {
      latin = latin.substring(0, SUFFIX_CHARS).strip();
    }
    return latin.chars().anyMatch(Character::isLetter) ? latin : fallback;
  }
}
