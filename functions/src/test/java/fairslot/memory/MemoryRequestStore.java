package fairslot.memory;

import fairslot.booking.app.RequestStore;
import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.RequestStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Queued booking requests in memory: created once, decided once. */
public final class MemoryRequestStore implements RequestStore {
  private final MemoryTables t;

  public MemoryRequestStore(MemoryTables tables) {
    this.t = tables;
  }

  @Override
  public Optional<BookingRequest> createUnlessExists(BookingRequest request) {
    synchronized (t.lock) {
      BookingRequest existing = t.requests.putIfAbsent(request.requestId(), request);
      return Optional.ofNullable(existing);
    }
  }

  @Override
  public Optional<BookingRequest> enter(BookingRequest entry) {
    return createUnlessExists(entry);
  }

  @Override
  public List<BookingRequest> entries(String slotId) {
    synchronized (t.lock) {
      return t.requests.values().stream()
          .filter(r -> r.slotId().equals(slotId))
          .filter(
              r ->
                  List.of(
                          RequestStatus.ENTERED,
                          RequestStatus.WON,
                          RequestStatus.WAITLISTED,
                          RequestStatus.REJECTED)
                      .contains(r.status()))
          .toList();
    }
  }

  @Override
  public Optional<BookingRequest> find(String requestId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.requests.get(requestId));
    }
  }

  @Override
  public boolean decide(
      String requestId,
      RequestStatus status,
      Optional<String> code,
      Optional<String> waitlistEntryId,
      Instant at) {
    synchronized (t.lock) {
      BookingRequest r = t.requests.get(requestId);
      if (r == null
          || (r.status() != RequestStatus.QUEUED && r.status() != RequestStatus.ENTERED)) {
        return false;
      }
      t.requests.put(requestId, decided(r, status, Optional.empty(), code, waitlistEntryId));
      return true;
    }
  }

  @Override
  public List<BookingRequest> queuedSince(Instant before, int limit) {
    synchronized (t.lock) {
      return t.requests.values().stream()
          .filter(r -> r.status() == RequestStatus.QUEUED && !r.createdAt().isAfter(before))
          .limit(limit)
          .toList();
    }
  }

  static BookingRequest decided(
      BookingRequest r,
      RequestStatus status,
      Optional<String> bookingId,
      Optional<String> code,
      Optional<String> waitlistEntryId) {
    return new BookingRequest(
        r.requestId(),
        r.slotId(),
        r.userId(),
        r.quantity(),
        r.joinWaitlist(),
        status,
        bookingId,
        code,
        waitlistEntryId,
        r.fingerprint(),
        r.createdAt(),
        r.passId());
  }
}
