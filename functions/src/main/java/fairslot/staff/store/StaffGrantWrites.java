package fairslot.staff.store;

import static fairslot.table.Attr.n;

import fairslot.staff.domain.StaffGrant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The one builder of a grant's two items. The condition is on the venue's copy (new, or at the
 * version read); the member's copy rides on it, so the two never disagree.
 */
public final class StaffGrantWrites {
  private final String table;

  public StaffGrantWrites(String table) {
    this.table = table;
  }

  /** The grant written over {@code replacing} (none: it must not exist yet). */
  public List<TransactWriteItem> put(StaffGrant grant, Optional<StaffGrant> replacing) {
    Put.Builder venue = Put.builder().tableName(table).item(StaffGrantMapper.venueItem(grant));
    if (replacing.isEmpty()) {
      venue.conditionExpression("attribute_not_exists(PK)");
    } else {
      venue
          .conditionExpression("version = :v")
          .expressionAttributeValues(Map.of(":v", n(replacing.get().version())));
    }
    return List.of(
        TransactWriteItem.builder().put(venue.build()).build(),
        TransactWriteItem.builder()
            .put(Put.builder().tableName(table).item(StaffGrantMapper.memberItem(grant)).build())
            .build());
  }

  /** Both copies deleted, on condition the grant is still as read. */
  public List<TransactWriteItem> delete(StaffGrant grant) {
    return List.of(
        TransactWriteItem.builder()
            .delete(
                Delete.builder()
                    .tableName(table)
                    .key(StaffGrantMapper.atVenue(grant.venueId(), grant.userId()))
                    .conditionExpression("version = :v")
                    .expressionAttributeValues(Map.of(":v", n(grant.version())))
                    .build())
            .build(),
        TransactWriteItem.builder()
            .delete(
                Delete.builder()
                    .tableName(table)
                    .key(StaffGrantMapper.atMember(grant.venueId(), grant.userId()))
                    .build())
            .build());
  }
}
