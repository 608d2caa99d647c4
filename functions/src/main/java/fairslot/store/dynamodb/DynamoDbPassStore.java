package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.s;

import fairslot.app.Change;
import fairslot.app.Page;
import fairslot.app.PageRequest;
import fairslot.app.PassStore;
import fairslot.domain.Pass;
import fairslot.domain.Plan;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Plans (by id and under their venue) and passes (in their holder's partition). */
public final class DynamoDbPassStore implements PassStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbPassStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public void createPlan(Plan plan, Change change) {
    Optional<Transaction.Cancelled> cancelled =
        new Transaction()
            .add("plan", putNew(PlanItemMapper.toItem(plan, Keys.plan(plan.planId()), "PLAN")))
            .add(
                "listed",
                putNew(
                    PlanItemMapper.toItem(
                        plan, Keys.venue(plan.venueId()), Keys.plan(plan.planId()))))
            .add(
                TransactWriteItem.builder()
                    .put(
                        Put.builder()
                            .tableName(table)
                            .item(
                                AuditItemMapper.toItem(
                                    Keys.venue(plan.venueId()),
                                    "plan:" + plan.planId(),
                                    "-",
                                    "CREATED",
                                    change))
                            .build())
                    .build())
            .commit(dynamo);
    if (cancelled.isPresent() && !cancelled.get().failed("plan")) {
      throw new IllegalStateException("plan create cancelled: " + cancelled.get());
    }
    // "plan" failed: the same id was created before (a retried request): it stands.
  }

  @Override
  public Optional<Plan> findPlan(String planId) {
    var response =
        dynamo.getItem(
            r -> r.tableName(table).key(Attr.key(Keys.plan(planId), "PLAN")).consistentRead(true));
    return response.hasItem() && !response.item().isEmpty()
        ? Optional.of(PlanItemMapper.fromItem(response.item()))
        : Optional.empty();
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
    var response =
        dynamo.getItem(
            r -> r.tableName(table).key(PassItemMapper.key(userId, passId)).consistentRead(true));
    return response.hasItem() && !response.item().isEmpty()
        ? Optional.of(PassItemMapper.fromItem(response.item()))
        : Optional.empty();
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
  public Pass createPass(Pass pass, Change change) {
    Optional<Transaction.Cancelled> cancelled =
        new Transaction()
            .add("pass", putNew(PassItemMapper.toItem(pass)))
            .add(
                TransactWriteItem.builder()
                    .put(
                        Put.builder()
                            .tableName(table)
                            .item(
                                AuditItemMapper.toItem(
                                    Keys.member(pass.userId()),
                                    "pass:" + pass.passId(),
                                    "-",
                                    pass.status().name(),
                                    change))
                            .build())
                    .build())
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return pass;
    }
    if (cancelled.get().failed("pass")) {
      return findPass(pass.userId(), pass.passId()).orElseThrow(); // created by a twin request
    }
    throw new IllegalStateException("pass create cancelled: " + cancelled.get());
  }

  private TransactWriteItem putNew(
      Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
    return TransactWriteItem.builder()
        .put(
            Put.builder()
                .tableName(table)
                .item(item)
                .conditionExpression("attribute_not_exists(PK)")
                .build())
        .build();
  }

  private QueryResponse query(
      String pk, String skPrefix, String list, PageRequest page, boolean oldestFirst) {
    QueryRequest.Builder query =
        QueryRequest.builder()
            .tableName(table)
            .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
            .expressionAttributeValues(Map.of(":pk", s(pk), ":prefix", s(skPrefix)))
            .scanIndexForward(oldestFirst)
            .limit(page.limit());
    Cursors.startKey(page, list).ifPresent(query::exclusiveStartKey);
    return dynamo.query(query.build());
  }
}
