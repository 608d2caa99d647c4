package fairslot.infra;

import fairslot.definitions.Fairslot;
import fairslot.definitions.IndexDefinition;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.services.dynamodb.Attribute;
import software.amazon.awscdk.services.dynamodb.AttributeType;
import software.amazon.awscdk.services.dynamodb.BillingMode;
import software.amazon.awscdk.services.dynamodb.GlobalSecondaryIndexProps;
import software.amazon.awscdk.services.dynamodb.ProjectionType;
import software.amazon.awscdk.services.dynamodb.StreamViewType;
import software.amazon.awscdk.services.dynamodb.Table;
import software.amazon.awscdk.services.dynamodb.TableEncryption;
import software.constructs.Construct;

/**
 * The single table and its indexes, exactly as the shared definition ({@link Fairslot#TABLE})
 * declares them: on-demand, point-in-time recovery, encrypted, protected from deletion outside dev.
 */
final class FairslotTable {
  private FairslotTable() {}

  static Table build(Construct scope, boolean production, RemovalPolicy keep) {
    var t = Fairslot.TABLE;
    Table created =
        Table.Builder.create(scope, "Table")
            .tableName(t.defaultName())
            .partitionKey(
                Attribute.builder().name(t.partitionKey()).type(AttributeType.STRING).build())
            .sortKey(Attribute.builder().name(t.sortKey()).type(AttributeType.STRING).build())
            .billingMode(BillingMode.PAY_PER_REQUEST)
            .pointInTimeRecovery(true)
            .encryption(TableEncryption.AWS_MANAGED)
            .deletionProtection(production)
            .timeToLiveAttribute(t.timeToLiveAttribute())
            .stream(StreamViewType.valueOf(t.streamView()))
            .removalPolicy(keep)
            .build();
    for (IndexDefinition index : t.indexes()) {
      created.addGlobalSecondaryIndex(
          GlobalSecondaryIndexProps.builder()
              .indexName(index.name())
              .partitionKey(
                  Attribute.builder()
                      .name(index.partitionKey())
                      .type(type(index.partitionKeyType()))
                      .build())
              .sortKey(
                  Attribute.builder().name(index.sortKey()).type(type(index.sortKeyType())).build())
              .projectionType(ProjectionType.valueOf(index.projection().name()))
              .build());
    }
    return created;
  }

  private static AttributeType type(IndexDefinition.AttributeType t) {
    return t == IndexDefinition.AttributeType.NUMBER ? AttributeType.NUMBER : AttributeType.STRING;
  }
}
