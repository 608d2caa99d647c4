package fairslot.pass.store;

import static fairslot.table.Attr.s;

import fairslot.catalog.store.VenueChecks;
import fairslot.definitions.Fairslot;
import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.Replayable;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.domain.WalletShare;
import fairslot.money.store.PrepaidWrites;
import fairslot.pass.app.PassStore;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.pass.domain.Plan;
import fairslot.table.Attr;
import fairslot.table.Cursors;
import fairslot.table.Keys;
import fairslot.table.RecordParts;
import fairslot.table.ShardedIndex;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import fairslot.table.VenueListings;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Plans (by id and under their venue) and passes (in their holder's partition). */
public final class DynamoDbPassStore implements PassStore {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    PASS,
    PREPAID,
    VENUE
  }

  private final DynamoDbClient dynamo;
  private final String table;

  /** Every write and condition of a pass item (and its sale, and its venue's check). */
  private final PassWrites writes;

  private final RecordParts records;
  private final PassHolders holders;
  private final PassPaymentTransactions passPayments;
  private final PassWalletPayment walletPayment;

  public DynamoDbPassStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new PassWrites(table);
    this.records = new RecordParts(table);
    this.holders = new PassHolders(table);
    this.passPayments = new PassPaymentTransactions(dynamo, table);
    this.walletPayment = new PassWalletPayment(dynamo, table);
  }

  @Override
  public boolean createPlan(Plan plan, Change change) {
    return VenueListings.create(
        dynamo,
        table,
        VenueChecks.sells(table, plan.venueId()),
        PlanItemMapper.toItem(plan, Keys.plan(plan.planId()), "PLAN"),
        PlanItemMapper.toItem(plan, Keys.venue(plan.venueId()), Keys.plan(plan.planId())),
        records.audit(Keys.venue(plan.venueId()), "plan:" + plan.planId(), "-", "CREATED", change));
  }

  @Override
  public Optional<Plan> findPlan(String planId) {
    return consistentGet(Attr.key(Keys.plan(planId), "PLAN")).map(PlanItemMapper::fromItem);
  }

  @Override
  public Page<Plan> plansOf(String venueId, PageRequest page) {
    String list = "plans#" + venueId;
    QueryResponse response = query(Keys.venue(venueId), "PLAN#", list, page, true);
    return new Page<>(
        response.items().stream().map(PlanItemMapper::fromItem).toList(),
        Cursors.encode(list, response.lastEvaluatedKey()));
  }

  @Override
  public Optional<Pass> findPass(String userId, String passId) {
    return consistentGet(PassItemMapper.key(userId, passId)).map(PassItemMapper::fromItem);
  }

  @Override
  public Optional<Pass> findPass(String passId) {
    return consistentGet(PassHolders.key(passId))
        .flatMap(holder -> findPass(Attr.str(holder, "userId"), passId));
  }

  @Override
  public KeyedWrite refund(
      Pass read, Pass after, RefundPartPlan plan, Optional<Replayable> answer, Change change) {
    return passPayments.refund(read, after, plan, answer, change);
  }

  @Override
  public Page<Pass> passesOf(String userId, PageRequest page) {
    String list = "passes#" + userId;
    QueryResponse response = query(Keys.member(userId), "PASS#", list, page, true);
    return new Page<>(
        response.items().stream().map(PassItemMapper::fromItem).toList(),
        Cursors.encode(list, response.lastEvaluatedKey()));
  }

  @Override
  public Created createPass(Pass pass, Optional<PrepaidClaim> claim, Change change) {
    Transaction<Action> tx = new Transaction<>();
    claim.ifPresent(c -> tx.add(Action.PREPAID, new PrepaidWrites(table).claim(c)));
    tx.add(Action.PASS, putNew(PassItemMapper.toItem(pass)))
        .add(holders.holds(pass.passId(), pass.userId()))
        .add(Action.VENUE, VenueChecks.sells(table, pass.plan().venueId()));
    if (pass.status() == PassStatus.ACTIVE) {
      tx.add(writes.sale(pass, change.at())); // sold at the desk (or free): a sale today
    }
    Optional<Transaction.Cancelled<Action>> cancelled =
        tx.add(
                records.audit(
                    Keys.member(pass.userId()),
                    "pass:" + pass.passId(),
                    "-",
                    pass.status().name(),
                    change))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return new Created.Made(pass);
    }
    if (cancelled.get().failed(Action.PASS)) {
      // created by a twin request
      return new Created.Made(findPass(pass.userId(), pass.passId()).orElseThrow());
    }
    if (cancelled.get().failed(Action.VENUE)) {
      return new Created.VenueDisabled();
    }
    if (cancelled.get().failed(Action.PREPAID)) {
      return new Created.Contended();
    }
    throw new IllegalStateException("pass create cancelled: " + cancelled.get());
  }

  @Override
  public PayStart startPayment(
      Pass pass, Payment payment, Optional<PrepaidClaim> claim, Change change) {
    return passPayments.start(pass, payment, claim, change);
  }

  @Override
  public Settled settlePayment(
      String eventId, Payment payment, Pass pass, PaymentCallback.Outcome outcome, Change change) {
    return passPayments.settle(eventId, payment, pass, outcome, change);
  }

  @Override
  public DuePasses duePasses(Instant now, int limit) {
    ShardedIndex.Due due =
        new ShardedIndex(dynamo, table, Fairslot.PASSES_DUE, "PASSES", "passDueShard", "passDueAt")
            .dueBy(now, limit);
    return new DuePasses(
        due.items().stream().map(PassItemMapper::fromItem).toList(), due.itemsRead());
  }

  @Override
  public boolean expire(Pass pass, Change change) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(Action.PASS, writes.expire(pass, change))
            .add(auditPass(pass, PassStatus.ACTIVE.name(), PassStatus.EXPIRED.name(), change))
            .commit(dynamo);
    if (cancelled.isPresent() && !cancelled.get().failed(Action.PASS)) {
      throw cancelled.get().exception();
    }
    return cancelled.isEmpty();
  }

  @Override
  public List<Money> salesOn(String venueId, LocalDate day) {
    return amountsUnder(venueId, "PASSSALE#" + day + "#");
  }

  @Override
  public List<Money> refundsOn(String venueId, LocalDate day) {
    return amountsUnder(venueId, "PASSREFUND#" + day + "#");
  }

  private List<Money> amountsUnder(String venueId, String prefix) {
    return dynamo
        .queryPaginator(
            r ->
                r.tableName(table)
                    .keyConditionExpression("PK = :pk AND begins_with(SK, :day)")
                    .expressionAttributeValues(
                        Map.of(":pk", s(Keys.venue(venueId)), ":day", s(prefix))))
        .items()
        .stream()
        .map(i -> new Money(Attr.num(i, "amountMinor"), Attr.str(i, "currency")))
        .toList();
  }

  /** An update of the pass on condition it is still PENDING_PAY with this payment. */
  private TransactWriteItem auditPass(Pass pass, String from, String to, Change change) {
    return records.audit(Keys.member(pass.userId()), "pass:" + pass.passId(), from, to, change);
  }

  private Optional<Map<String, AttributeValue>> consistentGet(Map<String, AttributeValue> key) {
    var response = dynamo.getItem(r -> r.tableName(table).key(key).consistentRead(true));
    return response.hasItem() && !response.item().isEmpty()
        ? Optional.of(response.item())
        : Optional.empty();
  }

  private TransactWriteItem putNew(Map<String, AttributeValue> item) {
    return TxItems.put(
        Put.builder().tableName(table).item(item).conditionExpression("attribute_not_exists(PK)"));
  }

  private QueryResponse query(
      String pk, String skPrefix, String list, PageRequest page, boolean oldestFirst) {
    QueryRequest.Builder query =
        QueryRequest.builder()
            .tableName(table)
            .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
            .expressionAttributeValues(Map.of(":pk", s(pk), ":prefix", s(skPrefix)))
            .scanIndexForward(oldestFirst)
            // strongly consistent: the prepaid rules judge a purchase on the member's passes
            .consistentRead(true)
            .limit(page.limit());
    Cursors.startKey(page, list).ifPresent(query::exclusiveStartKey);
    return dynamo.query(query.build());
  }

  @Override
  public WalletPay payFromWallet(
      Pass pass, Payment payment, WalletShare share, Optional<PrepaidClaim> claim, Change change) {
    return walletPayment.pay(pass, payment, share, claim, change);
  }
}
