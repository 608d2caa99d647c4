package fairslot.kernel;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/** Reading and showing instants in a venue's zone, per the HTTP contract. */
public final class VenueTime {
  private static final DateTimeFormatter SHOWN =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssXXX");

  private VenueTime() {}

  /**
   * An ISO-8601 date-time with an offset, or a venue-local date-time read in {@code zone}. A local
   * time in a DST gap moves forward by the gap's length; in an overlap the earlier offset wins
   * ({@link ZonedDateTime#of} semantics), as documented in docs/api-notes.md.
   */
  public static Optional<Instant> parse(String text, ZoneId zone) {
    try {
      return Optional.of(OffsetDateTime.parse(text).toInstant());
    } catch (DateTimeException offsetMissing) {
      try {
        return Optional.of(ZonedDateTime.of(LocalDateTime.parse(text), zone).toInstant());
      } catch (DateTimeException notADateTime) {
        return Optional.empty();
      }
    }
  }

  public static String show(Instant instant, ZoneId zone) {
    return SHOWN.format(instant.atZone(zone));
  }
}
