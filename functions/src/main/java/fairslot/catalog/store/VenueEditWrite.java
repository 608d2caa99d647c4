package fairslot.catalog.store;

import static fairslot.table.Attr.n;
import static fairslot.table.AuditItemMapper.changed;

import fairslot.catalog.domain.OperatingStatus;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Change;
import fairslot.kernel.GeoPoint;
import fairslot.table.AuditItemMapper;
import fairslot.table.Keys;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A venue's or resource's edit: one transaction of the new item, on condition it is still at the
 * revision the edit was judged on, and the audit record with each changed field before and after.
 */
final class VenueEditWrite {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    AUDIT,
    ITEM
  }

  private final DynamoDbClient dynamo;
  private final String table;

  VenueEditWrite(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  boolean write(Venue seen, Venue next, Change change) {
    Map<String, Object> before = new LinkedHashMap<>();
    Map<String, Object> after = new LinkedHashMap<>();
    changed(before, after, "name", seen.name(), next.name());
    policyChanges(before, after, seen.policy(), next.policy());
    changed(before, after, "status", seen.status().name(), next.status().name());
    changed(before, after, "address", seen.address().orElse("-"), next.address().orElse("-"));
    changed(before, after, "location", shown(seen.location()), shown(next.location()));
    return write(
        VenueItemMapper.toItem(next),
        seen.rev(),
        audit(Keys.venue(seen.venueId()), "venue:" + seen.venueId(), seen.status(), next.status())
            .apply(change, before, after),
        Optional.of(VenueItemMapper.directoryEntry(next)));
  }

  boolean write(Resource seen, Resource next, Change change) {
    Map<String, Object> before = new LinkedHashMap<>();
    Map<String, Object> after = new LinkedHashMap<>();
    changed(before, after, "name", seen.name(), next.name());
    changed(before, after, "capacity", seen.capacity(), next.capacity());
    changed(before, after, "status", seen.status().name(), next.status().name());
    return write(
        ResourceItemMapper.toItem(next),
        seen.rev(),
        audit(
                Keys.resource(seen.resourceId()),
                "resource:" + seen.resourceId(),
                seen.status(),
                next.status())
            .apply(change, before, after),
        Optional.empty());
  }

  /** The item at its next revision, its audit, and (a venue's) directory entry, together. */
  private boolean write(
      Map<String, AttributeValue> item,
      long seenRev,
      Map<String, AttributeValue> audit,
      Optional<Map<String, AttributeValue>> listing) {
    String sameRev =
        seenRev == 0
            ? "attribute_exists(PK) AND (attribute_not_exists(rev) OR rev = :rev)"
            : "rev = :rev";
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.ITEM,
                TxItems.put(
                    Put.builder()
                        .tableName(table)
                        .item(item)
                        .conditionExpression(sameRev)
                        .expressionAttributeValues(Map.of(":rev", n(seenRev)))))
            .add(
                Action.AUDIT,
                TransactWriteItem.builder()
                    .put(Put.builder().tableName(table).item(audit).build())
                    .build());
    listing.ifPresent(entry -> tx.add(TxItems.put(Put.builder().tableName(table).item(entry))));
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return true;
    }
    if (cancelled.get().failed(Action.ITEM)) {
      return false;
    }
    throw cancelled.get().exception();
  }

  private static String shown(Optional<GeoPoint> at) {
    return at.map(p -> p.lat() + "," + p.lng()).orElse("-");
  }

  private interface AuditRecord {
    Map<String, AttributeValue> apply(
        Change change, Map<String, Object> before, Map<String, Object> after);
  }

  private static AuditRecord audit(
      String pk, String entity, OperatingStatus from, OperatingStatus to) {
    return (change, before, after) ->
        AuditItemMapper.withFields(
            AuditItemMapper.toItem(pk, entity, from.name(), to.name(), change), before, after);
  }

  private static void policyChanges(
      Map<String, Object> before, Map<String, Object> after, VenuePolicy was, VenuePolicy is) {
    changed(
        before, after, "holdDuration", was.holdDuration().toString(), is.holdDuration().toString());
    changed(
        before, after, "cancelCutoff", was.cancelCutoff().toString(), is.cancelCutoff().toString());
    changed(
        before,
        after,
        "offerDuration",
        was.offerDuration().toString(),
        is.offerDuration().toString());
    changed(before, after, "waitlistMode", was.waitlistMode().name(), is.waitlistMode().name());
    changed(before, after, "maxPerBooking", was.maxPerBooking(), is.maxPerBooking());
    changed(
        before,
        after,
        "bookingWindow",
        was.bookingWindow().toString(),
        is.bookingWindow().toString());
    changed(
        before,
        after,
        "cancelTiers",
        was.effectiveCancelTiers().encode(),
        is.effectiveCancelTiers().encode());
    changed(
        before,
        after,
        "maxUpcomingPerMember",
        was.maxUpcomingPerMember().toString(),
        is.maxUpcomingPerMember().toString());
    changed(
        before, after, "noShowPolicy", was.noShowPolicy().toString(), is.noShowPolicy().toString());
    changed(
        before,
        after,
        "reminderBefore",
        was.reminderBefore().toString(),
        is.reminderBefore().toString());
    changed(before, after, "prepaidRules", was.prepaidRules().wire(), is.prepaidRules().wire());
  }
}
