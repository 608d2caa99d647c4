package fairslot.catalog.app;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Lottery;
import fairslot.catalog.domain.Slot;
import java.util.Optional;

/** What the slot's endpoints and the booking path read of a LOTTERY slot's draw. */
public final class Lotteries {
  private final LotteryStore store;

  public Lotteries(LotteryStore store) {
    this.store = store;
  }

  /** The slot's lottery; one read, and only for a LOTTERY slot. */
  public Optional<Lottery> of(Slot slot) {
    return slot.admission() == Admission.LOTTERY ? store.find(slot.slotId()) : Optional.empty();
  }
}
