package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Proving contact points on the DynamoDB adapters, against dynoxide (a second DynamoDB). */
class DynoxideContactVerificationIT extends ContactVerificationContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynoxide());
    String table = Aws.freshDynoxideTable("contract");
    return new Stores(
        new DynamoDbMemberProfileStore(dynamo, table),
        new DynamoDbCustomerProfileStore(dynamo, table),
        new DynamoDbContactCodeStore(dynamo, table));
  }
}
