package fairslot.catalog.store;

import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.AssigneeCalendar;
import fairslot.catalog.domain.ResourceDay;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What a new slot would clash with, judged on the days its creation read: refusals, not writes. */
final class SlotClashes {
  private SlotClashes() {}

  /** The first coach/room (coach before room) whose days already hold an overlapping session. */
  static Optional<Outcome<Slot>> clash(List<AssigneeCalendar> days, Slot slot) {
    for (Assignee.Ref ref : slot.assignment().refs()) {
      List<String> clashing =
          days.stream()
              .filter(d -> d.owner().equals(ref))
              .flatMap(d -> d.clashesWith(slot.interval()).stream())
              .distinct()
              .sorted()
              .toList();
      if (!clashing.isEmpty()) {
        return Optional.of(Assignee.clash(ref, clashing));
      }
    }
    return Optional.empty();
  }

  /** The slots of the resource whose changeover gap this one would break, if any. */
  static Optional<Outcome<Slot>> gapClash(List<ResourceDay> days, Slot slot) {
    List<String> clashing =
        days.stream()
            .flatMap(
                d ->
                    d
                        .gapClashes(slot.slotId(), slot.interval(), slot.rules().bufferAfter())
                        .stream())
            .distinct()
            .sorted()
            .toList();
    if (clashing.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        Outcome.refused(
            Refusal.CONFLICT_BUFFER,
            "the resource keeps "
                + slot.rules().bufferAfter()
                + " free after each slot: this one would break that gap",
            Map.of("conflicts", clashing.stream().map(id -> Map.of("slotId", id)).toList())));
  }
}
