package fairslot.coupon.store;

import static fairslot.table.Attr.s;

import fairslot.catalog.store.VenueChecks;
import fairslot.coupon.app.CouponStore;
import fairslot.coupon.domain.Coupon;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.table.Cursors;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/** Coupons under their venue's partition, by code. */
public final class DynamoDbCouponStore implements CouponStore {
  private enum Action {
    COUPON,
    VENUE
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final CouponWrites writes;
  private final RecordParts records;

  public DynamoDbCouponStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new CouponWrites(table);
    this.records = new RecordParts(table);
  }

  @Override
  public Creation create(Coupon coupon, Change change) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(Action.COUPON, writes.create(coupon))
            .add(Action.VENUE, VenueChecks.sells(table, coupon.venueId()))
            .add(
                records.audit(
                    Keys.venue(coupon.venueId()),
                    Keys.coupon(coupon.code()),
                    "-",
                    "CREATED",
                    change))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return Creation.CREATED;
    }
    if (cancelled.get().failed(Action.COUPON)) {
      return Creation.CODE_TAKEN;
    }
    if (cancelled.get().failed(Action.VENUE)) {
      return Creation.VENUE_CLOSED;
    }
    throw cancelled.get().exception();
  }

  @Override
  public Optional<Coupon> find(String venueId, String code) {
    return RawItems.get(dynamo, table, CouponItemMapper.key(venueId, code))
        .map(CouponItemMapper::fromItem);
  }

  @Override
  public Page<Coupon> couponsOf(String venueId, PageRequest page) {
    String list = "coupons#" + venueId;
    QueryRequest.Builder query =
        QueryRequest.builder()
            .tableName(table)
            .consistentRead(true)
            .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
            .expressionAttributeValues(
                Map.of(":pk", s(Keys.venue(venueId)), ":prefix", s(Keys.coupon(""))))
            .limit(page.limit());
    Cursors.startKey(page, list).ifPresent(query::exclusiveStartKey);
    QueryResponse r = dynamo.query(query.build());
    return new Page<>(
        r.items().stream().map(CouponItemMapper::fromItem).toList(),
        Cursors.encode(list, r.lastEvaluatedKey()));
  }
}
