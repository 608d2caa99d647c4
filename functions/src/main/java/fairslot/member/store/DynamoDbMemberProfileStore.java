package fairslot.member.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.member.app.MemberProfileStore;
import fairslot.member.app.MemberProfileStore.Proof;
import fairslot.member.domain.Channel;
import fairslot.member.domain.CustomerProfile;
import fairslot.member.domain.MemberProfile;
import fairslot.member.domain.Phone;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Member profiles, and which member proved each phone: the claim {@code PHONE#<phone>} / {@code
 * ACCOUNT} beside the walk-in profile of that phone, moved only in a confirmation's transaction
 * (v1.2), together with the walk-in's link and its pointer.
 */
public final class DynamoDbMemberProfileStore implements MemberProfileStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbMemberProfileStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  /** The actions of a profile's transactions, by name. */
  private enum Action {
    PROFILE,
    CODE,
    CLAIM,
    FORMER,
    WALK_IN,
    POINTER,
    GIVE_UP_CLAIM,
    GIVE_UP_WALK_IN,
    GIVE_UP_POINTER
  }

  @Override
  public MemberProfile profile(String userId) {
    var response =
        dynamo.getItem(
            r -> r.tableName(table).key(MemberProfileMapper.key(userId)).consistentRead(true));
    return MemberProfileMapper.fromItem(userId, response.hasItem() ? response.item() : Map.of());
  }

  @Override
  public SaveResult save(MemberProfile seen, MemberProfile next) {
    Transaction<Action> tx = new Transaction<Action>().add(Action.PROFILE, putProfile(seen, next));
    giveUpOldPhone(tx, seen, next);
    return tx.commit(dynamo).isEmpty() ? SaveResult.SAVED : SaveResult.MOVED;
  }

  @Override
  public SaveResult confirm(Confirmation c) {
    MemberProfile next = c.next();
    Transaction<Action> tx =
        new Transaction<Action>().add(Action.PROFILE, putProfile(c.seen(), next));
    if (c.proof() instanceof Proof.Typed typed) {
      tx.add(Action.CODE, ContactCodeItems.consume(table, typed.code()));
    }
    if (c.proof().channel() == Channel.SMS) {
      Phone phone = next.phone().orElseThrow();
      tx.add(Action.CLAIM, claim(phone, next.userId(), c.holder()));
      c.former().ifPresent(f -> tx.add(Action.FORMER, putProfile(f, f.phoneLost().nextVersion())));
      if (c.walkIn().isPresent()) {
        var walkIn = c.walkIn().get();
        tx.add(Action.WALK_IN, link(phone, walkIn.customerId(), next.userId(), walkIn));
        tx.add(
            Action.POINTER,
            AccountLinks.pointer(table, walkIn.customerId(), next.userId(), walkIn.linkedUserId()));
      } else {
        tx.add(Action.WALK_IN, noWalkIn(phone));
      }
    }
    giveUpOldPhone(tx, c.seen(), next);
    return tx.commit(dynamo).isEmpty() ? SaveResult.SAVED : SaveResult.MOVED;
  }

  private TransactWriteItem putProfile(MemberProfile seen, MemberProfile next) {
    Put.Builder profile = Put.builder().tableName(table).item(MemberProfileMapper.toItem(next));
    if (seen.version() == 0) {
      profile.conditionExpression("attribute_not_exists(PK)");
    } else {
      profile
          .conditionExpression("version = :seen")
          .expressionAttributeValues(Map.of(":seen", n(seen.version())));
    }
    return TransactWriteItem.builder().put(profile.build()).build();
  }

  /**
   * A verified phone the member no longer holds goes with its claim, its walk-in's link and the
   * link's pointer: the walk-in's bookings stay with the phone, not with the member.
   */
  private void giveUpOldPhone(Transaction<Action> tx, MemberProfile seen, MemberProfile next) {
    if (!seen.phoneVerified() || seen.phone().equals(next.phone())) {
      return;
    }
    Phone old = seen.phone().orElseThrow();
    tx.add(Action.GIVE_UP_CLAIM, AccountLinks.release(table, old, seen.userId()));
    for (String customerId : seen.linkedCustomers()) {
      tx.add(Action.GIVE_UP_WALK_IN, unlink(old, seen.userId()));
      tx.add(Action.GIVE_UP_POINTER, AccountLinks.dropPointer(table, customerId, seen.userId()));
    }
  }

  /** The phone becomes this member's, on condition it is still held by whoever held it as read. */
  private TransactWriteItem claim(Phone phone, String userId, Optional<String> holder) {
    Put.Builder put =
        Put.builder()
            .tableName(table)
            .item(
                Map.of(
                    Keys.PK,
                    s(Keys.phone(phone.value())),
                    Keys.SK,
                    s("ACCOUNT"),
                    "type",
                    s("PHONE_ACCOUNT"),
                    "userId",
                    s(userId)));
    if (holder.isEmpty()) {
      put.conditionExpression("attribute_not_exists(PK)");
    } else {
      put.conditionExpression("userId = :h")
          .expressionAttributeValues(Map.of(":h", s(holder.get())));
    }
    return TransactWriteItem.builder().put(put.build()).build();
  }

  /** The phone's walk-in profile is linked to the member, from whoever it was linked to as read. */
  private TransactWriteItem link(
      Phone phone, String customerId, String userId, CustomerProfile seen) {
    var update =
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.phone(phone.value()), "PROFILE"))
            .updateExpression("SET linkedUserId = :u");
    if (seen.linkedUserId().isPresent()) {
      update
          .conditionExpression("customerId = :c AND linkedUserId = :was")
          .expressionAttributeValues(
              Map.of(":u", s(userId), ":c", s(customerId), ":was", s(seen.linkedUserId().get())));
    } else {
      update
          .conditionExpression("customerId = :c AND attribute_not_exists(linkedUserId)")
          .expressionAttributeValues(Map.of(":u", s(userId), ":c", s(customerId)));
    }
    return TransactWriteItem.builder().update(update.build()).build();
  }

  private TransactWriteItem unlink(Phone phone, String userId) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.phone(phone.value()), "PROFILE"))
            .updateExpression("REMOVE linkedUserId")
            .conditionExpression("linkedUserId = :u")
            .expressionAttributeValues(Map.of(":u", s(userId))));
  }

  /**
   * No walk-in was read: one made meanwhile would be left behind, so the confirmation reads again.
   */
  private TransactWriteItem noWalkIn(Phone phone) {
    return TxItems.check(
        ConditionCheck.builder()
            .tableName(table)
            .key(Attr.key(Keys.phone(phone.value()), "PROFILE"))
            .conditionExpression("attribute_not_exists(PK)"));
  }

  @Override
  public Optional<String> linkedAccount(String customerId) {
    return AccountLinks.accountAt(dynamo, table, AccountLinks.pointerKey(customerId));
  }

  @Override
  public Optional<String> accountOf(Phone phone) {
    return AccountLinks.accountAt(dynamo, table, AccountLinks.claimKey(phone));
  }
}
