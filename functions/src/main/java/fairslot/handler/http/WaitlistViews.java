package fairslot.handler.http;

import fairslot.kernel.VenueTime;
import fairslot.waitlist.app.WaitlistService;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Instant;
import java.time.ZoneId;

/**
 * The waitlist's response bodies. Records keep field order stable, so bodies replay byte for byte.
 */
public final class WaitlistViews {
  private WaitlistViews() {}

  public record WaitlistJoinView(String entryId, int position, String status) {}

  /** {@code position} is the live place in line while WAITING (1 = next), 0 once out of line. */
  public record WaitlistEntryView(
      String entryId, int position, String status, String offerExpiresAt, String bookingId) {
    public static WaitlistEntryView of(WaitlistService.Place place, Instant now, ZoneId zone) {
      var e = place.entry();
      var status = e.statusAt(now);
      return new WaitlistEntryView(
          e.entryId(),
          place.position(),
          status.name(),
          status == WaitlistStatus.OFFERED
              ? e.offerExpiresAt().map(t -> VenueTime.show(t, zone)).orElse(null)
              : null,
          e.bookingId().orElse(null));
    }
  }
}
