package fairslot.catalog.domain;

import fairslot.kernel.Money;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Runs of back-to-back bookable slots of one resource that cover a duration (v1.2 {@code GET
 * /availability}): "any free court at 18:00 for two hours" is the first run starting at 18:00. A
 * snapshot of the slots as read; the booking transaction decides.
 */
public final class Availability {
  private Availability() {}

  /** What is wanted: how long, how many seats, and optionally of which kind of resource. */
  public record Wanted(Duration duration, int quantity, Optional<ResourceKind> kind) {
    public Wanted {
      if (duration.isNegative() || duration.isZero() || quantity < 1) {
        throw new IllegalArgumentException("a positive duration and quantity");
      }
    }
  }

  /** Consecutive slots of one resource from {@code start} to {@code end}, and their price. */
  public record Run(String resourceId, Instant start, Instant end, List<Slot> slots, Money price) {}

  /**
   * Every run, earliest start first (then by resource): from each bookable slot, the fewest
   * back-to-back bookable slots of its resource that reach {@code wanted.duration()}.
   */
  public static List<Run> runs(List<Slot> slots, Wanted wanted, Instant now) {
    Map<String, List<Slot>> byResource =
        slots.stream()
            .filter(s -> bookable(s, wanted, now))
            .collect(Collectors.groupingBy(Slot::resourceId));
    List<Run> runs = new ArrayList<>();
    for (List<Slot> ofResource : byResource.values()) {
      List<Slot> sorted =
          ofResource.stream().sorted(Comparator.comparing(s -> s.interval().start())).toList();
      for (int first = 0; first < sorted.size(); first++) {
        runFrom(sorted, first, wanted).ifPresent(runs::add);
      }
    }
    runs.sort(Comparator.comparing(Run::start).thenComparing(Run::resourceId));
    return runs;
  }

  private static Optional<Run> runFrom(List<Slot> sorted, int first, Wanted wanted) {
    Slot head = sorted.get(first);
    Instant start = head.interval().start();
    Money price = head.price().times(wanted.quantity());
    List<Slot> run = new ArrayList<>(List.of(head));
    Instant end = head.interval().end();
    for (int next = first + 1;
        Duration.between(start, end).compareTo(wanted.duration()) < 0;
        next++) {
      if (next == sorted.size()) {
        return Optional.empty();
      }
      Slot slot = sorted.get(next);
      if (!slot.interval().start().equals(end)
          || !slot.price().currency().equals(price.currency())) {
        return Optional.empty(); // a gap, an overlap, or another currency ends the run
      }
      run.add(slot);
      end = slot.interval().end();
      price =
          new Money(
              price.minor() + slot.price().times(wanted.quantity()).minor(), price.currency());
    }
    return Optional.of(new Run(head.resourceId(), start, end, List.copyOf(run), price));
  }

  /**
   * Bookable now by a member for themselves, directly: on sale, not started, inside the booking
   * window, of the kind wanted, and with the seats free on open sale (none owed to its waitlist).
   */
  static boolean bookable(Slot s, Wanted wanted, Instant now) {
    return s.onSale()
        && !s.hasStarted(now)
        && s.admission() == Admission.DIRECT
        && wanted.kind().map(k -> k == s.kind()).orElse(true)
        && s.policy().bookingWindow().isOpen(s.interval().start(), now)
        && s.remaining() - s.forWaitlist() >= wanted.quantity()
        && wanted.quantity() <= Math.min(s.capacity(), s.policy().maxPerBooking());
  }
}
