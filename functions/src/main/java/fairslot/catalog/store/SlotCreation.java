package fairslot.catalog.store;

import static fairslot.catalog.domain.OperatingStatus.DISABLED;
import static fairslot.table.Attr.s;

import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.AssigneeCalendar;
import fairslot.catalog.domain.Lottery;
import fairslot.catalog.domain.ResourceDay;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A new slot in one transaction: the slot, a (resource, start) guard that makes a duplicate
 * impossible, and the slot added to each coach's and room's calendar day on condition the day is
 * still the version seen. A moved day comes back as it is now, which either shows the clash or is
 * the version to try again with.
 */
final class SlotCreation {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    ASSIGNEE_DAY,
    COUNTERPART,
    LOTTERY,
    PART,
    RESOURCE,
    RESOURCE_DAY,
    SHARING_DAY,
    SLOT,
    START,
    VENUE
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final Function<String, Optional<Slot>> findSlot;
  private final ResourceDayWrites resourceDays;

  SlotCreation(DynamoDbClient dynamo, String table, Function<String, Optional<Slot>> findSlot) {
    this.dynamo = dynamo;
    this.table = table;
    this.findSlot = findSlot;
    this.resourceDays = new ResourceDayWrites(table);
  }

  /**
   * Each retry means another request succeeded: a venue edit (the slot carries its policy) or a
   * session on the coach's or room's day. Eight was too few for VenueEditIT's eight edits racing
   * twenty creations: a creation that lost to every edit ran out on the ninth try (a CI run).
   */
  private static final int CREATE_ATTEMPTS = 16;

  /**
   * A LOTTERY slot's draw is written in the same transaction (fails only with its slot's put).
   * {@code readSpace}: the resources whose slots share this one's space (combined resources), read
   * again whenever a resource joins a combined one meanwhile: the slot is linked to theirs that
   * overlap it.
   */
  Outcome<Slot> create(
      Slot asked, Optional<Lottery> lottery, Function<Slot, SharedSpace> readSpace) {
    Slot slot = asked;
    SharedSpace space = readSpace.apply(slot);
    // First attempt: every coach/room day as if unwritten; a failed version condition returns the
    // day as it is (ALL_OLD), which either shows the clash or is the version to try again with.
    List<AssigneeCalendar> seen = new ArrayList<>();
    for (Assignee.Ref ref : slot.assignment().refs()) {
      for (LocalDate day : slot.interval().utcDays()) {
        seen.add(AssigneeCalendar.empty(ref, day));
      }
    }
    // The resource's days where it keeps a buffer, and for every EXCLUSIVE resource: a combined
    // resource's slots find their counterparts there. SEATS and RENTAL slots need neither.
    boolean onDays = slot.rules().buffered() || slot.kind() == ResourceKind.EXCLUSIVE;
    List<ResourceDay> days =
        new ArrayList<>(onDays ? resourceDays.guess(slot) : List.<ResourceDay>of());
    List<ResourceDay> sharingDays =
        new ArrayList<>(CounterpartLinks.unwrittenDays(space.sharing(), slot.interval()));
    if (SlotClashes.gapClash(days, slot).isPresent()) {
      // The guess holds a neighbour this slot is too close to (perhaps cancelled since): the day as
      // it is now decides, after a first try that fails on its version. A guess without a clash
      // commits only if it is the day as it is, so no gap is judged on a stale guess.
      days = new ArrayList<>(ResourceDayWrites.unwritten(slot));
    }
    for (int attempt = 1; attempt <= CREATE_ATTEMPTS; attempt++) {
      if (attempt > 2) {
        backOff(attempt);
      }
      Set<String> counterparts = CounterpartLinks.overlapping(sharingDays, slot.interval());
      if (onDays) {
        slot = slot.withRules(slot.rules().onDaysWith(counterparts));
      }
      Slot created = slot;
      // The (resource, start) guard item makes "same resource and start twice" impossible,
      // atomically.
      Optional<Transaction.Cancelled<Action>> cancelled =
          new Transaction<Action>()
              .add(
                  Action.START,
                  TxItems.put(
                      Put.builder()
                          .tableName(table)
                          .item(
                              Map.of(
                                  Keys.PK,
                                  s(Keys.resource(slot.resourceId())),
                                  Keys.SK,
                                  s(Keys.slotStart(slot.interval().start())),
                                  "type",
                                  s("SLOT_START"),
                                  "slotId",
                                  s(slot.slotId())))
                          .conditionExpression("attribute_not_exists(PK)")
                          .returnValuesOnConditionCheckFailure(
                              ReturnValuesOnConditionCheckFailure.ALL_OLD)))
              .add(Action.SLOT, new SlotWrites(table).create(slot))
              .addEach(Action.ASSIGNEE_DAY, assigneeDays(seen, slot))
              .addEach(Action.RESOURCE_DAY, resourceDayWrites(days, slot))
              .addEach(
                  Action.SHARING_DAY,
                  sharingDays.stream().map(d -> CounterpartLinks.dayUnchanged(table, d)).toList())
              .addEach(
                  Action.COUNTERPART,
                  counterparts.stream()
                      .map(c -> new SlotWrites(table).link(c, created.slotId()))
                      .toList())
              .addEach(
                  Action.LOTTERY,
                  lottery.map(l -> List.of(LotteryItems.create(table, l))).orElse(List.of()))
              .add(
                  Action.VENUE,
                  VenueChecks.activeAtRev(table, slot.venueId(), slot.inherited().venueRev()))
              .add(
                  Action.RESOURCE,
                  SharedSpace.resourceAsRead(table, slot.resourceId(), space.ownPartOf()))
              .addEach(
                  Action.PART,
                  space.partsPartOf().entrySet().stream()
                      .map(p -> SharedSpace.partAsRead(table, p.getKey(), p.getValue()))
                      .toList())
              .commit(dynamo);
      if (cancelled.isEmpty()) {
        resourceDays.written(days, slot);
        return Outcome.done(slot);
      }
      Transaction.Cancelled<Action> reasons = cancelled.get();
      if (reasons.failed(Action.VENUE) || reasons.failed(Action.RESOURCE)) {
        Optional<Map<String, AttributeValue>> venue = reasons.oldItem(Action.VENUE);
        Optional<Map<String, AttributeValue>> resource = reasons.oldItem(Action.RESOURCE);
        if (reasons.failed(Action.VENUE) && venue.isEmpty()
            || reasons.failed(Action.RESOURCE) && resource.isEmpty()) {
          return Outcome.refused(Refusal.NOT_FOUND, "the slot's venue or resource is gone");
        }
        boolean venueOff =
            venue.map(VenueItemMapper::fromItem).map(v -> v.status() == DISABLED).orElse(false);
        boolean resourceOff = resource.map(SharedSpace::resourceOff).orElse(false);
        if (venueOff || resourceOff) {
          return Outcome.refused(
              Refusal.DISABLED,
              venueOff ? "the venue is disabled" : "the resource is disabled",
              Map.of());
        }
        if (reasons.failed(Action.RESOURCE)) {
          // Active, but joined to a combined resource since it was read: read who shares again.
          space = readSpace.apply(slot);
          sharingDays =
              new ArrayList<>(CounterpartLinks.unwrittenDays(space.sharing(), slot.interval()));
        }
        if (!reasons.failed(Action.VENUE)) {
          continue;
        }
        // The venue was edited since it was read: the slot carries the policy of the moment.
        Venue now = VenueItemMapper.fromItem(venue.orElseThrow());
        slot = slot.withVenue(now.policy(), now.rev());
        continue;
      }
      if (reasons.failedAny(Action.PART)) {
        // A part of this combined resource joined another one since it was read.
        space = readSpace.apply(slot);
        sharingDays =
            new ArrayList<>(CounterpartLinks.unwrittenDays(space.sharing(), slot.interval()));
        continue;
      }
      if (reasons.failed(Action.START)) {
        String existing = reasons.oldItem(Action.START).map(i -> Attr.str(i, "slotId")).orElse("");
        if (existing.equals(slot.slotId())) {
          // A twin request (same Idempotency-Key, so the same id) created this very slot: it is
          // ours.
          return findSlot
              .apply(existing)
              .<Outcome<Slot>>map(Outcome::done)
              .orElseThrow(reasons::exception);
        }
        return Outcome.refused(
            Refusal.DUPLICATE_SLOT,
            "the resource already has a slot starting then",
            Map.of("slotId", existing));
      }
      boolean moved = false;
      for (int i = 0; i < seen.size(); i++) {
        if (reasons.failed(Action.ASSIGNEE_DAY, i)) {
          AssigneeCalendar was = seen.get(i);
          seen.set(
              i,
              reasons
                  .oldItem(Action.ASSIGNEE_DAY, i)
                  .map(item -> AssigneeCalendarMapper.fromItem(was.owner(), was.day(), item))
                  .orElse(AssigneeCalendar.empty(was.owner(), was.day())));
          moved = true;
        }
      }
      moved |= refresh(days, Action.RESOURCE_DAY, reasons);
      moved |= refresh(sharingDays, Action.SHARING_DAY, reasons);
      Optional<Outcome<Slot>> clash = SlotClashes.clash(seen, slot);
      if (clash.isPresent()) {
        return clash.get();
      }
      Optional<Outcome<Slot>> gap = SlotClashes.gapClash(days, slot);
      if (gap.isPresent()) {
        return gap.get();
      }
      if (!moved) {
        throw new IllegalStateException(
            "slot creation cancelled for an unexpected reason: " + reasons);
      }
    }
    return Outcome.refused(
        Refusal.THROTTLED,
        "the venue, or the coach's or room's calendar, kept changing; try again");
  }

  /**
   * Creations that keep meeting each other (a hall's courts and their wholes share every day) wait
   * a random few milliseconds, more with each try, so they stop colliding in step: without it 42
   * creations over one hall's seven resources ran some out of tries (CombinedCreationRaceIT).
   */
  private static void backOff(int attempt) {
    try {
      Thread.sleep(ThreadLocalRandom.current().nextInt(1, 4 * attempt));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Replaces each day whose version check failed by the day as it is now; whether any did. */
  private static boolean refresh(
      List<ResourceDay> days, Action action, Transaction.Cancelled<Action> reasons) {
    boolean moved = false;
    for (int i = 0; i < days.size(); i++) {
      if (reasons.failed(action, i)) {
        ResourceDay was = days.get(i);
        days.set(
            i,
            reasons
                .oldItem(action, i)
                .map(item -> ResourceDayWrites.fromItem(was.resourceId(), was.day(), item))
                .orElse(ResourceDay.empty(was.resourceId(), was.day())));
        moved = true;
      }
    }
    return moved;
  }

  private List<TransactWriteItem> resourceDayWrites(List<ResourceDay> days, Slot slot) {
    return days.stream().map(day -> resourceDays.add(day, slot)).toList();
  }

  private List<TransactWriteItem> assigneeDays(List<AssigneeCalendar> seen, Slot slot) {
    return seen.stream().map(day -> addToAssigneeDay(day, slot)).toList();
  }

  private TransactWriteItem addToAssigneeDay(AssigneeCalendar seen, Slot slot) {
    return ResourceDayWrites.atVersion(
        table,
        AssigneeCalendarMapper.toItem(seen.with(slot.slotId(), slot.interval())),
        seen.version());
  }
}
