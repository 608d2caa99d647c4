package fairslot.catalog.app;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignment;
import fairslot.catalog.domain.Minimum;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.WeeklySchedule;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * slots:generate: every session of a weekly rule, one conditional transaction each (the (resource,
 * start) guard makes a rerun create nothing new, without a query before writing). Clashes and past
 * starts are reported per session, never silently dropped.
 */
public final class SlotGeneration {
  private final CatalogStore store;
  private final Clock clock;
  private final IdGenerator ids;

  SlotGeneration(CatalogStore store, Clock clock, IdGenerator ids) {
    this.store = store;
    this.clock = clock;
    this.ids = ids;
  }

  /** A weekly rule expanded over [from, to] (venue-local dates). */
  public record GenerateSlots(
      String resourceId,
      LocalDate from,
      LocalDate to,
      List<WeeklySchedule.Session> weekly,
      OptionalInt capacity,
      Money price,
      Admission admission,
      Assignment assignment,
      Optional<Minimum> minimum) {
    /** Without a minimum of participants. */
    public GenerateSlots(
        String resourceId,
        LocalDate from,
        LocalDate to,
        List<WeeklySchedule.Session> weekly,
        OptionalInt capacity,
        Money price,
        Admission admission,
        Assignment assignment) {
      this(resourceId, from, to, weekly, capacity, price, admission, assignment, Optional.empty());
    }
  }

  /**
   * What generation did: {@code created} new slots, {@code skipped} that already existed (same
   * resource and start), starts DST moved ({@code shifted}), and sessions refused with a reason
   * ({@code rejected}: a coach/room clash naming the clashing slots, or a start in the past).
   */
  public record Generated(
      List<Slot> created,
      int skipped,
      List<WeeklySchedule.Planned> shifted,
      List<Rejected> rejected,
      ZoneId zone) {}

  public record Rejected(
      Instant start, Refusal refusal, String detail, Map<String, Object> extras) {}

  /** The most sessions one generate call creates; larger ranges are split by the caller. */
  public static final int MAX_GENERATED = 500;

  /**
   * Creates every session of a weekly rule, one conditional transaction each (the (resource, start)
   * guard makes a rerun create nothing new, without a query before writing). Clashes and past
   * starts are reported per session, never silently dropped.
   */
  Outcome<Generated> generate(GenerateSlots command) {
    if (command.admission() == Admission.LOTTERY) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "a LOTTERY slot is made one at a time");
    }
    Outcome<SlotTarget> target =
        SlotTarget.find(
            store,
            command.resourceId(),
            command.capacity(),
            command.assignment(),
            command.minimum());
    if (!(target instanceof Outcome.Done<SlotTarget> found)) {
      return target.map(t -> null);
    }
    if (command.to().isBefore(command.from())) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "to must not be before from");
    }
    if (command.from().plusDays(366).isBefore(command.to())) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "generate at most 366 days at a time");
    }
    List<WeeklySchedule.Planned> planned =
        WeeklySchedule.expand(
            found.value().venue().timeZone(), command.from(), command.to(), command.weekly());
    if (planned.size() > MAX_GENERATED) {
      return Outcome.refused(
          Refusal.INVALID_REQUEST,
          "that is "
              + planned.size()
              + " sessions; generate at most "
              + MAX_GENERATED
              + " at a time");
    }
    List<Slot> created = new ArrayList<>();
    List<Rejected> rejected = new ArrayList<>();
    int skipped = 0;
    Instant now = clock.instant();
    for (WeeklySchedule.Planned p : planned) {
      if (!p.interval().start().isAfter(now)) {
        rejected.add(
            new Rejected(
                p.interval().start(), Refusal.SLOT_IN_PAST, "starts in the past", Map.of()));
        continue;
      }
      if (decidedTooLate(command.minimum(), p.interval(), clock.instant())) {
        rejected.add(
            new Rejected(p.interval().start(), Refusal.INVALID_REQUEST, DECISION_PAST, Map.of()));
        continue;
      }
      Outcome<Slot> outcome =
          store.createSlot(
              found
                  .value()
                  .slot(ids.newId(), p.interval(), priceOf(p, command), command.admission()));
      if (outcome instanceof Outcome.Done<Slot> done) {
        created.add(done.value());
      } else {
        Outcome.Refused<Slot> refused = (Outcome.Refused<Slot>) outcome;
        if (refused.refusal() == Refusal.DUPLICATE_SLOT) {
          skipped++;
        } else {
          rejected.add(
              new Rejected(
                  p.interval().start(), refused.refusal(), refused.detail(), refused.extras()));
        }
      }
    }
    return Outcome.done(
        new Generated(
            created,
            skipped,
            planned.stream().filter(WeeklySchedule.Planned::shifted).toList(),
            rejected,
            found.value().venue().timeZone()));
  }

  static final String DECISION_PAST =
      "the minimum-participants decision (start - decideBefore) would be in the past";

  /** A minimum whose decision time has passed would cancel the slot the moment it exists. */
  static boolean decidedTooLate(Optional<Minimum> minimum, Interval session, Instant now) {
    return minimum.isPresent() && !minimum.get().decideAt(session).isAfter(now);
  }

  /** A session's own price (a peak hour's), else the generation's; in the generation's currency. */
  private static Money priceOf(WeeklySchedule.Planned p, GenerateSlots command) {
    return p.priceMinor().isPresent()
        ? new Money(p.priceMinor().getAsLong(), command.price().currency())
        : command.price();
  }
}
