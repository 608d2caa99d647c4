package fairslot.catalog.app;

import fairslot.catalog.domain.Lottery;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Port: LOTTERY slots' draws. The lottery is written with its slot ({@link
 * CatalogStore#createSlot(fairslot.catalog.domain.Slot, Optional)}); here it is read, claimed and
 * finished.
 */
public interface LotteryStore {
  Optional<Lottery> find(String slotId);

  /** Slot ids whose lottery closed by {@code by} and is not drawn yet. */
  List<String> due(Instant by, int limit);

  /**
   * The draw held by {@code drawer} until {@code leaseUntil}, on condition it is as {@code seen}
   * (OPEN, or DRAWING by a run whose lease lapsed). False: another run has it.
   */
  boolean claim(Lottery seen, String drawer, Instant leaseUntil);

  /**
   * DRAWING by {@code drawer} back to OPEN: a run that could not finish hands the draw on at once
   * rather than after its lease.
   */
  boolean release(String slotId, String drawer);

  /** DRAWING by {@code drawer} to DRAWN (the seed revealed, off the due index). */
  boolean finish(String slotId, String drawer, Instant at);
}
