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
      t.lotteries.put(
          seen.slotId(),
          new Lottery(
              now.slotId(),
              now.closesAt(),
              now.seed(),
              now.seedHash(),
              Lottery.Status.DRAWING,
              Optional.of(drawer),
              Optional.of(leaseUntil),
              Optional.empty()));
      return true;
    }
  }

  @Override
  public boolean release(String slotId, String drawer) {
    synchronized (t.lock) {
      Lottery now = t.lotteries.get(slotId);
      if (now == null
          || now.status() != Lottery.Status.DRAWING
          || !now.drawer().equals(Optional.of(drawer))) {
        return false;
      }
      t.lotteries.put(
          slotId,
          new Lottery(
              now.slotId(),
              now.closesAt(),
              now.seed(),
              now.seedHash(),
              Lottery.Status.OPEN,
              Optional.empty(),
              Optional.empty(),
              Optional.empty()));
      return true;
    }
  }

  @Override
  public boolean finish(String slotId, String drawer, Instant at) {
    synchronized (t.lock) {
      Lottery now = t.lotteries.get(slotId);
      if (now == null
          || now.status() != Lottery.Status.DRAWING
          || !now.drawer().equals(Optional.of(drawer))) {
        return false;
      }
      t.lotteries.put(
          slotId,
          new Lottery(
              now.slotId(),
              now.closesAt(),
              now.seed(),
              now.seedHash(),
              Lottery.Status.DRAWN,
              now.drawer(),
              Optional.empty(),
              Optional.of(at)));
      return true;
    }
  }
}
