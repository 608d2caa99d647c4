package fairslot.emulator;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The requests the differential probe sends to each DynamoDB: the semantics fairslot's stores rely
 * on (conditions and their ALL_OLD items, cancellation reasons, request tokens, ADD and
 * if_not_exists, reserved words, sparse indexes and paging, batch and transactional reads, number
 * forms) and the stream records of every kind of change. Each scenario runs on a fresh table.
 */
final class ProbeScenarios {
  private ProbeScenarios() {}

  static Map<String, Consumer<Probe>> all() {
    Map<String, Consumer<Probe>> s = new LinkedHashMap<>();
    s.put("conditional put twice", ProbeScenarios::conditionalPut);
    s.put("update creates and counts", ProbeScenarios::updateCreates);
    s.put("return values of update and delete", ProbeScenarios::returnValues);
    s.put("cancelled transaction reasons", ProbeScenarios::cancelledTransaction);
    s.put("client request token", ProbeScenarios::requestToken);
    s.put("one item twice in a transaction", ProbeScenarios::sameItemTwice);
    s.put("reserved words", ProbeScenarios::reservedWords);
    s.put("sparse index paging", ProbeScenarios::sparseIndex);
    s.put("batch and transactional reads", ProbeScenarios::reads);
    s.put("reads of every attribute type, whole and projected", ProbeScenarios::projectedReads);
    s.put("conditions on missing attributes", ProbeScenarios::missingAttributes);
    s.put("number forms", ProbeScenarios::numbers);
    s.put("stream records", ProbeScenarios::streamRecords);
    s.put("stream records of every attribute type", ProbeScenarios::streamRecordTypes);
    return s;
  }

  static Map<String, AttributeValue> key(String pk, String sk) {
    return Map.of("PK", fromS(pk), "SK", fromS(sk));
  }

  static Map<String, AttributeValue> item(String pk, String sk, Object... more) {
    Map<String, AttributeValue> item = new LinkedHashMap<>(key(pk, sk));
    for (int i = 0; i < more.length; i += 2) {
      Object v = more[i + 1];
      item.put((String) more[i], v instanceof Number n ? fromN(n.toString()) : fromS((String) v));
    }
    return item;
  }

  private static void conditionalPut(Probe p) {
    for (int i = 1; i <= 2; i++) {
      p.call(
          "put if absent #" + i,
          () ->
              p.dynamo.putItem(
                  r ->
                      r.tableName(p.table)
                          .item(item("a", "1", "n", 1))
                          .conditionExpression("attribute_not_exists(PK)")
                          .returnValuesOnConditionCheckFailure(
                              ReturnValuesOnConditionCheckFailure.ALL_OLD)));
    }
  }

  private static void updateCreates(Probe p) {
    for (int i = 1; i <= 2; i++) {
      int n = i;
      p.call(
          "ADD and if_not_exists #" + i,
          () ->
              p.dynamo.updateItem(
                  r ->
                      r.tableName(p.table)
                          .key(key("c", "1"))
                          .updateExpression(
                              "ADD seen :one SET firstAt = if_not_exists(firstAt, :t), lastAt = :t")
                          .expressionAttributeValues(
                              Map.of(":one", fromN("1"), ":t", fromN("" + (100 + n))))
                          .returnValues(ReturnValue.ALL_NEW)),
          r -> Probe.item(r.attributes()));
    }
  }

  private static void returnValues(Probe p) {
    p.dynamo.putItem(
        r -> r.tableName(p.table).item(item("r", "1", "seatsLeft", 1, "oldNote", "x")));
    p.call(
        "update UPDATED_OLD",
        () ->
            p.dynamo.updateItem(
                r ->
                    r.tableName(p.table)
                        .key(key("r", "1"))
                        .updateExpression("SET seatsLeft = seatsLeft + :one REMOVE oldNote")
                        .expressionAttributeValues(Map.of(":one", fromN("1")))
                        .returnValues(ReturnValue.UPDATED_OLD)),
        r -> Probe.item(r.attributes()));
    p.call(
        "update ALL_OLD failing its condition",
        () ->
            p.dynamo.updateItem(
                r ->
                    r.tableName(p.table)
                        .key(key("r", "1"))
                        .updateExpression("SET seatsLeft = :z")
                        .conditionExpression("seatsLeft = :z")
                        .expressionAttributeValues(Map.of(":z", fromN("0")))
                        .returnValuesOnConditionCheckFailure(
                            ReturnValuesOnConditionCheckFailure.ALL_OLD)),
        r -> Probe.item(r.attributes()));
    p.call(
        "delete ALL_OLD",
        () ->
            p.dynamo.deleteItem(
                r -> r.tableName(p.table).key(key("r", "1")).returnValues(ReturnValue.ALL_OLD)),
        r -> Probe.item(r.attributes()));
    p.call(
        "delete of a missing item, conditioned on it",
        () ->
            p.dynamo.deleteItem(
                r ->
                    r.tableName(p.table)
                        .key(key("r", "1"))
                        .conditionExpression("attribute_exists(PK)")));
  }

  private static TransactWriteItem takeSeat(Probe p, String pk) {
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(p.table)
                .key(key(pk, "SLOT"))
                .updateExpression("SET remaining = remaining - :one")
                .conditionExpression("remaining >= :one")
                .expressionAttributeValues(Map.of(":one", fromN("1")))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build())
        .build();
  }

  private static void cancelledTransaction(Probe p) {
    p.dynamo.putItem(r -> r.tableName(p.table).item(item("s1", "SLOT", "remaining", 1)));
    p.dynamo.putItem(r -> r.tableName(p.table).item(item("s2", "SLOT", "remaining", 0)));
    p.call(
        "second seat sold out",
        () ->
            p.dynamo.transactWriteItems(
                r ->
                    r.transactItems(
                        takeSeat(p, "s1"),
                        takeSeat(p, "s2"),
                        TransactWriteItem.builder()
                            .put(
                                Put.builder()
                                    .tableName(p.table)
                                    .item(item("b", "1"))
                                    .conditionExpression("attribute_not_exists(PK)")
                                    .build())
                            .build())));
    p.call(
        "the first seat untouched",
        () -> p.dynamo.getItem(r -> r.tableName(p.table).key(key("s1", "SLOT"))),
        r -> Probe.item(r.item()));
    p.call(
        "condition check on a missing item",
        () ->
            p.dynamo.transactWriteItems(
                r ->
                    r.transactItems(
                        TransactWriteItem.builder()
                            .conditionCheck(
                                ConditionCheck.builder()
                                    .tableName(p.table)
                                    .key(key("nobody", "x"))
                                    .conditionExpression("attribute_exists(PK)")
                                    .returnValuesOnConditionCheckFailure(
                                        ReturnValuesOnConditionCheckFailure.ALL_OLD)
                                    .build())
                            .build(),
                        takeSeat(p, "s1"))));
  }

  private static void requestToken(Probe p) {
    p.dynamo.putItem(r -> r.tableName(p.table).item(item("s", "SLOT", "remaining", 5)));
    for (int i = 1; i <= 2; i++) {
      p.call(
          "token t1 #" + i,
          () ->
              p.dynamo.transactWriteItems(
                  r -> r.clientRequestToken("t1").transactItems(takeSeat(p, "s"))));
    }
    p.call(
        "remaining after a replay",
        () -> p.dynamo.getItem(r -> r.tableName(p.table).key(key("s", "SLOT"))),
        r -> Probe.item(r.item()));
    p.call(
        "token t1 with another body",
        () ->
            p.dynamo.transactWriteItems(
                r ->
                    r.clientRequestToken("t1")
                        .transactItems(
                            TransactWriteItem.builder()
                                .put(Put.builder().tableName(p.table).item(item("o", "1")).build())
                                .build())));
  }

  private static void sameItemTwice(Probe p) {
    p.dynamo.putItem(r -> r.tableName(p.table).item(item("s", "SLOT", "remaining", 5)));
    p.call(
        "two actions on one item",
        () ->
            p.dynamo.transactWriteItems(r -> r.transactItems(takeSeat(p, "s"), takeSeat(p, "s"))));
  }

  private static void reservedWords(Probe p) {
    p.dynamo.putItem(r -> r.tableName(p.table).item(item("w", "1", "status", "OPEN")));
    p.call(
        "status unescaped",
        () ->
            p.dynamo.updateItem(
                r ->
                    r.tableName(p.table)
                        .key(key("w", "1"))
                        .updateExpression("SET status = :s")
                        .expressionAttributeValues(Map.of(":s", fromS("CLOSED")))));
    p.call(
        "status as #status",
        () ->
            p.dynamo.updateItem(
                r ->
                    r.tableName(p.table)
                        .key(key("w", "1"))
                        .updateExpression("SET #status = :s")
                        .conditionExpression("#status = :open")
                        .expressionAttributeNames(Map.of("#status", "status"))
                        .expressionAttributeValues(
                            Map.of(":s", fromS("CLOSED"), ":open", fromS("OPEN")))
                        .returnValues(ReturnValue.ALL_NEW)),
        r -> Probe.item(r.attributes()));
  }

  private static void sparseIndex(Probe p) {
    for (int i = 1; i <= 7; i++) {
      int n = i;
      Map<String, AttributeValue> item =
          n % 3 == 0
              ? item("h", "H" + n) // not due: no index keys
              : item("h", "H" + n, "holdDueShard", "HOLDS#0", "holdDueAt", 1000 - n);
      p.dynamo.putItem(r -> r.tableName(p.table).item(item));
    }
    Map<String, AttributeValue> start = null;
    int page = 0;
    do {
      Map<String, AttributeValue> from = start;
      QueryResponse r =
          p.dynamo.query(
              q -> {
                q.tableName(p.table)
                    .indexName(fairslot.definitions.Fairslot.HOLDS_DUE)
                    .keyConditionExpression("holdDueShard = :s AND holdDueAt < :t")
                    .expressionAttributeValues(Map.of(":s", fromS("HOLDS#0"), ":t", fromN("997")))
                    .limit(2);
                if (from != null) {
                  q.exclusiveStartKey(from);
                }
              });
      p.note(
          "page "
              + ++page
              + ": "
              + r.items().stream().map(i -> i.get("SK").s()).toList()
              + (r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? " more" : ""));
      start =
          r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (start != null && page < 10);
    p.call(
        "newest first, begins_with",
        () ->
            p.dynamo.query(
                q ->
                    q.tableName(p.table)
                        .keyConditionExpression("PK = :p AND begins_with(SK, :b)")
                        .expressionAttributeValues(Map.of(":p", fromS("h"), ":b", fromS("H")))
                        .scanIndexForward(false)
                        .limit(3)),
        r -> r.items().stream().map(i -> i.get("SK").s()).toList().toString());
  }

  private static void reads(Probe p) {
    p.dynamo.putItem(r -> r.tableName(p.table).item(item("g", "1", "a", 1, "b", 2)));
    p.dynamo.putItem(r -> r.tableName(p.table).item(item("g", "2", "a", 3)));
    p.call(
        "batch get, one missing, projected",
        () ->
            p.dynamo.batchGetItem(
                r ->
                    r.requestItems(
                        Map.of(
                            p.table,
                            KeysAndAttributes.builder()
                                .keys(key("g", "1"), key("g", "2"), key("g", "3"))
                                .consistentRead(true)
                                .projectionExpression("PK, SK, a")
                                .build()))),
        r -> {
          List<String> shown = new ArrayList<>();
          r.responses().get(p.table).forEach(i -> shown.add(Probe.item(i)));
          java.util.Collections.sort(shown);
          return shown + (r.unprocessedKeys().isEmpty() ? "" : " unprocessed");
        });
    p.call(
        "transact get, one missing",
        () ->
            p.dynamo.transactGetItems(
                r ->
                    r.transactItems(
                        TransactGetItem.builder()
                            .get(Get.builder().tableName(p.table).key(key("g", "1")).build())
                            .build(),
                        TransactGetItem.builder()
                            .get(Get.builder().tableName(p.table).key(key("g", "9")).build())
                            .build())),
        r -> r.responses().stream().map(i -> Probe.item(i.item())).toList().toString());
  }

  private static void missingAttributes(Probe p) {
    p.dynamo.putItem(r -> r.tableName(p.table).item(item("m", "1")));
    p.call(
        "comparison on a missing attribute",
        () ->
            p.dynamo.updateItem(
                r ->
                    r.tableName(p.table)
                        .key(key("m", "1"))
                        .updateExpression("SET x = :one")
                        .conditionExpression("remaining > :zero")
                        .expressionAttributeValues(
                            Map.of(":one", fromN("1"), ":zero", fromN("0")))));
    p.call(
        "not equal on a missing attribute",
        () ->
            p.dynamo.updateItem(
                r ->
                    r.tableName(p.table)
                        .key(key("m", "1"))
                        .updateExpression("SET x = :one")
                        .conditionExpression("stopped <> :one")
                        .expressionAttributeValues(Map.of(":one", fromN("1")))
                        .returnValues(ReturnValue.ALL_NEW)),
        r -> Probe.item(r.attributes()));
    p.call(
        "arithmetic on a missing attribute",
        () ->
            p.dynamo.updateItem(
                r ->
                    r.tableName(p.table)
                        .key(key("m", "1"))
                        .updateExpression("SET y = nothing + :one")
                        .expressionAttributeValues(Map.of(":one", fromN("1")))));
  }

  private static void numbers(Probe p) {
    p.dynamo.putItem(
        r ->
            r.tableName(p.table)
                .item(
                    Map.of(
                        "PK",
                        fromS("n"),
                        "SK",
                        fromS("1"),
                        "a",
                        fromN("1.50"),
                        "b",
                        fromN("0100"),
                        "c",
                        fromN("-0"),
                        "d",
                        fromN("1E3"))));
    p.call(
        "numbers as stored",
        () -> p.dynamo.getItem(r -> r.tableName(p.table).key(key("n", "1"))),
        r -> Probe.item(r.item()));
  }

  private static void streamRecords(Probe p) {
    p.dynamo.putItem(r -> r.tableName(p.table).item(item("x", "1", "a", 1)));
    p.dynamo.updateItem(
        r ->
            r.tableName(p.table)
                .key(key("x", "2"))
                .updateExpression("SET a = :one")
                .expressionAttributeValues(Map.of(":one", fromN("1"))));
    p.dynamo.updateItem(
        r ->
            r.tableName(p.table)
                .key(key("x", "2"))
                .updateExpression("SET a = a + :one")
                .expressionAttributeValues(Map.of(":one", fromN("1"))));
    p.dynamo.transactWriteItems(
        r ->
            r.transactItems(
                TransactWriteItem.builder()
                    .update(
                        Update.builder()
                            .tableName(p.table)
                            .key(key("x", "3"))
                            .updateExpression("SET a = :one")
                            .expressionAttributeValues(Map.of(":one", fromN("1")))
                            .build())
                    .build(),
                TransactWriteItem.builder()
                    .delete(Delete.builder().tableName(p.table).key(key("x", "1")).build())
                    .build()));
    try {
      p.dynamo.transactWriteItems(
          r ->
              r.transactItems(
                  TransactWriteItem.builder()
                      .put(Put.builder().tableName(p.table).item(item("x", "4")).build())
                      .build(),
                  TransactWriteItem.builder()
                      .conditionCheck(
                          ConditionCheck.builder()
                              .tableName(p.table)
                              .key(key("x", "9"))
                              .conditionExpression("attribute_exists(PK)")
                              .build())
                      .build()));
    } catch (software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException expected) {
      // a cancelled transaction writes no stream record
    }
    p.dynamo.putItem(r -> r.tableName(p.table).item(item("x", "2", "a", 2))); // no change
    for (Record record : records(p)) {
      var d = record.dynamodb();
      p.note(
          record.eventNameAsString()
              + " "
              + Probe.item(d.keys())
              + " old="
              + (d.hasOldImage() ? Probe.item(d.oldImage()) : "-")
              + " new="
              + (d.hasNewImage() ? Probe.item(d.newImage()) : "-")
              + " view="
              + d.streamViewTypeAsString());
    }
  }

  /**
   * Every attribute type through a stream record, with its creation time: what the launcher's own
   * GetRecords writer (serial_moto.py, _get_records) must render as DynamoDB does.
   */
  /**
   * The launcher answers reads as plain JSON and copies a flat projection's attributes as stored.
   */
  private static void projectedReads(Probe p) {
    p.dynamo.putItem(r -> r.tableName(p.table).item(everyType("r", "1")));
    p.dynamo.putItem(r -> r.tableName(p.table).item(item("r", "2", "n", 7)));
    // Every name a placeholder: several of these short names are reserved words.
    String flat = "#n, #b, #s, #m, #ss, #bs, #missing";
    Map<String, String> names =
        Map.of(
            "#n",
            "n",
            "#b",
            "b",
            "#s",
            "s",
            "#m",
            "m",
            "#ss",
            "ss",
            "#bs",
            "bs",
            "#missing",
            "missing");
    p.call(
        "get, whole",
        () -> p.dynamo.getItem(r -> r.tableName(p.table).key(key("r", "1")).consistentRead(true)),
        r -> Probe.item(r.item()));
    p.call(
        "get, projected by name",
        () ->
            p.dynamo.getItem(
                r ->
                    r.tableName(p.table)
                        .key(key("r", "1"))
                        .projectionExpression(flat)
                        .expressionAttributeNames(names)),
        r -> Probe.item(r.item()));
    p.call(
        "get, projected into a map",
        () ->
            p.dynamo.getItem(
                r ->
                    r.tableName(p.table)
                        .key(key("r", "1"))
                        .projectionExpression("#m.#inner, #bool")
                        .expressionAttributeNames(
                            Map.of("#m", "m", "#inner", "inner", "#bool", "bool"))),
        r -> Probe.item(r.item()));
    p.call(
        "batch get, projected by name",
        () ->
            p.dynamo.batchGetItem(
                r ->
                    r.requestItems(
                        Map.of(
                            p.table,
                            KeysAndAttributes.builder()
                                .keys(key("r", "1"), key("r", "2"), key("r", "9"))
                                .projectionExpression(flat)
                                .expressionAttributeNames(names)
                                .build()))),
        r -> {
          List<String> shown = new ArrayList<>();
          r.responses().get(p.table).forEach(i -> shown.add(Probe.item(i)));
          java.util.Collections.sort(shown);
          return shown.toString();
        });
    p.call(
        "query, projected by name",
        () ->
            p.dynamo.query(
                r ->
                    r.tableName(p.table)
                        .keyConditionExpression("PK = :p")
                        .expressionAttributeValues(Map.of(":p", fromS("r")))
                        .projectionExpression("SK, #nul, #ns, #l")
                        .expressionAttributeNames(Map.of("#nul", "nul", "#ns", "ns", "#l", "l"))),
        r -> Probe.items(r.items()));
  }

  private static Map<String, AttributeValue> everyType(String pk, String sk) {
    Map<String, AttributeValue> item = new LinkedHashMap<>(key(pk, sk));
    item.put("s", fromS("text 中文 \"quoted\" \\ back"));
    item.put("n", fromN("-12.5")); // canonical: number forms are a known difference of their own
    item.put("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, (byte) 255})));
    item.put("bool", AttributeValue.fromBool(true));
    item.put("nul", AttributeValue.fromNul(true));
    item.put("l", AttributeValue.fromL(List.of(fromS("x"), fromN("2"))));
    item.put("m", AttributeValue.fromM(Map.of("inner", fromN("3"), "deep", fromS("y"))));
    item.put("ss", AttributeValue.fromSs(List.of("b", "a")));
    item.put("ns", AttributeValue.fromNs(List.of("2", "1.5")));
    item.put(
        "bs",
        AttributeValue.fromBs(
            List.of(
                SdkBytes.fromByteArray(new byte[] {1}), SdkBytes.fromByteArray(new byte[] {2}))));
    return item;
  }

  private static void streamRecordTypes(Probe p) {
    Map<String, AttributeValue> item = everyType("t", "1");
    java.time.Instant before = java.time.Instant.now().minusSeconds(60);
    p.dynamo.putItem(r -> r.tableName(p.table).item(item));
    for (Record record : records(p)) {
      var d = record.dynamodb();
      java.time.Instant at = d.approximateCreationDateTime();
      p.note(
          record.eventNameAsString()
              + " new="
              + Probe.item(d.newImage())
              + " createdRecently="
              + (at != null && at.isAfter(before) && at.isBefore(before.plusSeconds(120))));
    }
  }

  private static List<Record> records(Probe p) {
    String arn = p.dynamo.describeTable(r -> r.tableName(p.table)).table().latestStreamArn();
    List<Record> all = new ArrayList<>();
    for (var shard : p.streams.describeStream(r -> r.streamArn(arn)).streamDescription().shards()) {
      String iterator =
          p.streams
              .getShardIterator(
                  r ->
                      r.streamArn(arn)
                          .shardId(shard.shardId())
                          .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
              .shardIterator();
      for (int i = 0; i < 20 && iterator != null; i++) {
        String at = iterator;
        var page = p.streams.getRecords(r -> r.shardIterator(at));
        all.addAll(page.records());
        if (page.records().isEmpty()) {
          break;
        }
        iterator = page.nextShardIterator();
      }
    }
    return all;
  }
}
