package fairslot.booking.store;

import static fairslot.table.Attr.s;

import fairslot.booking.app.LedgerStore;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.SeatCount;
import fairslot.catalog.store.SeatWrites;
import fairslot.definitions.Fairslot;
import fairslot.kernel.Change;
import fairslot.member.domain.MemberLedger;
import fairslot.pass.domain.PlanKind;
import fairslot.pass.store.PassItemMapper;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RecordParts;
import fairslot.waitlist.domain.WaitlistStatus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Reconcile's reads: the slot item, then the slot's bookings (bookingsBySlot) and waitlist entries
 * (entriesBySlot), projecting only status and quantity. Index reads are eventually consistent, so a
 * count taken while the slot is busy can differ for a moment; the repair's condition on the counter
 * it saw keeps such a count from being written.
 */
public final class DynamoDbLedgerStore implements LedgerStore {
  private final DynamoDbClient dynamo;
  private final String table;
  private final SeatWrites seats;
  private final RecordParts records;

  public DynamoDbLedgerStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.seats = new SeatWrites(table);
    this.records = new RecordParts(table);
  }

  @Override
  public Optional<SeatCount> count(String slotId) {
    // The counter and the bookings cannot be read at one instant. A count is kept only if the
    // counter read after the bookings equals the one read before: no seat moved in between (a
    // booking granted mid-count once read as a deviation). A slot too busy to settle in a few
    // tries is counted as last read, and the caller's recount judges it.
    Optional<SeatCount> last = Optional.empty();
    for (int attempt = 0; attempt < SETTLE_ATTEMPTS; attempt++) {
      Optional<Map<String, AttributeValue>> before = counter(slotId);
      if (before.isEmpty()) {
        return Optional.empty();
      }
      last = countAgainst(slotId, before.get());
      if (counter(slotId).equals(before)) {
        return last;
      }
    }
    return last;
  }

  private static final int SETTLE_ATTEMPTS = 3;

  /** The slot's capacity and remaining, read consistently. */
  private Optional<Map<String, AttributeValue>> counter(String slotId) {
    Map<String, AttributeValue> slot =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .key(Attr.key(Keys.slot(slotId), "SLOT"))
                        .consistentRead(true)
                        .projectionExpression("#capacity, remaining")
                        .expressionAttributeNames(Map.of("#capacity", "capacity")))
            .item();
    return slot == null || slot.isEmpty() ? Optional.empty() : Optional.of(slot);
  }

  private Optional<SeatCount> countAgainst(String slotId, Map<String, AttributeValue> slot) {
    List<Map<String, AttributeValue>> bookings =
        dynamo
            .queryPaginator(
                r ->
                    r.tableName(table)
                        .indexName(Fairslot.BOOKINGS_BY_SLOT)
                        .keyConditionExpression("bookingSlot = :slot")
                        .projectionExpression("#status, quantity, userId")
                        .expressionAttributeNames(Map.of("#status", "status"))
                        .expressionAttributeValues(Map.of(":slot", s(slotId))))
            .items()
            .stream()
            .filter(i -> BookingStatus.valueOf(Attr.str(i, "status")).isActive())
            .toList();
    int held = bookings.stream().mapToInt(i -> Attr.integer(i, "quantity")).sum();
    Set<String> members =
        bookings.stream()
            .filter(i -> BookingStatus.valueOf(Attr.str(i, "status")).isUpcoming())
            .map(i -> Attr.str(i, "userId"))
            .collect(Collectors.toSet());
    // An offer holds one seat.
    int offered =
        (int)
            dynamo
                .queryPaginator(
                    r ->
                        r.tableName(table)
                            .indexName(Fairslot.ENTRIES_BY_SLOT)
                            .keyConditionExpression("entrySlot = :slot")
                            .projectionExpression("#status")
                            .expressionAttributeNames(Map.of("#status", "status"))
                            .expressionAttributeValues(Map.of(":slot", s(slotId))))
                .items()
                .stream()
                .filter(i -> WaitlistStatus.OFFERED.name().equals(Attr.str(i, "status")))
                .count();
    return Optional.of(
        new SeatCount(
            slotId,
            Attr.integer(slot, "capacity"),
            Attr.integer(slot, "remaining"),
            held,
            offered,
            members));
  }

  @Override
  public MemberLedger countMember(String userId) {
    List<Map<String, AttributeValue>> counters = memberItems(userId, "UPCOMING#");
    List<Map<String, AttributeValue>> passes = memberItems(userId, "PASS#");
    List<Booking> bookings =
        dynamo
            .queryPaginator(
                r ->
                    r.tableName(table)
                        .indexName(Fairslot.BOOKINGS_BY_USER)
                        .keyConditionExpression("bookingUser = :u")
                        .expressionAttributeValues(Map.of(":u", s(userId))))
            .items()
            .stream()
            .map(BookingItemMapper::fromItem)
            .toList();
    Map<String, Long> upcoming = new HashMap<>();
    Map<String, Integer> held = new HashMap<>();
    for (Booking b : bookings) {
      if (b.status().isUpcoming()) {
        upcoming.merge(b.slot().venueId(), 1L, Long::sum);
      }
      if (b.status() == BookingStatus.PAID && b.pass().isPresent()) {
        held.merge(b.pass().get().passId(), b.pass().get().credits(), Integer::sum);
      }
    }
    List<MemberLedger.Counter> counted = new ArrayList<>();
    Set<String> venues = new HashSet<>(upcoming.keySet());
    for (Map<String, AttributeValue> item : counters) {
      String venueId = Attr.str(item, "venueId");
      venues.remove(venueId);
      counted.add(
          new MemberLedger.Counter(
              venueId, Attr.num(item, "upcoming"), upcoming.getOrDefault(venueId, 0L)));
    }
    // Upcoming bookings at a venue with no counter item at all.
    venues.forEach(v -> counted.add(new MemberLedger.Counter(v, 0, upcoming.get(v))));
    List<MemberLedger.Credits> credits =
        passes.stream()
            .map(PassItemMapper::fromItem)
            .filter(p -> p.plan().kind() == PlanKind.PACK)
            .map(
                p ->
                    new MemberLedger.Credits(
                        p.passId(),
                        p.plan().credits(),
                        p.creditsLeft(),
                        held.getOrDefault(p.passId(), 0),
                        p.creditsUsed(),
                        p.creditsForfeited(),
                        p.creditsRefunded()))
            .toList();
    return new MemberLedger(userId, counted, credits);
  }

  private List<Map<String, AttributeValue>> memberItems(String userId, String prefix) {
    return dynamo
        .queryPaginator(
            r ->
                r.tableName(table)
                    .consistentRead(true)
                    .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                    .expressionAttributeValues(
                        Map.of(":pk", s(Keys.member(userId)), ":prefix", s(prefix))))
        .items()
        .stream()
        .toList();
  }

  @Override
  public boolean repair(SeatCount seen, Change change) {
    try {
      dynamo.transactWriteItems(
          r ->
              r.transactItems(
                  seats.recount(seen),
                  records.auditRecount(
                      seen.slotId(), seen.remaining(), seen.expectedRemaining(), change)));
      return true;
    } catch (TransactionCanceledException moved) {
      return false;
    }
  }
}
