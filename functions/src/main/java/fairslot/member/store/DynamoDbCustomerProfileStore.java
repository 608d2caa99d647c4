package fairslot.member.store;

import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.kernel.Unavailable;
import fairslot.member.app.CustomerProfileStore;
import fairslot.member.domain.CustomerProfile;
import fairslot.member.domain.Phone;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The profile item {@code PHONE#<number>}, {@code PROFILE}: the phone is the key, so "one profile
 * per phone" is the put's {@code attribute_not_exists} condition, and a second walk-in with the
 * same number finds the first one's profile.
 */
public final class DynamoDbCustomerProfileStore implements CustomerProfileStore {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    ACCOUNT,
    MEMBER,
    POINTER,
    PROFILE
  }

  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbCustomerProfileStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  /**
   * The phone's profile, made the first time. A phone a member has proved (claimed) gets its
   * profile already linked to that account, in one transaction with the link's pointer and the
   * member's profile (whose version moves, so a member's save in between reads again). The
   * account's claim checks the reverse: it commits only if no unlinked walk-in profile exists (or
   * links it). Whichever commits first, the other sees it: no walk-in profile stays unlinked beside
   * an account that holds its phone.
   */
  @Override
  public CustomerProfile findOrCreate(CustomerProfile candidate) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Optional<CustomerProfile> existing = findByPhone(candidate.phone());
      if (existing.isPresent()) {
        return existing.get();
      }
      Optional<String> account =
          AccountLinks.accountAt(dynamo, table, AccountLinks.claimKey(candidate.phone()));
      CustomerProfile made =
          new CustomerProfile(candidate.customerId(), candidate.phone(), candidate.name(), account);
      Transaction<Action> tx = new Transaction<Action>().add(Action.PROFILE, putProfile(made));
      if (account.isEmpty()) {
        tx.add(
            Action.ACCOUNT, accountCheck(candidate.phone(), "attribute_not_exists(PK)", Map.of()));
      } else {
        tx.add(
            Action.ACCOUNT,
            accountCheck(candidate.phone(), "userId = :u", Map.of(":u", s(account.get()))));
        tx.add(Action.POINTER, AccountLinks.pointer(table, made.customerId(), account.get()));
        tx.add(Action.MEMBER, linkOnMember(account.get(), made));
      }
      if (tx.commit(dynamo).isEmpty()) {
        return made;
      }
      // Someone made the profile, or claimed or gave up the phone, meanwhile: read again.
    }
    // No phone in the message: it reaches a log line.
    throw new Unavailable("a walk-in profile kept moving", null);
  }

  private static final int MAX_ROUNDS = 5;

  private TransactWriteItem putProfile(CustomerProfile p) {
    Map<String, AttributeValue> item =
        new HashMap<>(
            Map.of(
                Keys.PK,
                s(Keys.phone(p.phone().value())),
                Keys.SK,
                s("PROFILE"),
                "type",
                s("PROFILE"),
                "customerId",
                s(p.customerId()),
                "phone",
                s(p.phone().value()),
                "name",
                s(p.name())));
    p.linkedUserId().ifPresent(u -> item.put("linkedUserId", s(u)));
    return TxItems.put(
        Put.builder().tableName(table).item(item).conditionExpression("attribute_not_exists(PK)"));
  }

  private TransactWriteItem accountCheck(
      Phone phone, String condition, Map<String, AttributeValue> values) {
    ConditionCheck.Builder check =
        ConditionCheck.builder()
            .tableName(table)
            .key(AccountLinks.claimKey(phone))
            .conditionExpression(condition);
    if (!values.isEmpty()) {
      check.expressionAttributeValues(values);
    }
    return TransactWriteItem.builder().conditionCheck(check.build()).build();
  }

  /** The member's profile lists the new walk-in; its version moves, as any write of it does. */
  private TransactWriteItem linkOnMember(String userId, CustomerProfile walkIn) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(MemberProfileMapper.key(userId))
            .updateExpression("SET version = version + :one ADD linkedCustomers :c")
            .conditionExpression("phone = :p AND phoneVerified = :yes")
            .expressionAttributeValues(
                Map.of(
                    ":one",
                    Attr.n(1),
                    ":c",
                    AttributeValue.fromSs(List.of(walkIn.customerId())),
                    ":p",
                    s(walkIn.phone().value()),
                    ":yes",
                    AttributeValue.fromBool(true))));
  }

  @Override
  public Optional<CustomerProfile> findByPhone(Phone phone) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .key(Attr.key(Keys.phone(phone.value()), "PROFILE"))
                        .consistentRead(true))
            .item();
    return item == null || item.isEmpty()
        ? Optional.empty()
        : Optional.of(
            new CustomerProfile(
                str(item, "customerId"),
                new Phone(str(item, "phone")),
                str(item, "name"),
                Attr.optionalString(item, "linkedUserId")));
  }
}
