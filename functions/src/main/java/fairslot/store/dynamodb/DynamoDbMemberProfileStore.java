package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.n;
import static fairslot.store.dynamodb.Attr.s;

import fairslot.app.MemberProfileStore;
import fairslot.domain.MemberProfile;
import fairslot.domain.Phone;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Member profiles, and the claim of each phone by one account: {@code PHONE#<phone>} / {@code
 * ACCOUNT} beside the walk-in profile of that phone, written in the profile's own transaction.
 */
public final class DynamoDbMemberProfileStore implements MemberProfileStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbMemberProfileStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
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
    Put.Builder profile = Put.builder().tableName(table).item(MemberProfileMapper.toItem(next));
    if (seen.version() == 0) {
      profile.conditionExpression("attribute_not_exists(PK)");
    } else {
      profile
          .conditionExpression("version = :seen")
          .expressionAttributeValues(Map.of(":seen", n(seen.version())));
    }
    Transaction tx =
        new Transaction().add("profile", TransactWriteItem.builder().put(profile.build()).build());
    if (!next.phone().equals(seen.phone())) {
      next.phone().ifPresent(p -> tx.add("claim", claim(p, next.userId())));
      seen.phone().ifPresent(p -> tx.add("release", release(p, seen.userId())));
    }
    boolean linking = false;
    for (String customerId : next.linkedCustomers()) {
      if (!seen.linkedCustomers().contains(customerId)) {
        tx.add("link", link(next.phone().orElseThrow(), customerId, next.userId()));
        tx.add("pointer", AccountLinks.pointer(table, customerId, next.userId()));
        linking = true;
      }
    }
    if (!linking && !next.phone().equals(seen.phone()) && next.phone().isPresent()) {
      // Claiming a phone whose walk-in profile nobody has linked, without linking it, would leave
      // that walk-in's bookings behind: the claim needs the phone to have no unlinked walk-in.
      tx.add("walkIn", noUnlinkedWalkIn(next.phone().get()));
    }
    Optional<Transaction.Cancelled> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return SaveResult.SAVED;
    }
    if (cancelled.get().failed("profile")
        || cancelled.get().failed("link")
        || cancelled.get().failed("pointer")
        || cancelled.get().failed("walkIn")) {
      return SaveResult.MOVED; // the walk-in profile was linked meanwhile: read again
    }
    if (cancelled.get().failed("claim")) {
      return SaveResult.PHONE_TAKEN;
    }
    throw cancelled.get().exception();
  }

  /** The phone becomes this account's, unless another account holds it. */
  private TransactWriteItem claim(Phone phone, String userId) {
    return TransactWriteItem.builder()
        .put(
            Put.builder()
                .tableName(table)
                .item(
                    Map.of(
                        Keys.PK,
                        s(Keys.phone(phone)),
                        Keys.SK,
                        s("ACCOUNT"),
                        "type",
                        s("PHONE_ACCOUNT"),
                        "userId",
                        s(userId)))
                .conditionExpression("attribute_not_exists(PK) OR userId = :u")
                .expressionAttributeValues(Map.of(":u", s(userId)))
                .build())
        .build();
  }

  /**
   * The desk's walk-in profile of this phone is linked to the account, once: its bookings are the
   * member's from now on, whoever holds the phone later.
   */
  private TransactWriteItem link(Phone phone, String customerId, String userId) {
    return TransactWriteItem.builder()
        .update(
            software.amazon.awssdk.services.dynamodb.model.Update.builder()
                .tableName(table)
                .key(Attr.key(Keys.phone(phone), "PROFILE"))
                .updateExpression("SET linkedUserId = :u")
                .conditionExpression("customerId = :c AND attribute_not_exists(linkedUserId)")
                .expressionAttributeValues(Map.of(":u", s(userId), ":c", s(customerId)))
                .build())
        .build();
  }

  private TransactWriteItem noUnlinkedWalkIn(Phone phone) {
    return TransactWriteItem.builder()
        .conditionCheck(
            software.amazon.awssdk.services.dynamodb.model.ConditionCheck.builder()
                .tableName(table)
                .key(Attr.key(Keys.phone(phone), "PROFILE"))
                .conditionExpression("attribute_not_exists(PK) OR attribute_exists(linkedUserId)")
                .build())
        .build();
  }

  @Override
  public Optional<String> linkedAccount(String customerId) {
    return AccountLinks.accountAt(dynamo, table, AccountLinks.pointerKey(customerId));
  }

  @Override
  public Optional<String> accountOf(Phone phone) {
    return AccountLinks.accountAt(dynamo, table, AccountLinks.claimKey(phone));
  }

  /** The account gives the phone up (only if it is the one holding it). */
  private TransactWriteItem release(Phone phone, String userId) {
    return TransactWriteItem.builder()
        .delete(
            Delete.builder()
                .tableName(table)
                .key(AccountLinks.claimKey(phone))
                .conditionExpression("attribute_not_exists(PK) OR userId = :u")
                .expressionAttributeValues(Map.of(":u", s(userId)))
                .build())
        .build();
  }
}
