package fairslot.wallet.store;

import static fairslot.table.Attr.s;

import fairslot.catalog.store.VenueChecks;
import fairslot.definitions.Fairslot;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.domain.Wallet;
import fairslot.money.store.PrepaidWrites;
import fairslot.money.store.WalletItemMapper;
import fairslot.table.Attr;
import fairslot.table.Cursors;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import fairslot.table.VenueListings;
import fairslot.wallet.app.WalletStore;
import fairslot.wallet.domain.TopUp;
import fairslot.wallet.domain.WalletPlan;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Wallet plans (by id and under their venue), top-ups and wallets (in the member's partition). */
public final class DynamoDbWalletStore implements WalletStore {
  private enum Action {
    TOP_UP,
    VENUE
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final RecordParts records;
  private final TopUpPayments payments;
  private final WalletClosing closing;

  public DynamoDbWalletStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.records = new RecordParts(table);
    this.payments = new TopUpPayments(dynamo, table);
    this.closing = new WalletClosing(dynamo, table);
  }

  @Override
  public boolean createPlan(WalletPlan plan, Change change) {
    String key = Keys.walletPlan(plan.planId());
    return VenueListings.create(
        dynamo,
        table,
        VenueChecks.sells(table, plan.venueId()),
        WalletPlanItemMapper.toItem(plan, key, "PLAN"),
        WalletPlanItemMapper.toItem(plan, Keys.venue(plan.venueId()), key),
        records.audit(Keys.venue(plan.venueId()), key, "-", "CREATED", change));
  }

  @Override
  public Optional<WalletPlan> findPlan(String planId) {
    return RawItems.get(dynamo, table, Attr.key(Keys.walletPlan(planId), "PLAN"))
        .map(WalletPlanItemMapper::fromItem);
  }

  @Override
  public Page<WalletPlan> plansOf(String venueId, PageRequest page) {
    String list = "wallet-plans#" + venueId;
    QueryResponse r = VenueListings.page(dynamo, table, venueId, Keys.walletPlan(""), list, page);
    return new Page<>(
        r.items().stream().map(WalletPlanItemMapper::fromItem).toList(),
        Cursors.encode(list, r.lastEvaluatedKey()));
  }

  @Override
  public Optional<TopUp> createTopUp(TopUp topUp, Change change) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(Action.TOP_UP, putNew(TopUpItemMapper.toItem(topUp)))
            .add(Action.VENUE, VenueChecks.sells(table, topUp.venueId()))
            .add(
                records.audit(
                    Keys.member(topUp.userId()),
                    Keys.topUp(topUp.topUpId()),
                    "-",
                    topUp.status().name(),
                    change))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return Optional.of(topUp);
    }
    if (cancelled.get().failed(Action.TOP_UP)) {
      return findTopUp(topUp.userId(), topUp.topUpId());
    }
    if (cancelled.get().failed(Action.VENUE)) {
      return Optional.empty();
    }
    throw cancelled.get().exception();
  }

  @Override
  public Optional<TopUp> findTopUp(String userId, String topUpId) {
    return RawItems.get(dynamo, table, TopUpItemMapper.key(userId, topUpId))
        .map(TopUpItemMapper::fromItem);
  }

  @Override
  public Start startPayment(
      TopUp topUp, Payment payment, Optional<PrepaidClaim> claim, Change change) {
    return payments.start(topUp, payment, claim, change);
  }

  @Override
  public long prepaidSeen(String userId, String venueId) {
    return new PrepaidWrites(table).seen(dynamo, userId, venueId);
  }

  @Override
  public Settled settlePayment(
      String eventId,
      Payment payment,
      TopUp topUp,
      PaymentCallback.Outcome outcome,
      Change change) {
    return payments.settle(eventId, payment, topUp, outcome, change);
  }

  @Override
  public List<LedgerEntry> venueEntriesBefore(String venueId, Instant end) {
    List<LedgerEntry> entries = new ArrayList<>();
    for (String shard : WalletItemMapper.liabilityShards(venueId)) {
      dynamo
          .queryPaginator(
              r ->
                  r.tableName(table)
                      .indexName(Fairslot.MONEY_MOVES)
                      .keyConditionExpression("moneyShard = :s AND moneyAt < :end")
                      .expressionAttributeValues(Map.of(":s", s(shard), ":end", Attr.millis(end))))
          .items()
          .forEach(item -> entries.add(WalletItemMapper.entryFromItem(item)));
    }
    return entries;
  }

  @Override
  public List<TopUp> paidTopUps(String userId, String venueId) {
    return topUpsAt(userId, venueId).filter(t -> t.status() == TopUp.Status.PAID).toList();
  }

  @Override
  public List<TopUp> startedTopUps(String userId, String venueId) {
    return topUpsAt(userId, venueId)
        .filter(t -> t.status() == TopUp.Status.PENDING_PAY && t.paymentNo().isPresent())
        .toList();
  }

  /** The member's top-ups at a venue, newest first. */
  private Stream<TopUp> topUpsAt(String userId, String venueId) {
    return dynamo
        .queryPaginator(
            r ->
                r.tableName(table)
                    .consistentRead(true)
                    .keyConditionExpression("PK = :pk AND begins_with(SK, :t)")
                    .expressionAttributeValues(
                        Map.of(":pk", s(Keys.member(userId)), ":t", s(Keys.topUp("")))))
        .items()
        .stream()
        .map(TopUpItemMapper::fromItem)
        .filter(t -> t.venueId().equals(venueId))
        .sorted(Comparator.comparing(TopUp::createdAt).reversed());
  }

  @Override
  public boolean close(LedgerEntry entry, List<RefundPartPlan> parts, Change change) {
    return closing.close(entry, parts, change);
  }

  @Override
  public List<Wallet> walletsOf(String userId) {
    return dynamo
        .queryPaginator(
            r ->
                r.tableName(table)
                    .consistentRead(true)
                    .keyConditionExpression("PK = :pk AND begins_with(SK, :w)")
                    .expressionAttributeValues(
                        Map.of(":pk", s(Keys.member(userId)), ":w", s(Keys.wallet("")))))
        .items()
        .stream()
        .map(WalletItemMapper::fromItem)
        .toList();
  }

  @Override
  public Page<LedgerEntry> ledger(String userId, String venueId, PageRequest page) {
    String list = "ledger#" + userId + "#" + venueId;
    QueryResponse r = query(Keys.member(userId), Keys.walletEntries(venueId), list, page);
    return new Page<>(
        r.items().stream().map(WalletItemMapper::entryFromItem).toList(),
        Cursors.encode(list, r.lastEvaluatedKey()));
  }

  private TransactWriteItem putNew(Map<String, AttributeValue> item) {
    return TxItems.put(
        Put.builder().tableName(table).item(item).conditionExpression("attribute_not_exists(PK)"));
  }

  private QueryResponse query(String pk, String prefix, String list, PageRequest page) {
    QueryRequest.Builder query =
        QueryRequest.builder()
            .tableName(table)
            .consistentRead(true)
            .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
            .expressionAttributeValues(Map.of(":pk", s(pk), ":prefix", s(prefix)))
            .limit(page.limit());
    Cursors.startKey(page, list).ifPresent(query::exclusiveStartKey);
    return dynamo.query(query.build());
  }
}
