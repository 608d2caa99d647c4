package fairslot.emulator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * One DynamoDB under probe: a client, its streams, a fresh table of fairslot's shape, and what each
 * call answered, written as lines that compare across implementations (sorted attributes, error
 * codes rather than messages, which differ in wording only).
 */
final class Probe {
  final DynamoDbClient dynamo;
  final DynamoDbStreamsClient streams;
  final String table;
  private final List<String> lines = new ArrayList<>();

  Probe(DynamoDbClient dynamo, DynamoDbStreamsClient streams, String table) {
    this.dynamo = dynamo;
    this.streams = streams;
    this.table = table;
  }

  List<String> lines() {
    return lines;
  }

  void note(String line) {
    lines.add(line);
  }

  /** Runs one call and notes its answer: {@code shown} of the result, or the error's code. */
  <T> void call(String what, Supplier<T> call, java.util.function.Function<T, String> shown) {
    try {
      lines.add(what + " -> " + shown.apply(call.get()));
    } catch (TransactionCanceledException e) {
      lines.add(what + " -> TransactionCanceled " + reasons(e.cancellationReasons()));
    } catch (software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException e) {
      lines.add(
          what
              + " -> ConditionalCheckFailedException"
              + (e.hasItem() && !e.item().isEmpty() ? " " + item(e.item()) : ""));
    } catch (DynamoDbException e) {
      lines.add(what + " -> " + e.awsErrorDetails().errorCode());
    }
  }

  void call(String what, Runnable call) {
    call(
        what,
        () -> {
          call.run();
          return "ok";
        },
        s -> s);
  }

  static String reasons(List<CancellationReason> reasons) {
    List<String> shown = new ArrayList<>();
    for (CancellationReason r : reasons) {
      shown.add(r.code() + (r.hasItem() && !r.item().isEmpty() ? item(r.item()) : ""));
    }
    return shown.toString();
  }

  /** An item with its attributes in name order and every value in one canonical form. */
  static String item(Map<String, AttributeValue> item) {
    if (item == null) {
      return "null";
    }
    Map<String, String> sorted = new TreeMap<>();
    item.forEach((k, v) -> sorted.put(k, value(v)));
    return sorted.toString();
  }

  static String items(List<Map<String, AttributeValue>> items) {
    return items.stream().map(Probe::item).toList().toString();
  }

  private static String value(AttributeValue v) {
    if (v.s() != null) {
      return "S:" + v.s();
    }
    if (v.n() != null) {
      return "N:" + v.n();
    }
    if (v.bool() != null) {
      return "BOOL:" + v.bool();
    }
    if (Boolean.TRUE.equals(v.nul())) {
      return "NULL";
    }
    if (v.hasSs()) {
      return "SS:" + new java.util.TreeSet<>(v.ss());
    }
    if (v.hasNs()) {
      return "NS:" + new java.util.TreeSet<>(v.ns());
    }
    if (v.hasBs()) {
      return "BS:"
          + new java.util.TreeSet<>(
              v.bs().stream()
                  .map(b -> java.util.HexFormat.of().formatHex(b.asByteArray()))
                  .toList());
    }
    if (v.b() != null) {
      return "B:" + java.util.HexFormat.of().formatHex(v.b().asByteArray());
    }
    if (v.hasL()) {
      return "L:" + v.l().stream().map(Probe::value).toList();
    }
    if (v.hasM()) {
      return "M:" + item(v.m());
    }
    return v.toString();
  }
}
