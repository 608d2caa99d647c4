package fairslot.catalog.domain;

import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * An admin's change to a slot's price or capacity, judged against the slot as it is. Seats spoken
 * for are the booked ones, the open offers, and the seats owed to members waiting (they were
 * released to the waitlist, in join order): capacity may come down to that number and no lower.
 * Raised capacity is new seats, and like released seats they go to the waitlist first when anyone
 * waits.
 */
public record SlotEdit(Optional<Long> priceMinor, Optional<String> currency, OptionalInt capacity) {

  public boolean changesNothing() {
    return priceMinor.isEmpty() && currency.isEmpty() && capacity.isEmpty();
  }

  /** Booked seats, open offers and seats owed to the waitlist. */
  public static int seatsSpokenFor(Slot s) {
    return s.capacity() - s.remaining() + s.forWaitlist();
  }

  /** The slot after the edit, or why it cannot be made; decides nothing about concurrency. */
  public Outcome<Slot> applyTo(Slot s, Instant now) {
    if (s.status() == SlotStatus.CANCELLED) {
      return Outcome.refused(Refusal.SLOT_CLOSED, "a cancelled slot cannot be edited");
    }
    if (s.hasStarted(now)) {
      return Outcome.refused(Refusal.SLOT_IN_PAST, "the slot has already started");
    }
    int newCapacity = capacity.orElse(s.capacity());
    if (s.kind() == ResourceKind.EXCLUSIVE && newCapacity != 1) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "an EXCLUSIVE slot has capacity 1");
    }
    int spokenFor = seatsSpokenFor(s);
    if (newCapacity < spokenFor) {
      return Outcome.refused(
          Refusal.CAPACITY_BELOW_BOOKED,
          spokenFor + " seats are booked, offered or owed to the waitlist",
          Map.of("booked", spokenFor));
    }
    int added = newCapacity - s.capacity();
    int owed = added > 0 && s.waitlistLength() > 0 ? s.forWaitlist() + added : s.forWaitlist();
    Money price =
        new Money(priceMinor.orElse(s.price().minor()), currency.orElse(s.price().currency()));
    return Outcome.done(
        new Slot(
            s.slotId(),
            s.venueId(),
            s.resourceId(),
            s.kind(),
            s.interval(),
            newCapacity,
            s.remaining() + added,
            s.status(),
            price,
            s.admission(),
            s.waitlistLength(),
            s.timeZone(),
            s.policy(),
            owed,
            s.assignment(),
            s.inherited(),
            s.rules()));
  }
}
