package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.s;
import static fairslot.store.dynamodb.Attr.str;

import fairslot.app.ProfileStore;
import fairslot.domain.CustomerProfile;
import fairslot.domain.Phone;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The profile item {@code PHONE#<number>}, {@code PROFILE}: the phone is the key, so "one profile
 * per phone" is the put's {@code attribute_not_exists} condition, and a second walk-in with the
 * same number finds the first one's profile.
 */
public final class DynamoDbProfileStore implements ProfileStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbProfileStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public CustomerProfile findOrCreate(CustomerProfile candidate) {
    try {
      dynamo.putItem(
          r ->
              r.tableName(table)
                  .item(
                      Map.of(
                          Keys.PK,
                          s(Keys.phone(candidate.phone())),
                          Keys.SK,
                          s("PROFILE"),
                          "type",
                          s("PROFILE"),
                          "customerId",
                          s(candidate.customerId()),
                          "phone",
                          s(candidate.phone().value()),
                          "name",
                          s(candidate.name())))
                  .conditionExpression("attribute_not_exists(PK)"));
      return candidate;
    } catch (ConditionalCheckFailedException exists) {
      // The profile is never deleted or re-keyed, so the existing one is there to read.
      return findByPhone(candidate.phone()).orElseThrow();
    }
  }

  @Override
  public Optional<CustomerProfile> findByPhone(Phone phone) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .key(Attr.key(Keys.phone(phone), "PROFILE"))
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
