package fairslot.member.store;

import fairslot.aws.Resilient;
import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Proving contact points on the DynamoDB adapters, against the emulator. */
class DynamoDbContactVerificationIT extends ContactVerificationContract {
  @Override
  protected Stores fresh() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    String table = Aws.freshTable("contract");
    return new Stores(
        new DynamoDbMemberProfileStore(dynamo, table),
        new DynamoDbCustomerProfileStore(dynamo, table),
        new DynamoDbContactCodeStore(dynamo, table));
  }
}
