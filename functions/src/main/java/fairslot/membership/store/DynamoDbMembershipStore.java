package fairslot.membership.store;

import static fairslot.table.Attr.s;

import fairslot.catalog.store.VenueChecks;
import fairslot.definitions.Fairslot;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.membership.app.MembershipStore;
import fairslot.membership.domain.Membership;
import fairslot.membership.domain.MembershipPlan;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.WalletShare;
import fairslot.table.Attr;
import fairslot.table.Cursors;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.table.RecordParts;
import fairslot.table.ShardedIndex;
import fairslot.table.Transaction;
import fairslot.table.VenueListings;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Membership plans and memberships in the single table (v1.3 "Memberships"). */
public final class DynamoDbMembershipStore implements MembershipStore {
  private enum Action {
    MEMBERSHIP,
    VENUE
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final RecordParts records;
  private final MembershipWrites writes;
  private final MembershipPayments payments;

  public DynamoDbMembershipStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.records = new RecordParts(table);
    this.writes = new MembershipWrites(table);
    this.payments = new MembershipPayments(dynamo, table);
  }

  @Override
  public boolean createPlan(MembershipPlan plan, Change change) {
    String key = Keys.membershipPlan(plan.planId());
    return VenueListings.create(
        dynamo,
        table,
        VenueChecks.sells(table, plan.venueId()),
        MembershipItemMapper.planItem(plan, key, "PLAN"),
        MembershipItemMapper.planItem(plan, Keys.venue(plan.venueId()), key),
        records.audit(Keys.venue(plan.venueId()), key, "-", "CREATED", change));
  }

  @Override
  public Optional<MembershipPlan> findPlan(String planId) {
    return RawItems.get(dynamo, table, Attr.key(Keys.membershipPlan(planId), "PLAN"))
        .map(MembershipItemMapper::planFrom);
  }

  @Override
  public Page<MembershipPlan> plansOf(String venueId, PageRequest page) {
    String list = "membership-plans#" + venueId;
    QueryResponse r =
        VenueListings.page(dynamo, table, venueId, Keys.membershipPlan(""), list, page);
    return new Page<>(
        r.items().stream().map(MembershipItemMapper::planFrom).toList(),
        Cursors.encode(list, r.lastEvaluatedKey()));
  }

  @Override
  public Optional<Membership> create(Membership m, Change change) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(Action.MEMBERSHIP, writes.create(m))
            .add(Action.VENUE, VenueChecks.sells(table, m.venueId()))
            .add(audit(m, "-", m.status().name(), change))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return Optional.of(m);
    }
    if (cancelled.get().failed(Action.MEMBERSHIP)) {
      return find(m.userId(), m.membershipId());
    }
    if (cancelled.get().failed(Action.VENUE)) {
      return Optional.empty();
    }
    throw cancelled.get().exception();
  }

  @Override
  public Optional<Membership> find(String userId, String membershipId) {
    return RawItems.get(dynamo, table, MembershipItemMapper.key(userId, membershipId))
        .map(MembershipItemMapper::fromItem);
  }

  @Override
  public List<Membership> of(String userId) {
    return RawItems.all(
            dynamo,
            QueryRequest.builder()
                .tableName(table)
                .consistentRead(true)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                .expressionAttributeValues(
                    Map.of(":pk", s(Keys.member(userId)), ":prefix", s(Keys.membership(""))))
                .build())
        .stream()
        .map(MembershipItemMapper::fromItem)
        .sorted(Comparator.comparing(Membership::createdAt).reversed())
        .toList();
  }

  @Override
  public Start startPayment(Membership seen, Payment payment, Change change) {
    return payments.start(seen, payment, change);
  }

  @Override
  public Settled settlePayment(
      String eventId,
      Payment payment,
      Membership seen,
      Membership activated,
      PaymentCallback.Outcome outcome,
      Change change) {
    return payments.settle(eventId, payment, seen, activated, outcome, change);
  }

  @Override
  public boolean paidFromWallet(
      Membership seen,
      Membership after,
      Payment payment,
      WalletShare share,
      String venueId,
      Change change) {
    return payments.fromWallet(seen, after, payment, share, change);
  }

  @Override
  public boolean move(Membership seen, Membership after, Change change) {
    return new Transaction<Action>()
        .add(Action.MEMBERSHIP, writes.move(seen, after))
        .add(audit(seen, seen.status().name(), after.status().name(), change))
        .commit(dynamo)
        .isEmpty();
  }

  @Override
  public List<Membership> due(Instant now, int limit) {
    return new ShardedIndex(
            dynamo,
            table,
            Fairslot.PASSES_DUE,
            MembershipItemMapper.DUE_FAMILY,
            "passDueShard",
            "passDueAt")
        .dueBy(now, limit).items().stream().map(MembershipItemMapper::fromItem).toList();
  }

  private TransactWriteItem audit(Membership m, String from, String to, Change change) {
    return records.audit(
        Keys.member(m.userId()), Keys.membership(m.membershipId()), from, to, change);
  }
}
