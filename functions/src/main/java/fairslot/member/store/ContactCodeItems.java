package fairslot.member.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.member.domain.Channel;
import fairslot.member.domain.ContactCode;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The one builder of verification-code items: the pending code ({@code MEMBER#<u>} / {@code
 * CODE#<channel>}) and the hourly send counters of the member ({@code MEMBER#<u>} / {@code
 * CODES#<channel>#<hour>}) and of the target ({@code CONTACT#<channel>#<target>} / {@code
 * CODES#<hour>}). All expire by TTL.
 */
final class ContactCodeItems {
  private ContactCodeItems() {}

  /** A used or dead code item is removed by TTL this long after it stopped working. */
  private static final Duration KEEP = Duration.ofDays(1);

  static Map<String, AttributeValue> key(String userId, Channel channel) {
    return Attr.key(Keys.member(userId), "CODE#" + channel.name());
  }

  static TransactWriteItem put(String table, ContactCode c) {
    Map<String, AttributeValue> item = new HashMap<>(key(c.userId(), c.channel()));
    item.put("type", s("CONTACT_CODE"));
    item.put("target", s(c.target()));
    item.put("salt", s(c.salt()));
    item.put("hash", s(c.hash()));
    item.put("expiresAt", Attr.millis(c.expiresAt()));
    item.put("misses", n(c.misses()));
    item.put("ttl", n(c.expiresAt().plus(KEEP).getEpochSecond()));
    return TransactWriteItem.builder()
        .put(Put.builder().tableName(table).item(item).build())
        .build();
  }

  static ContactCode fromItem(String userId, Channel channel, Map<String, AttributeValue> item) {
    return new ContactCode(
        userId,
        channel,
        Attr.str(item, "target"),
        Attr.str(item, "salt"),
        Attr.str(item, "hash"),
        Attr.instant(item, "expiresAt"),
        Attr.integer(item, "misses"));
  }

  /** One more miss, on condition the code is the one judged (same salt, same misses). */
  static UpdateItemRequest miss(String table, ContactCode seen) {
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(key(seen.userId(), seen.channel()))
        .updateExpression("SET misses = :next")
        .conditionExpression("salt = :salt AND misses = :seen")
        .expressionAttributeValues(
            Map.of(
                ":next", n(seen.misses() + 1), ":salt", s(seen.salt()), ":seen", n(seen.misses())))
        .build();
  }

  /** The code is used up, on condition it is the one judged right. */
  static TransactWriteItem consume(String table, ContactCode seen) {
    return TransactWriteItem.builder()
        .delete(
            Delete.builder()
                .tableName(table)
                .key(key(seen.userId(), seen.channel()))
                .conditionExpression("salt = :salt AND misses = :seen")
                .expressionAttributeValues(
                    Map.of(":salt", s(seen.salt()), ":seen", n(seen.misses())))
                .build())
        .build();
  }

  /** One send counted in the hour of {@code now}, on condition fewer than {@code max} were. */
  static TransactWriteItem countSend(String table, String pk, String sk, int max, Instant now) {
    long hour = now.getEpochSecond() / 3600;
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(pk, sk + hour))
            .updateExpression("ADD sends :one SET #ttl = :ttl, #type = :type")
            .conditionExpression("attribute_not_exists(sends) OR sends < :max")
            .expressionAttributeNames(Map.of("#ttl", "ttl", "#type", "type"))
            .expressionAttributeValues(
                Map.of(
                    ":one",
                    n(1),
                    ":max",
                    n(max),
                    ":ttl",
                    n((hour + 2) * 3600),
                    ":type",
                    s("CODE_SENDS"))));
  }

  static String memberCounterSk(Channel channel) {
    return "CODES#" + channel.name() + "#";
  }

  static String targetPk(Channel channel, String target) {
    return "CONTACT#" + channel.name() + "#" + target;
  }
}
