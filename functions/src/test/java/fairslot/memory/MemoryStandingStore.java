package fairslot.memory;

import fairslot.booking.app.NoShowStore;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.member.app.StandingStore;
import fairslot.member.domain.MemberStanding;

/** In-memory {@link StandingStore}: the same conditions as the DynamoDB one, under one lock. */
public final class MemoryStandingStore implements StandingStore, NoShowStore {
  private final MemoryTables t;

  public MemoryStandingStore(MemoryTables t) {
    this.t = t;
  }

  @Override
  public MemberStanding standing(String userId, String venueId) {
    synchronized (t.lock) {
      return t.standings.getOrDefault(
          MemoryTables.standingKey(userId, venueId), MemberStanding.clean(userId, venueId));
    }
  }

  @Override
  public NoShowResult recordNoShow(
      Booking b, Change change, MemberStanding seen, MemberStanding next) {
    synchronized (t.lock) {
      Booking now = t.bookings.get(b.bookingId());
      if (now == null || now.status() != b.status() || now.version() != b.version()) {
        return new NoShowResult.NotInStatus(now);
      }
      if (standing(seen.userId(), seen.venueId()).version() != seen.version()) {
        return new NoShowResult.StandingMoved();
      }
      t.bookings.put(b.bookingId(), now.withStatus(BookingStatus.NO_SHOW));
      t.upcoming.merge(MemoryTables.upcomingKey(b), -1, Integer::sum);
      t.creditPass(b, 0, 0, 1);
      t.standings.put(MemoryTables.standingKey(next.userId(), next.venueId()), next);
      t.audit.add(
          new AuditEntry(
              change.at(),
              change.actor(),
              "booking:" + b.bookingId(),
              b.status().name(),
              BookingStatus.NO_SHOW.name(),
              change.reason()));
      return new NoShowResult.Recorded(b.withStatus(BookingStatus.NO_SHOW));
    }
  }

  @Override
  public boolean pardon(MemberStanding seen, MemberStanding next, Change change) {
    synchronized (t.lock) {
      if (standing(seen.userId(), seen.venueId()).version() != seen.version()) {
        return false;
      }
      t.standings.put(MemoryTables.standingKey(next.userId(), next.venueId()), next);
      return true;
    }
  }
}
