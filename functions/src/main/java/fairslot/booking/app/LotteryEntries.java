package fairslot.booking.app;

import fairslot.booking.domain.Book;
import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.RequestStatus;
import fairslot.catalog.app.LotteryStore;
import fairslot.catalog.domain.Lottery;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * How a booking on a LOTTERY slot is accepted: an entry (202 ENTERED), one per member and slot. The
 * entry's id derives from the slot and the member, so asking again finds the same entry; its rank
 * is fixed by the seed committed at the slot's creation, so knowing the id early gains nothing.
 */
final class LotteryEntries {
  private final RequestStore requests;
  private final LotteryStore lotteries;

  LotteryEntries(RequestStore requests, LotteryStore lotteries) {
    this.requests = requests;
    this.lotteries = lotteries;
  }

  static String entryId(String slotId, String userId) {
    return UUID.nameUUIDFromBytes(
            ("lottery#" + slotId + "#" + userId).getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  Outcome<Booked> enter(Book command, Slot slot, Instant now) {
    Optional<Lottery> lottery = lotteries.find(slot.slotId());
    String requestId = entryId(slot.slotId(), command.userId());
    if (lottery.isEmpty() || !lottery.get().takesEntries(now)) {
      // Asking again after the close still shows the member their entry.
      Optional<BookingRequest> mine = requests.find(requestId);
      if (mine.isPresent()) {
        return Outcome.done(new Booked.Queued(mine.get()));
      }
      return Outcome.refused(
          Refusal.LOTTERY_CLOSED,
          "entries to this slot's lottery are closed",
          lottery
              .<Map<String, Object>>map(l -> Map.of("lotteryClosesAt", l.closesAt().toString()))
              .orElse(Map.of()));
    }
    BookingRequest entry =
        new BookingRequest(
            requestId,
            slot.slotId(),
            command.userId(),
            command.quantity(),
            true, // past the seats, an entry joins the waitlist in draw order
            RequestStatus.ENTERED,
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            now,
            command.passId());
    return Outcome.done(new Booked.Queued(requests.enter(entry).orElse(entry)));
  }
}
