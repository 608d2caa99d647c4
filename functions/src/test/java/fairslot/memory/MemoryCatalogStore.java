package fairslot.memory;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.Inherited;
import fairslot.catalog.domain.Minimum;
import fairslot.catalog.domain.MinimumDecision;
import fairslot.catalog.domain.OperatingStatus;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The catalog in memory: venues, resources, coaches, rooms and slots with the adapter's guards (a
 * venue must exist, one slot per resource and start, one session at a time per coach and per room)
 * and slot cancels with their finishing marks. CatalogStoreContract holds it to the adapter.
 */
public final class MemoryCatalogStore implements CatalogStore {
  private final MemoryTables t;

  public MemoryCatalogStore(MemoryTables tables) {
    this.t = tables;
  }

  @Override
  public Venue createVenue(Venue venue) {
    synchronized (t.lock) {
      return t.venues.computeIfAbsent(venue.venueId(), id -> venue);
    }
  }

  @Override
  public Optional<Venue> findVenue(String venueId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.venues.get(venueId));
    }
  }

  @Override
  public List<Venue> listedVenues() {
    synchronized (t.lock) {
      return List.copyOf(t.venues.values());
    }
  }

  @Override
  public Outcome<Resource> createResource(Resource resource) {
    synchronized (t.lock) {
      if (!t.venues.containsKey(resource.venueId())) {
        return Outcome.refused(Refusal.NOT_FOUND, "no venue " + resource.venueId());
      }
      if (t.resources.containsKey(resource.resourceId())) {
        return Outcome.done(t.resources.get(resource.resourceId()));
      }
      // As the adapter's conditions: each part an EXCLUSIVE resource of the venue, not combined.
      for (String partId : resource.parts()) {
        Resource part = t.resources.get(partId);
        if (part == null
            || !part.venueId().equals(resource.venueId())
            || part.kind() != fairslot.catalog.domain.ResourceKind.EXCLUSIVE
            || part.combined()) {
          return Outcome.refused(
              Refusal.INVALID_REQUEST,
              "each part must be an EXCLUSIVE resource of this venue that is not itself combined");
        }
      }
      for (String partId : resource.parts()) {
        Resource part = t.resources.get(partId);
        java.util.Set<String> partOf = new java.util.TreeSet<>(part.partOf());
        partOf.add(resource.resourceId());
        t.resources.put(
            partId,
            new Resource(
                part.resourceId(),
                part.venueId(),
                part.name(),
                part.kind(),
                part.capacity(),
                part.status(),
                part.rev() + 1,
                part.bufferAfter(),
                part.parts(),
                partOf));
      }
      t.resources.put(resource.resourceId(), resource);
      return Outcome.done(resource);
    }
  }

  @Override
  public List<Resource> resourcesOf(String venueId, int limit) {
    synchronized (t.lock) {
      return t.resources.values().stream()
          .filter(r -> r.venueId().equals(venueId))
          .sorted(java.util.Comparator.comparing(Resource::resourceId))
          .limit(limit)
          .toList();
    }
  }

  @Override
  public java.util.Set<String> spaceTaken(java.util.Collection<Slot> slots) {
    synchronized (t.lock) {
      return slots.stream()
          .filter(t::spaceTaken)
          .map(Slot::slotId)
          .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
    }
  }

  @Override
  public Optional<Resource> findResource(String resourceId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.resources.get(resourceId));
    }
  }

  @Override
  public Outcome<Slot> createSlot(Slot asked, Optional<fairslot.catalog.domain.Lottery> lottery) {
    Slot slot = asked;
    synchronized (t.lock) {
      Venue venue = t.venues.get(slot.venueId());
      Resource resource = t.resources.get(slot.resourceId());
      if (venue == null || resource == null) {
        return Outcome.refused(Refusal.NOT_FOUND, "the slot's venue or resource is gone");
      }
      if (venue.status() == OperatingStatus.DISABLED
          || resource.status() == OperatingStatus.DISABLED) {
        return Outcome.refused(Refusal.DISABLED, "the venue or resource is disabled");
      }
      // As the adapter: the slot carries the venue's policy of the moment it is written.
      slot = slot.withVenue(venue.policy(), venue.rev());
      String start = slot.resourceId() + "|" + slot.interval().start();
      String existing = t.slotStarts.get(start);
      if (existing != null) {
        return existing.equals(slot.slotId())
            ? Outcome.done(t.slots.get(existing))
            : Outcome.refused(
                Refusal.DUPLICATE_SLOT,
                "the resource already has a slot starting then",
                Map.of("slotId", existing));
      }
      Optional<Outcome<Slot>> clash = clash(slot);
      if (clash.isPresent()) {
        return clash.get();
      }
      if (slot.rules().buffered()) {
        Slot asking = slot;
        java.util.Map<String, fairslot.kernel.Interval> live = new java.util.HashMap<>();
        t.slots.values().stream()
            .filter(o -> o.resourceId().equals(asking.resourceId()))
            .filter(o -> o.status() != SlotStatus.CANCELLED)
            .forEach(o -> live.put(o.slotId(), o.interval()));
        List<String> gap =
            new fairslot.catalog.domain.ResourceDay(slot.resourceId(), LocalDate.EPOCH, 1, live)
                .gapClashes(slot.slotId(), slot.interval(), slot.rules().bufferAfter());
        if (!gap.isEmpty()) {
          return Outcome.refused(
              Refusal.CONFLICT_BUFFER,
              "the resource keeps a buffer after each slot",
              Map.of("conflicts", gap.stream().map(id -> Map.of("slotId", id)).toList()));
        }
      }
      if (slot.kind() == fairslot.catalog.domain.ResourceKind.EXCLUSIVE) {
        // As the adapter: linked both ways to the live slots sharing its space at that time.
        java.util.Set<String> sharing =
            resource.sharingSpace(
                p ->
                    Optional.ofNullable(t.resources.get(p))
                        .map(Resource::partOf)
                        .orElse(java.util.Set.of()));
        Slot asking = slot;
        List<Slot> counterparts =
            t.slots.values().stream()
                .filter(o -> sharing.contains(o.resourceId()))
                .filter(o -> o.status() != SlotStatus.CANCELLED)
                .filter(o -> o.interval().overlaps(asking.interval()))
                .toList();
        slot =
            slot.withRules(
                slot.rules()
                    .onDaysWith(
                        counterparts.stream()
                            .map(Slot::slotId)
                            .collect(java.util.stream.Collectors.toSet())));
        for (Slot c : counterparts) {
          java.util.Set<String> links = new java.util.TreeSet<>(c.rules().counterparts());
          links.add(slot.slotId());
          t.slots.put(c.slotId(), c.withRules(c.rules().onDaysWith(links)));
        }
      }
      t.slotStarts.put(start, slot.slotId());
      t.slots.put(slot.slotId(), slot);
      lottery.ifPresent(l -> t.lotteries.put(l.slotId(), l));
      return Outcome.done(slot);
    }
  }

  @Override
  public Optional<Slot> findSlot(String slotId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.slots.get(slotId));
    }
  }

  @Override
  public Optional<Slot> slotFacts(String slotId) {
    return findSlot(slotId);
  }

  @Override
  public Page<Slot> slotsStartingOn(String venueId, LocalDate venueDate, PageRequest page) {
    synchronized (t.lock) {
      List<Slot> on =
          t.slots.values().stream()
              .filter(s -> s.venueId().equals(venueId))
              .filter(
                  s -> s.interval().start().atZone(s.timeZone()).toLocalDate().equals(venueDate))
              .limit(page.limit())
              .toList();
      return new Page<>(on, Optional.empty());
    }
  }

  @Override
  public Optional<Slot> setAdmission(String slotId, Admission admission, Change change) {
    synchronized (t.lock) {
      Slot s = t.slots.get(slotId);
      if (s == null) {
        return Optional.empty();
      }
      Slot next =
          new Slot(
              s.slotId(),
              s.venueId(),
              s.resourceId(),
              s.kind(),
              s.interval(),
              s.capacity(),
              s.remaining(),
              s.status(),
              s.price(),
              admission,
              s.waitlistLength(),
              s.timeZone(),
              s.policy(),
              s.forWaitlist(),
              s.assignment(),
              s.inherited(),
              s.rules());
      t.slots.put(slotId, next);
      audit(slotId, s.admission().name(), admission.name(), change);
      return Optional.of(next);
    }
  }

  @Override
  public Optional<Slot> moveSlot(String slotId, SlotStatus from, SlotStatus to, Change change) {
    synchronized (t.lock) {
      Slot s = t.slots.get(slotId);
      if (s == null || s.status() != from) {
        return Optional.empty();
      }
      Slot next = s.with(to);
      t.slots.put(slotId, next);
      audit(slotId, from.name(), to.name(), change);
      return Optional.of(next);
    }
  }

  @Override
  public boolean editSlot(Slot seen, Slot next, Change change) {
    synchronized (t.lock) {
      Slot now = t.slots.get(seen.slotId());
      if (!now.equals(seen) || !now.interval().start().isAfter(change.at())) {
        return false; // the adapter conditions on every counter, the price and the status
      }
      t.slots.put(seen.slotId(), next);
      if (next.forWaitlist() > seen.forWaitlist()) {
        t.awaitingOffers.add(seen.slotId());
      }
      java.util.Map<String, Object> before = new java.util.LinkedHashMap<>();
      java.util.Map<String, Object> after = new java.util.LinkedHashMap<>();
      if (seen.capacity() != next.capacity()) {
        before.put("capacity", seen.capacity());
        after.put("capacity", next.capacity());
        before.put("remaining", seen.remaining());
        after.put("remaining", next.remaining());
      }
      if (!seen.price().equals(next.price())) {
        before.put("priceMinor", seen.price().minor());
        after.put("priceMinor", next.price().minor());
      }
      t.audit.add(
          new AuditEntry(
              change.at(),
              change.actor(),
              "slot:" + seen.slotId(),
              seen.status().name(),
              next.status().name(),
              change.reason(),
              before,
              after));
      return true;
    }
  }

  @Override
  public boolean editVenue(Venue seen, Venue next, Change change) {
    synchronized (t.lock) {
      if (t.venues.get(seen.venueId()).rev() != seen.rev()) {
        return false;
      }
      t.venues.put(seen.venueId(), next);
      t.audit.add(
          new AuditEntry(
              change.at(),
              change.actor(),
              "venue:" + seen.venueId(),
              seen.status().name(),
              next.status().name(),
              change.reason()));
      return true;
    }
  }

  @Override
  public boolean editResource(Resource seen, Resource next, Change change) {
    synchronized (t.lock) {
      if (t.resources.get(seen.resourceId()).rev() != seen.rev()) {
        return false;
      }
      t.resources.put(seen.resourceId(), next);
      t.audit.add(
          new AuditEntry(
              change.at(),
              change.actor(),
              "resource:" + seen.resourceId(),
              seen.status().name(),
              next.status().name(),
              change.reason()));
      return true;
    }
  }

  @Override
  public int carryToFutureSlots(Venue venue, Instant after) {
    return carry(
        s -> s.venueId().equals(venue.venueId()) && s.inherited().venueRev() < venue.rev(),
        s ->
            s.withVenue(venue.policy(), venue.rev())
                .withInherited(
                    new Inherited(
                        venue.rev(),
                        s.inherited().resourceRev(),
                        venue.status() == OperatingStatus.DISABLED,
                        s.inherited().resourceDisabled())),
        after);
  }

  @Override
  public int carryToFutureSlots(Resource resource, Instant after) {
    return carry(
        s ->
            s.resourceId().equals(resource.resourceId())
                && s.inherited().resourceRev() < resource.rev(),
        s ->
            s.withInherited(
                new Inherited(
                    s.inherited().venueRev(),
                    resource.rev(),
                    s.inherited().venueDisabled(),
                    resource.status() == OperatingStatus.DISABLED)),
        after);
  }

  private int carry(
      java.util.function.Predicate<Slot> behind,
      java.util.function.UnaryOperator<Slot> brought,
      Instant after) {
    synchronized (t.lock) {
      int changed = 0;
      for (Slot s : List.copyOf(t.slots.values())) {
        if (s.interval().start().isAfter(after) && behind.test(s)) {
          t.slots.put(s.slotId(), brought.apply(s));
          changed++;
        }
      }
      return changed;
    }
  }

  private void audit(String slotId, String from, String to, Change change) {
    t.audit.add(
        new AuditEntry(change.at(), change.actor(), "slot:" + slotId, from, to, change.reason()));
  }

  /**
   * As the adapter's coach and room days: the first of the slot's coach and room (coach first) that
   * already has an overlapping live session ([start, end), touching ends allowed).
   */
  private Optional<Outcome<Slot>> clash(Slot slot) {
    for (Assignee.Ref ref : slot.assignment().refs()) {
      List<String> clashing =
          t.slots.values().stream()
              .filter(other -> other.status() != SlotStatus.CANCELLED)
              .filter(other -> other.assignment().refs().contains(ref))
              .filter(other -> other.interval().overlaps(slot.interval()))
              .map(Slot::slotId)
              .sorted()
              .toList();
      if (!clashing.isEmpty()) {
        return Optional.of(Assignee.clash(ref, clashing));
      }
    }
    return Optional.empty();
  }

  @Override
  public Outcome<Slot> cancelSlot(String slotId, Change change) {
    synchronized (t.lock) {
      Slot slot = t.slots.get(slotId);
      if (slot == null) {
        return Outcome.refused(Refusal.NOT_FOUND, "no slot " + slotId);
      }
      if (slot.status() == SlotStatus.CANCELLED) {
        return Outcome.done(slot);
      }
      // Cancelled, its coach and room free again (it no longer counts as their session), and
      // marked until the cancel has released everything.
      Slot cancelled = slot.with(SlotStatus.CANCELLED);
      t.slots.put(slotId, cancelled);
      t.cancelsDue.put(slotId, change.at());
      audit(slotId, slot.status().name(), SlotStatus.CANCELLED.name(), change);
      return Outcome.done(cancelled);
    }
  }

  @Override
  public void cancelFinished(String slotId) {
    synchronized (t.lock) {
      t.cancelsDue.remove(slotId);
    }
  }

  @Override
  public List<String> cancelsDue(Instant by, int limit) {
    synchronized (t.lock) {
      return t.cancelsDue.entrySet().stream()
          .filter(e -> !e.getValue().isAfter(by))
          .map(Map.Entry::getKey)
          .limit(limit)
          .toList();
    }
  }

  @Override
  public Optional<MinimumDecided> decideMinimum(String slotId, Change change) {
    synchronized (t.lock) {
      Slot slot = t.slots.get(slotId);
      if (slot == null) {
        return Optional.empty();
      }
      Optional<Minimum> minimum = slot.rules().minimum();
      if (minimum.isEmpty()
          || !(minimum.get().decision() instanceof MinimumDecision.Pending)
          || slot.status() == SlotStatus.CANCELLED) {
        return Optional.of(new MinimumDecided(slot, false));
      }
      Minimum m = minimum.get();
      if (m.metBy(slot.taken())) {
        Slot confirmed =
            slot.withRules(
                slot.rules().with(m.decided(new MinimumDecision.Confirmed(change.at()))));
        t.slots.put(slotId, confirmed);
        return Optional.of(new MinimumDecided(confirmed, true));
      }
      Slot cancelled =
          slot.with(SlotStatus.CANCELLED)
              .withRules(
                  slot.rules().with(m.decided(new MinimumDecision.UnderMinimum(change.at()))));
      t.slots.put(slotId, cancelled);
      t.cancelsDue.put(slotId, change.at());
      audit(slotId, slot.status().name(), SlotStatus.CANCELLED.name(), change);
      return Optional.of(new MinimumDecided(cancelled, true));
    }
  }

  @Override
  public List<String> minimumsDue(Instant by, int limit) {
    synchronized (t.lock) {
      return t.slots.values().stream()
          .filter(s -> s.status() != SlotStatus.CANCELLED)
          .filter(
              s ->
                  s.rules()
                      .minimum()
                      .filter(m -> m.decision() instanceof MinimumDecision.Pending)
                      .filter(m -> !m.decideAt(s.interval()).isAfter(by))
                      .isPresent())
          .map(Slot::slotId)
          .limit(limit)
          .toList();
    }
  }

  @Override
  public Page<String> slotIds(Optional<String> cursor, int limit) {
    synchronized (t.lock) {
      return new Page<>(t.slots.keySet().stream().limit(limit).toList(), Optional.empty());
    }
  }

  @Override
  public Outcome<Assignee> createAssignee(Assignee assignee) {
    synchronized (t.lock) {
      if (!t.venues.containsKey(assignee.venueId())) {
        return Outcome.refused(Refusal.NOT_FOUND, "no venue " + assignee.venueId());
      }
      // A twin request (same id) gets the first one back, as the adapter's put-if-absent.
      return Outcome.done(t.assignees.computeIfAbsent(assignee.ref(), ref -> assignee));
    }
  }

  @Override
  public Optional<Assignee> findAssignee(Assignee.Ref ref) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.assignees.get(ref));
    }
  }
}
