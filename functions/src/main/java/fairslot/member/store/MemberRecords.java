package fairslot.member.store;

import static fairslot.table.Attr.s;

import fairslot.member.app.LiveBookings;
import fairslot.member.domain.Channel;
import fairslot.privacy.app.MemberDataPart;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.table.Transaction;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The member's own items in their export and erasure: the profile, the phone's claim and the
 * walk-in it linked, pending codes and their send counters, the WeChat identity and the claims of
 * its WeChat sign-in, standing, the per-venue counters (bookings, coupon redemptions, prepaid
 * guards) and calendar days. Erasure deletes them, but for standing, which moves to the pseudonym;
 * while a booking of the member is live its counters, calendar days and standing stay (its release
 * conditions on them, a no-show adds to it) until it ends.
 */
public final class MemberRecords implements MemberDataPart {
  /** The member's items this part answers for, by sort key prefix (the others have their parts). */
  private static final List<String> OWN =
      List.of(
          "PROFILE",
          "CODE#",
          "CODES#",
          "WECHAT",
          "WXCLAIM#",
          "WXSUB#",
          "WXSENT#",
          "WXGRANT#",
          "STANDING#",
          "UPCOMING#",
          "CAL#",
          Keys.couponUses(),
          Keys.prepaidGuards());

  private final DynamoDbClient dynamo;
  private final String table;
  private final LiveBookings live;

  public MemberRecords(DynamoDbClient dynamo, String table, LiveBookings live) {
    this.dynamo = dynamo;
    this.table = table;
    this.live = live;
  }

  @Override
  public String name() {
    return "member";
  }

  @Override
  public List<Map<String, Object>> export(String userId) {
    List<Map<String, AttributeValue>> items = new ArrayList<>(own(userId));
    // the proved phone's claim and the walk-in profile it linked: about the member, keyed by phone
    for (Map<String, AttributeValue> item : List.copyOf(items)) {
      if (Attr.str(item, Keys.SK).equals("PROFILE") && item.containsKey("phone")) {
        String phone = Attr.str(item, "phone");
        RawItems.get(dynamo, table, Attr.key("PHONE#" + phone, "ACCOUNT"))
            .filter(i -> userId.equals(Attr.optionalString(i, "userId").orElse(null)))
            .ifPresent(items::add);
        RawItems.get(dynamo, table, Attr.key("PHONE#" + phone, "PROFILE"))
            .filter(i -> userId.equals(Attr.optionalString(i, "linkedUserId").orElse(null)))
            .ifPresent(items::add);
      }
    }
    return items.stream().map(RawItems::plain).toList();
  }

  /** The item if {@code attribute} names the member. */
  @Override
  public Step erase(String userId, String pseudonym) {
    List<Map<String, AttributeValue>> items = own(userId);
    Set<String> phones = new LinkedHashSet<>();
    Set<String> emails = new LinkedHashSet<>();
    // the hours the member was sent codes in, by channel: their targets' counters are keyed so
    Map<String, Set<String>> hours =
        Map.of("SMS", new LinkedHashSet<>(), "EMAIL", new LinkedHashSet<>());
    int changed = 0;
    int inUse = 0;
    for (Map<String, AttributeValue> item : items) {
      String sk = Attr.str(item, Keys.SK);
      if (sk.equals("PROFILE")) {
        Attr.optionalString(item, "phone").ifPresent(phones::add);
        Attr.optionalString(item, "email").ifPresent(emails::add);
        if (item.containsKey("linkedCustomers")) {
          for (String customerId : item.get("linkedCustomers").ss()) {
            changed += delete(Attr.key(Keys.customerLink(customerId), "LINK"), "userId", userId);
          }
        }
      }
      if (sk.startsWith("CODES#")) {
        String[] parts = sk.split("#", 3); // CODES#<channel>#<hour>
        hours.get(parts[1]).add(parts[2]);
      }
      if (sk.startsWith("WXCLAIM#")) {
        // the WeChat user's claim: a sign-in after the erasure makes a new member
        changed += delete(Attr.key(Attr.str(item, "claim"), "ACCOUNT"), "userId", userId);
      }
      if (sk.equals("CODE#SMS")) {
        phones.add(Attr.str(item, "target"));
      }
      if (sk.equals("CODE#EMAIL")) {
        emails.add(Attr.str(item, "target"));
      }
    }
    for (String phone : phones) {
      changed += delete(Attr.key("PHONE#" + phone, "ACCOUNT"), "userId", userId);
      changed += delete(Attr.key("PHONE#" + phone, "PROFILE"), "linkedUserId", userId);
      changed += sendCounters(Channel.SMS, phone, hours.get("SMS"));
    }
    for (String email : emails) {
      changed += sendCounters(Channel.EMAIL, email, hours.get("EMAIL"));
    }
    MemberBookkeeping bookkeeping = new MemberBookkeeping(dynamo, table, live);
    List<Map<String, AttributeValue>> standings = new ArrayList<>();
    for (Map<String, AttributeValue> item : items) {
      if (Attr.str(item, Keys.SK).startsWith(Keys.standing(""))) {
        standings.add(item);
        continue;
      }
      if (MemberBookkeeping.isBookkeeping(Attr.str(item, Keys.SK))) {
        if (bookkeeping.deleteIfIdle(item)) {
          changed++;
        } else {
          inUse++; // a live booking counts on it: the next run judges it again
        }
        continue;
      }
      RawItems.delete(dynamo, table, item);
      changed++;
    }
    if (inUse > 0) {
      // a live booking may still earn a strike: the standing moves once, when nothing is live
      return new Step.Waiting(changed, inUse + standings.size());
    }
    for (Map<String, AttributeValue> item : standings) {
      if (moveStanding(item, pseudonym)) {
        changed++;
      } else {
        inUse++; // changed since read, or a standing already under the pseudonym: next run
      }
    }
    return inUse == 0 ? new Step.Finished(changed) : new Step.Waiting(changed, inUse);
  }

  private enum Move {
    STANDING
  }

  /** The standing, to the pseudonym (API.md v1.3: a suspension and no-shows stay). */
  private boolean moveStanding(Map<String, AttributeValue> item, String pseudonym) {
    String userId = Attr.str(item, "userId");
    String venueId = Attr.str(item, "venueId");
    return new Transaction<Move>()
        .addEach(
            Move.STANDING,
            new StandingWrites(table)
                .moveTo(StandingItemMapper.fromItem(userId, venueId, item), pseudonym))
        .commit(dynamo)
        .isEmpty();
  }

  /** Deletes the item if {@code attribute} still names the member; 1 if it did. */
  private int delete(Map<String, AttributeValue> key, String attribute, String userId) {
    try {
      dynamo.deleteItem(
          DeleteItemRequest.builder()
              .tableName(table)
              .key(key)
              .conditionExpression("#a = :u")
              .expressionAttributeNames(Map.of("#a", attribute))
              .expressionAttributeValues(Map.of(":u", s(userId)))
              .build());
      return 1;
    } catch (ConditionalCheckFailedException gone) {
      return 0; // gone, or someone else's now
    }
  }

  /** The target's hourly send counters (its address is their key) of the member's hours. */
  private int sendCounters(Channel channel, String target, Set<String> hours) {
    for (String hour : hours) {
      dynamo.deleteItem(
          DeleteItemRequest.builder()
              .tableName(table)
              .key(Attr.key(ContactCodeItems.targetPk(channel, target), "CODES#" + hour))
              .build());
    }
    return hours.size();
  }

  private List<Map<String, AttributeValue>> own(String userId) {
    return RawItems.all(
            dynamo,
            QueryRequest.builder()
                .tableName(table)
                .consistentRead(true)
                .keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", s(Keys.member(userId))))
                .build())
        .stream()
        .filter(i -> OWN.stream().anyMatch(Attr.str(i, Keys.SK)::startsWith))
        .toList();
  }
}
