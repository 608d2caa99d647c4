package fairslot.table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/** Small helpers to build and read attribute values. */
public final class Attr {
  /** Every named condition returns the item it saw, so a refusal can say why. */
  public static final software.amazon.awssdk.services.dynamodb.model
          .ReturnValuesOnConditionCheckFailure
      ALL_OLD = ReturnValuesOnConditionCheckFailure.ALL_OLD;

  private Attr() {}

  /** A status (or any enum) as stored: its name, so no status is ever spelled twice. */
  public static AttributeValue s(Enum<?> value) {
    return s(value.name());
  }

  public static AttributeValue s(String value) {
    return AttributeValue.fromS(value);
  }

  public static AttributeValue n(long value) {
    return AttributeValue.fromN(Long.toString(value));
  }

  /** A decimal number (a coordinate), as DynamoDB keeps it: exactly the digits given. */
  public static AttributeValue decimal(double value) {
    return AttributeValue.fromN(BigDecimal.valueOf(value).toPlainString());
  }

  public static double dbl(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    if (v == null || v.n() == null) {
      throw new IllegalStateException("stored item lacks number " + name);
    }
    return Double.parseDouble(v.n());
  }

  public static AttributeValue millis(Instant instant) {
    return n(instant.toEpochMilli());
  }

  public static String str(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    if (v == null || v.s() == null) {
      throw new IllegalStateException("stored item lacks string " + name);
    }
    return v.s();
  }

  public static long num(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    if (v == null || v.n() == null) {
      throw new IllegalStateException("stored item lacks number " + name);
    }
    return Long.parseLong(v.n());
  }

  /** A number that items written before it existed lack. */
  public static long numOr(Map<String, AttributeValue> item, String name, long absent) {
    return item.containsKey(name) ? num(item, name) : absent;
  }

  public static int integer(Map<String, AttributeValue> item, String name) {
    return Math.toIntExact(num(item, name));
  }

  public static Instant instant(Map<String, AttributeValue> item, String name) {
    return Instant.ofEpochMilli(num(item, name));
  }

  public static Optional<Instant> optionalInstant(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null || v.n() == null
        ? Optional.empty()
        : Optional.of(Instant.ofEpochMilli(Long.parseLong(v.n())));
  }

  public static Optional<String> optionalString(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null || v.s() == null ? Optional.empty() : Optional.of(v.s());
  }

  public static Map<String, AttributeValue> key(String pk, String sk) {
    return Map.of(Keys.PK, s(pk), Keys.SK, s(sk));
  }
}
