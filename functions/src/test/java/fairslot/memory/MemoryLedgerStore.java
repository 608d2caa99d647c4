package fairslot.memory;

import fairslot.booking.app.LedgerStore;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.SeatCount;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.member.domain.MemberLedger;
import fairslot.waitlist.domain.WaitlistStatus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Reconcile's recounts over the in-memory tables, under the one lock (so at one instant). */
public final class MemoryLedgerStore implements LedgerStore {
  private final MemoryTables t;

  public MemoryLedgerStore(MemoryTables tables) {
    this.t = tables;
  }

  @Override
  public Optional<SeatCount> count(String slotId) {
    synchronized (t.lock) {
      Slot slot = t.slots.get(slotId);
      if (slot == null) {
        return Optional.empty();
      }
      List<Booking> active =
          t.bookings.values().stream()
              .filter(b -> b.slotId().equals(slotId) && b.status().isActive())
              .toList();
      Set<String> members =
          active.stream()
              .filter(b -> b.status().isUpcoming())
              .map(Booking::userId)
              .collect(Collectors.toSet());
      int offered = // an offer holds one seat
          (int)
              t.entries.values().stream()
                  .filter(e -> e.slotId().equals(slotId))
                  .filter(e -> e.status() == WaitlistStatus.OFFERED)
                  .count();
      return Optional.of(
          new SeatCount(
              slotId,
              slot.capacity(),
              slot.remaining(),
              active.stream().mapToInt(Booking::quantity).sum(),
              offered,
              members));
    }
  }

  @Override
  public boolean repair(SeatCount seen, Change change) {
    synchronized (t.lock) {
      Slot s = t.slots.get(seen.slotId());
      int expected = seen.expectedRemaining();
      if (s == null
          || s.remaining() != seen.remaining()
          || s.capacity() != seen.capacity()
          || s.forWaitlist() > expected) {
        return false;
      }
      t.slots.put(s.slotId(), MemoryTables.counted(s, expected, s.forWaitlist()));
      t.audit.add(
          new AuditEntry(
              change.at(),
              change.actor(),
              "slot:" + s.slotId(),
              "remaining=" + seen.remaining(),
              "remaining=" + expected,
              change.reason(),
              Map.of("remaining", seen.remaining()),
              Map.of("remaining", expected)));
      return true;
    }
  }

  @Override
  public MemberLedger countMember(String userId) {
    synchronized (t.lock) {
      Map<String, Long> upcoming = new HashMap<>();
      Map<String, Integer> held = new HashMap<>();
      for (Booking b : t.bookings.values()) {
        if (!b.userId().equals(userId)) {
          continue;
        }
        if (b.status().isUpcoming()) {
          upcoming.merge(b.slot().venueId(), 1L, Long::sum);
        }
        if (b.status() == BookingStatus.PAID && b.pass().isPresent()) {
          held.merge(b.pass().get().passId(), b.pass().get().credits(), Integer::sum);
        }
      }
      List<MemberLedger.Counter> counters = new ArrayList<>();
      String prefix = userId + " ";
      Set<String> venues = new java.util.HashSet<>(upcoming.keySet());
      t.upcoming.forEach(
          (key, n) -> {
            if (key.startsWith(prefix)) {
              String venueId = key.substring(prefix.length());
              venues.add(venueId);
            }
          });
      for (String venueId : venues) {
        counters.add(
            new MemberLedger.Counter(
                venueId,
                t.upcoming.getOrDefault(prefix + venueId, 0),
                upcoming.getOrDefault(venueId, 0L)));
      }
      List<MemberLedger.Credits> credits =
          t.passes.values().stream()
              .filter(p -> p.userId().equals(userId))
              .filter(p -> p.plan().kind() == fairslot.pass.domain.PlanKind.PACK)
              .map(
                  p ->
                      new MemberLedger.Credits(
                          p.passId(),
                          p.plan().credits(),
                          p.creditsLeft(),
                          held.getOrDefault(p.passId(), 0),
                          p.creditsUsed(),
                          p.creditsForfeited(),
                          p.creditsRefunded()))
              .toList();
      return new MemberLedger(userId, counters, credits);
    }
  }
}
