package fairslot.catalog.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A LOTTERY slot's draw (API.md v1.2): entries until {@code closesAt}, then one draw in an order
 * anyone can check. The secret {@code seed} is fixed when the slot is created and only its hash is
 * shown until the draw (commit, then reveal). {@code drawer} and {@code leaseUntil}: the job run
 * that holds the draw, so two runs at once draw it once, and a run that died is taken over.
 */
public record Lottery(
    String slotId,
    Instant closesAt,
    String seed,
    String seedHash,
    Status status,
    Optional<String> drawer,
    Optional<Instant> leaseUntil,
    Optional<Instant> drawnAt) {

  public enum Status {
    OPEN,
    DRAWING,
    DRAWN
  }

  /** How long a run holds the draw before another may take it over. */
  public static final Duration LEASE = Duration.ofMinutes(5);

  public static Lottery open(String slotId, Instant closesAt, String seed, String seedHash) {
    return new Lottery(
        slotId,
        closesAt,
        seed,
        seedHash,
        Status.OPEN,
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  /** Held by {@code drawer} until {@code leaseUntil}. */
  public Lottery drawing(String by, Instant until) {
    return new Lottery(
        slotId,
        closesAt,
        seed,
        seedHash,
        Status.DRAWING,
        Optional.of(by),
        Optional.of(until),
        Optional.empty());
  }

  /** Handed back by a run that could not finish: OPEN again, no drawer. */
  public Lottery released() {
    return open(slotId, closesAt, seed, seedHash);
  }

  /** Drawn at {@code at}: the seed may be shown. */
  public Lottery drawn(Instant at) {
    return new Lottery(
        slotId, closesAt, seed, seedHash, Status.DRAWN, drawer, Optional.empty(), Optional.of(at));
  }

  /** Entries are taken while the lottery is open and its closing time has not come. */
  public boolean takesEntries(Instant now) {
    return status == Status.OPEN && now.isBefore(closesAt);
  }

  /** A run may take the draw: closed for entries, and not held by a live run. */
  public boolean drawable(Instant now) {
    return !now.isBefore(closesAt)
        && (status == Status.OPEN
            || (status == Status.DRAWING && leaseUntil.map(now::isAfter).orElse(true)));
  }

  /** The seed, once drawn: before that, revealing it would let anyone predict the draw. */
  public Optional<String> revealedSeed() {
    return status == Status.DRAWN ? Optional.of(seed) : Optional.empty();
  }
}
