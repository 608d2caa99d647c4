package fairslot.memory;

import fairslot.catalog.app.LotteryStore;
import fairslot.catalog.domain.Lottery;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** In-memory {@link LotteryStore}: the same conditions as the DynamoDB one, under one lock. */
public final class MemoryLotteryStore implements LotteryStore {
  private final MemoryTables t;

  public MemoryLotteryStore(MemoryTables t) {
    this.t = t;
  }

  @Override
  public Optional<Lottery> find(String slotId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.lotteries.get(slotId));
    }
  }

  @Override
  public List<String> due(Instant by, int limit) {
    synchronized (t.lock) {
      return t.lotteries.values().stream()
          .filter(l -> l.status() != Lottery.Status.DRAWN && !l.closesAt().isAfter(by))
          .map(Lottery::slotId)
          .limit(limit)
          .toList();
    }
  }

  @Override
  public boolean claim(Lottery seen, String drawer, Instant leaseUntil) {
    synchronized (t.lock) {
      Lottery now = t.lotteries.get(seen.slotId());
      if (now == null || !now.equals(seen) || now.status() == Lottery.Status.DRAWN) {
        return false;
      }
      t.lotteries.put(seen.slotId(), now.drawing(drawer, leaseUntil));
      return true;
    }
  }

  @Override
  public boolean release(String slotId, String drawer) {
    return moveHeld(slotId, drawer, Lottery::released);
  }

  @Override
  public boolean finish(String slotId, String drawer, Instant at) {
    return moveHeld(slotId, drawer, l -> l.drawn(at));
  }

  /** A move of a draw held by {@code drawer}, as the adapter's condition allows it. */
  private boolean moveHeld(
      String slotId, String drawer, java.util.function.UnaryOperator<Lottery> move) {
    synchronized (t.lock) {
      Lottery now = t.lotteries.get(slotId);
      if (now == null
          || now.status() != Lottery.Status.DRAWING
          || !now.drawer().equals(Optional.of(drawer))) {
        return false;
      }
      t.lotteries.put(slotId, move.apply(now));
      return true;
    }
  }
}
