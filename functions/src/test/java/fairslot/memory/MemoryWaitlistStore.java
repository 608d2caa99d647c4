package fairslot.memory;

import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.notification.domain.Notification;
import fairslot.waitlist.app.WaitlistStore;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Waitlist entries in memory, with the adapter's conditions: a join only while no seat is on open
 * sale; an offer takes one owed seat; an offer that ends hands its seat to the waitlist if anyone
 * waits, else to open sale; leaving shortens the line.
 */
public final class MemoryWaitlistStore implements WaitlistStore {
  private final MemoryTables t;

  public MemoryWaitlistStore(MemoryTables tables) {
    this.t = tables;
  }

  @Override
  public JoinResult join(Slot seen, String userId, String entryId, Instant now) {
    synchronized (t.lock) {
      Optional<WaitlistEntry> previous = entryOf(seen.slotId(), userId);
      if (previous.isPresent() && isInLine(previous.get())) {
        return new JoinResult.AlreadyIn(previous.get());
      }
      long sequence = t.waitSequences.merge(seen.slotId(), 1L, Long::sum);
      Slot slot = t.slots.get(seen.slotId());
      if (!slot.onSale() || slot.hasStarted(now)) {
        return new JoinResult.SlotNotOpen();
      }
      if (slot.remaining() > slot.forWaitlist()) {
        return new JoinResult.SeatsAvailable();
      }
      WaitlistEntry entry =
          new WaitlistEntry(
              entryId,
              slot.slotId(),
              userId,
              sequence,
              WaitlistStatus.WAITING,
              Optional.empty(),
              Optional.empty(),
              now,
              slot.capacity());
      t.entries.put(entryId, entry);
      t.waiterGuards.put(MemoryTables.guardKey(slot.slotId(), userId), entryId);
      t.slots.put(
          slot.slotId(),
          MemoryTables.counted(
              slot, slot.remaining(), slot.forWaitlist(), slot.waitlistLength() + 1));
      return new JoinResult.Joined(entry);
    }
  }

  private static boolean isInLine(WaitlistEntry e) {
    return e.status() == WaitlistStatus.WAITING || e.status() == WaitlistStatus.OFFERED;
  }

  @Override
  public Optional<WaitlistEntry> find(String entryId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.entries.get(entryId));
    }
  }

  @Override
  public Optional<WaitlistEntry> entryOf(String slotId, String userId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.waiterGuards.get(MemoryTables.guardKey(slotId, userId)))
          .map(t.entries::get);
    }
  }

  @Override
  public int waitingAhead(WaitlistEntry entry) {
    synchronized (t.lock) {
      return (int) waiting(entry.slotId()).filter(e -> e.sequence() < entry.sequence()).count();
    }
  }

  @Override
  public Optional<WaitlistEntry> head(String slotId) {
    synchronized (t.lock) {
      return waiting(slotId).findFirst();
    }
  }

  private java.util.stream.Stream<WaitlistEntry> waiting(String slotId) {
    return t.entries.values().stream()
        .filter(e -> e.slotId().equals(slotId) && e.status() == WaitlistStatus.WAITING)
        .sorted(Comparator.comparingLong(WaitlistEntry::sequence));
  }

  @Override
  public MoveResult offer(WaitlistEntry entry, Instant offerExpiresAt, Change change) {
    synchronized (t.lock) {
      Slot slot = t.slots.get(entry.slotId());
      WaitlistEntry now = t.entries.get(entry.entryId());
      if (slot.forWaitlist() < 1
          || slot.waitlistLength() < 1
          || slot.status() == SlotStatus.CANCELLED
          || now.status() != WaitlistStatus.WAITING) {
        return new MoveResult.Missed();
      }
      t.slots.put(
          slot.slotId(),
          MemoryTables.counted(
              slot, slot.remaining() - 1, slot.forWaitlist() - 1, slot.waitlistLength() - 1));
      t.entries.put(now.entryId(), in(now, WaitlistStatus.OFFERED, Optional.of(offerExpiresAt)));
      t.outbox.add(
          new Notification(
              now.userId(), now.slotId(), Notification.Kind.OFFER_MADE, now.entryId()));
      audit(now, WaitlistStatus.OFFERED, change);
      return new MoveResult.Moved();
    }
  }

  @Override
  public MoveResult endOffer(
      WaitlistEntry entry, WaitlistStatus to, Change change, Optional<Notification.Kind> notice) {
    synchronized (t.lock) {
      WaitlistEntry now = t.entries.get(entry.entryId());
      boolean due =
          change.dueBy().isEmpty()
              || now.offerExpiresAt().map(d -> !d.isAfter(change.dueBy().get())).orElse(false);
      if (now.status() != WaitlistStatus.OFFERED || !due) {
        return new MoveResult.Missed();
      }
      Slot slot = t.slots.get(entry.slotId());
      if (slot.remaining() > entry.slotCapacity() - 1) {
        throw new IllegalStateException("ending offer " + entry.entryId() + " exceeds capacity");
      }
      boolean toWaitlist = slot.waitlistLength() > 0;
      t.slots.put(
          slot.slotId(),
          MemoryTables.counted(
              slot,
              slot.remaining() + 1,
              slot.forWaitlist() + (toWaitlist ? 1 : 0),
              slot.waitlistLength()));
      if (toWaitlist) {
        t.awaitingOffers.add(slot.slotId());
      }
      t.entries.put(now.entryId(), in(now, to, now.offerExpiresAt()));
      notice.ifPresent(
          kind -> t.outbox.add(new Notification(now.userId(), now.slotId(), kind, now.entryId())));
      audit(now, to, change);
      return new MoveResult.Moved();
    }
  }

  @Override
  public MoveResult closeWaiting(WaitlistEntry entry, Change change) {
    return stopWaiting(entry, WaitlistStatus.EXPIRED, change, true);
  }

  @Override
  public MoveResult leave(WaitlistEntry entry, Change change) {
    return stopWaiting(entry, WaitlistStatus.LEFT, change, false);
  }

  private MoveResult stopWaiting(
      WaitlistEntry entry, WaitlistStatus to, Change change, boolean slotCancelled) {
    synchronized (t.lock) {
      WaitlistEntry now = t.entries.get(entry.entryId());
      Slot slot = t.slots.get(entry.slotId());
      if (now.status() != WaitlistStatus.WAITING || slot.waitlistLength() < 1) {
        return new MoveResult.Missed();
      }
      t.entries.put(now.entryId(), in(now, to, Optional.empty()));
      t.slots.put(
          slot.slotId(),
          MemoryTables.counted(
              slot, slot.remaining(), slot.forWaitlist(), slot.waitlistLength() - 1));
      if (slotCancelled) {
        t.outbox.add(
            new Notification(
                now.userId(), now.slotId(), Notification.Kind.SLOT_CANCELLED, now.entryId()));
      }
      audit(now, to, change);
      return new MoveResult.Moved();
    }
  }

  @Override
  public List<WaitlistEntry> entriesOf(String slotId) {
    synchronized (t.lock) {
      return t.entries.values().stream()
          .filter(e -> e.slotId().equals(slotId))
          .sorted(Comparator.comparingLong(WaitlistEntry::sequence))
          .toList();
    }
  }

  @Override
  public List<WaitlistEntry> dueOffers(Instant now, int limit) {
    synchronized (t.lock) {
      return t.entries.values().stream()
          .filter(e -> e.status() == WaitlistStatus.OFFERED)
          .filter(e -> !e.offerExpiresAt().orElseThrow().isAfter(now))
          .sorted(Comparator.comparing(e -> e.offerExpiresAt().orElseThrow()))
          .limit(limit)
          .toList();
    }
  }

  @Override
  public List<String> slotsAwaitingOffers(int limit) {
    synchronized (t.lock) {
      return t.awaitingOffers.stream().limit(limit).toList();
    }
  }

  @Override
  public boolean settleOwedSeats(String slotId) {
    synchronized (t.lock) {
      Slot slot = t.slots.get(slotId);
      if (slot.waitlistLength() != 0 && slot.forWaitlist() != 0) {
        return false;
      }
      t.slots.put(slotId, MemoryTables.counted(slot, slot.remaining(), 0, slot.waitlistLength()));
      t.awaitingOffers.remove(slotId);
      return true;
    }
  }

  @Override
  public boolean remember(String eventId, Instant at) {
    synchronized (t.lock) {
      return t.consumedEvents.add(eventId);
    }
  }

  /** The entry in a new status; an offer deadline only while it means something. */
  static WaitlistEntry in(WaitlistEntry e, WaitlistStatus to, Optional<Instant> offerExpiresAt) {
    return in(e, to, offerExpiresAt, e.bookingId());
  }

  static WaitlistEntry in(
      WaitlistEntry e,
      WaitlistStatus to,
      Optional<Instant> offerExpiresAt,
      Optional<String> bookingId) {
    return new WaitlistEntry(
        e.entryId(),
        e.slotId(),
        e.userId(),
        e.sequence(),
        to,
        offerExpiresAt,
        bookingId,
        e.joinedAt(),
        e.slotCapacity());
  }

  private void audit(WaitlistEntry e, WaitlistStatus to, Change change) {
    t.audit.add(
        new AuditEntry(
            change.at(),
            change.actor(),
            "waitlist:" + e.entryId(),
            e.status().name(),
            to.name(),
            change.reason()));
  }
}
