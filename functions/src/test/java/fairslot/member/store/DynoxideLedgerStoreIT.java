package fairslot.member.store;

import fairslot.testing.Aws;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The ledger store contract on the DynamoDB adapter, against dynoxide (a second DynamoDB). */
class DynoxideLedgerStoreIT extends DynamoDbLedgerStoreIT {
  @Override
  protected DynamoDbClient client() {
    return Aws.dynoxide();
  }

  @Override
  protected String freshTable() {
    return Aws.freshDynoxideTable("ledger");
  }
}
