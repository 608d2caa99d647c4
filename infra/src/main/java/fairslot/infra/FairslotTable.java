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
    for (IndexDefinition index : t.indexes().subList(0, indexCount(scope, t.indexes().size()))) {
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

  /**
   * How many of the indexes to deploy: all, unless the {@code indexes} context says fewer.
   * CloudFormation creates at most one GSI per stack update, so a stack made before a release that
   * adds two is upgraded in steps, {@code -c indexes=<n>} then the full set (docs/deploying.md,
   * "Upgrading"). New indexes are appended to the definition, so the first n are the ones a stack
   * already has plus the next.
   */
  static int indexCount(Construct scope, int all) {
    Object asked = scope.getNode().tryGetContext("indexes");
    if (asked == null) {
      return all;
    }
    int n = Integer.parseInt(asked.toString());
    if (n < 0 || n > all) {
      throw new IllegalArgumentException("indexes must be 0.." + all + ", not " + n);
    }
    return n;
  }

  private static AttributeType type(IndexDefinition.AttributeType t) {
    return t == IndexDefinition.AttributeType.NUMBER ? AttributeType.NUMBER : AttributeType.STRING;
  }
}
