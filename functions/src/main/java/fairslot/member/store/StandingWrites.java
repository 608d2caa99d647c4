package fairslot.member.store;

import static fairslot.table.Attr.ALL_OLD;
import static fairslot.table.Attr.millis;

import fairslot.kernel.Change;
import fairslot.member.domain.MemberStanding;
import fairslot.member.domain.VenueMember;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RecordParts;
import fairslot.table.TxItems;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The member's standing at a venue, and only here: as a booking transaction checks it (the no-show
 * suspension), and its replacement by a no-show or a pardon.
 */
public final class StandingWrites {
  private final String table;

  public StandingWrites(String table) {
    this.table = table;
  }

  /** The member is not suspended at the booking's venue at {@code now} (no-show rule). */
  public TransactWriteItem notSuspended(VenueMember b, Instant now) {
    return TxItems.check(
        ConditionCheck.builder()
            .tableName(table)
            .key(StandingItemMapper.key(b.userId(), b.venueId()))
            .conditionExpression("attribute_not_exists(suspendedUntil) OR suspendedUntil <= :now")
            .expressionAttributeValues(Map.of(":now", millis(now)))
            .returnValuesOnConditionCheckFailure(ALL_OLD));
  }

  /** Puts {@code next} on condition the item is still at {@code seen}'s version. */
  public TransactWriteItem replace(MemberStanding seen, MemberStanding next) {
    Put.Builder put =
        Put.builder()
            .tableName(table)
            .item(StandingItemMapper.toItem(next))
            .returnValuesOnConditionCheckFailure(ALL_OLD);
    if (seen.version() == 0) {
      put.conditionExpression("attribute_not_exists(PK)");
    } else {
      put.conditionExpression("version = :seen")
          .expressionAttributeValues(Map.of(":seen", Attr.n(seen.version())));
    }
    return TransactWriteItem.builder().put(put.build()).build();
  }

  /**
   * Erasure keeps a standing with the pseudonymous member (API.md v1.3): the same strikes and
   * suspension under the pseudonym, on condition none is there yet; the member's goes, on condition
   * it is still the version read.
   */
  List<TransactWriteItem> moveTo(MemberStanding seen, String pseudonym) {
    MemberStanding moved =
        new MemberStanding(pseudonym, seen.venueId(), seen.strikes(), seen.suspendedUntil(), 1);
    return List.of(
        replace(MemberStanding.clean(pseudonym, seen.venueId()), moved),
        TransactWriteItem.builder()
            .delete(
                Delete.builder()
                    .tableName(table)
                    .key(StandingItemMapper.key(seen.userId(), seen.venueId()))
                    .conditionExpression("version = :seen")
                    .expressionAttributeValues(Map.of(":seen", Attr.n(seen.version())))
                    .build())
            .build());
  }

  /** The audit record of a standing's move from {@code seen} to {@code next}. */
  public static TransactWriteItem audit(
      RecordParts records, MemberStanding seen, MemberStanding next, Change change) {
    return records.audit(
        Keys.member(seen.userId()),
        "standing:" + seen.userId() + "@" + seen.venueId(),
        describe(seen),
        describe(next),
        change);
  }

  private static String describe(MemberStanding s) {
    return s.strikes().size()
        + " strikes"
        + s.suspendedUntil().map(u -> ", suspended until " + u).orElse("");
  }
}
