package fairslot.booking.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.app.SeatCount;
import fairslot.kernel.Change;
import fairslot.kernel.JobReport;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberLedger;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Checks capacity == remaining + active booking quantities + open offer quantities for slots, one
 * slot or a page of all of them at a time, and reports every slot where it does not hold with its
 * parts. Repair is explicit (never part of the daily job) and audited: it sets the counter to what
 * the recount says, on condition the counter has not moved since the count. It also reports a slot
 * whose space is sold twice (combined resources: it holds seats while a counterpart does), which no
 * repair can undo: a person must move one of the bookings.
 */
public final class Reconciliation {
  private final CatalogStore catalog;
  private final LedgerStore ledger;
  private final Clock clock;

  public Reconciliation(CatalogStore catalog, LedgerStore ledger, Clock clock) {
    this.catalog = catalog;
    this.ledger = ledger;
    this.clock = clock;
  }

  public record Deviation(SeatCount count, boolean repaired) {}

  /**
   * {@code members}: the members checked (those with upcoming bookings of the slots checked, or the
   * one asked for) whose counters or pack credits are off, each confirmed by a second count.
   */
  public record Result(
      int checked,
      List<Deviation> deviations,
      Optional<String> nextCursor,
      int membersChecked,
      List<MemberLedger> members,
      List<String> spaceClashes) {

    /** With no slot sharing its space twice. */
    public Result(
        int checked,
        List<Deviation> deviations,
        Optional<String> nextCursor,
        int membersChecked,
        List<MemberLedger> members) {
      this(checked, deviations, nextCursor, membersChecked, members, List.of());
    }
  }

  /**
   * Repair, if asked, happens as {@code actor}; with {@code userId}, only that member is checked.
   */
  public record Request(
      Optional<String> slotId,
      Optional<String> cursor,
      int limit,
      boolean repair,
      String actor,
      Optional<String> userId) {

    public Request(
        Optional<String> slotId, Optional<String> cursor, int limit, boolean repair, String actor) {
      this(slotId, cursor, limit, repair, actor, Optional.empty());
    }
  }

  /** How long to wait before counting a member again: the by-user index may lag a moment. */
  private static final Duration RECOUNT_AFTER = Duration.ofMillis(250);

  /** NOT_FOUND when the one slot asked for does not exist. */
  public Outcome<Result> check(Request request) {
    if (request.userId().isPresent()) {
      List<MemberLedger> off = checkMembers(Set.of(request.userId().get()));
      return Outcome.done(new Result(0, List.of(), Optional.empty(), 1, off));
    }
    Result result = checkPage(request);
    if (request.slotId().isPresent() && result.checked() == 0) {
      return Outcome.refused(Refusal.NOT_FOUND, "no slot " + request.slotId().get());
    }
    return Outcome.done(result);
  }

  private Result checkPage(Request request) {
    List<String> slotIds;
    Optional<String> next = Optional.empty();
    if (request.slotId().isPresent()) {
      slotIds = List.of(request.slotId().get());
    } else {
      Page<String> page = catalog.slotIds(request.cursor(), request.limit());
      slotIds = page.items();
      next = page.nextCursor();
    }
    List<Deviation> deviations = new ArrayList<>();
    List<String> clashes = new ArrayList<>();
    Set<String> members = new TreeSet<>();
    int checked = 0;
    for (String slotId : slotIds) {
      Optional<SeatCount> count = ledger.count(slotId);
      if (count.isEmpty()) {
        continue;
      }
      checked++;
      members.addAll(count.get().members());
      if (spaceTakenTwice(slotId, count.get()) && spaceTakenTwice(slotId, confirmedLater(slotId))) {
        clashes.add(slotId);
      }
      if (!count.get().balanced()) {
        count = confirmed(slotId, count.get());
      }
      if (count.isPresent() && !count.get().balanced()) {
        boolean repaired =
            request.repair()
                && ledger.repair(
                    count.get(),
                    Change.by(
                        request.actor(),
                        clock.instant(),
                        "reconcile repair: held="
                            + count.get().held()
                            + " offered="
                            + count.get().offered()
                            + " capacity="
                            + count.get().capacity()));
        deviations.add(new Deviation(count.get(), repaired));
      }
    }
    return new Result(checked, deviations, next, members.size(), checkMembers(members), clashes);
  }

  /**
   * Combined resources: the slot holds seats (counted from its bookings and offers) while a
   * counterpart's space is taken too: a full court and its half both sold for one hour.
   */
  private boolean spaceTakenTwice(String slotId, SeatCount count) {
    if (count.held() + count.offered() == 0) {
      return false;
    }
    return catalog
        .findSlot(slotId)
        .filter(s -> !s.rules().counterparts().isEmpty())
        .map(s -> !catalog.spaceTaken(List.of(s)).isEmpty())
        .orElse(false);
  }

  /** The slot counted again a moment later (a cancel in flight lands). */
  private SeatCount confirmedLater(String slotId) {
    pause();
    return ledger.count(slotId).orElseThrow();
  }

  /**
   * A slot that counts off is counted again a moment later (the indexes settle, a move in flight
   * lands) and reported only if it is off by as much again: the second count, or empty if that one
   * balances. A real deviation stays; a read skew does not.
   */
  private Optional<SeatCount> confirmed(String slotId, SeatCount first) {
    pause();
    Optional<SeatCount> second = ledger.count(slotId);
    return second.filter(c -> !c.balanced() && c.imbalance() == first.imbalance());
  }

  /**
   * Each member's ledgers; one that is off is counted again a moment later and reported only if it
   * is off the same way twice (a booking between the reads, or the index catching up, is not a
   * deviation).
   */
  private List<MemberLedger> checkMembers(Set<String> userIds) {
    List<MemberLedger> off = new ArrayList<>();
    for (String userId : userIds) {
      MemberLedger first = ledger.countMember(userId);
      if (first.balanced()) {
        continue;
      }
      pause();
      MemberLedger second = ledger.countMember(userId);
      if (!second.balanced()
          && second.counterDeviations().equals(first.counterDeviations())
          && second.creditDeviations().equals(first.creditDeviations())) {
        off.add(second);
      }
    }
    return off;
  }

  private static void pause() {
    try {
      Thread.sleep(RECOUNT_AFTER.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The daily job: every slot, page by page; deviations go to {@code report}, nothing is repaired.
   */
  public JobReport checkEverySlot(
      int pageSize,
      Consumer<Deviation> report,
      Consumer<MemberLedger> reportMember,
      Consumer<String> reportClash) {
    int checked = 0;
    int deviations = 0;
    Optional<String> cursor = Optional.empty();
    do {
      Result page = checkPage(new Request(Optional.empty(), cursor, pageSize, false, "reconcile"));
      checked += page.checked();
      deviations += page.deviations().size() + page.members().size() + page.spaceClashes().size();
      page.deviations().forEach(report);
      page.spaceClashes().forEach(reportClash);
      page.members().forEach(reportMember);
      cursor = page.nextCursor();
    } while (cursor.isPresent());
    return new JobReport("reconcile", checked, deviations, checked);
  }
}
