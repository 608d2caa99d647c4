package fairslot.staff.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingStore;
import fairslot.booking.domain.AuditSubject;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.kernel.PageRequest;
import fairslot.staff.app.StaffStore;
import fairslot.staff.domain.StaffGrant;
import fairslot.staff.domain.VenueRole;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every StaffStore must do: on the in-memory fake (MemoryStaffStoreTest), on the DynamoDB
 * adapter against moto (DynamoDbStaffStoreIT) and against dynoxide (DynoxideStaffStoreIT). A grant
 * is one item per venue and member, edited only at the version read, audited under its venue.
 */
public abstract class StaffStoreContract {
  protected record Stores(StaffStore staff, BookingStore bookings) {}

  protected abstract Stores fresh();

  private StaffStore staff;
  private BookingStore bookings;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    staff = stores.staff();
    bookings = stores.bookings();
  }

  private static Change by(String actor) {
    return Change.by(actor, NOW, "contract");
  }

  private static StaffGrant grant(String venue, String user, VenueRole... roles) {
    return new StaffGrant(venue, user, Set.of(roles), "boss", NOW, 1);
  }

  @Test
  void aGrantIsReadAtItsVenueAndAmongItsMembersGrants() {
    assertThat(staff.put(grant("v1", "ann", VenueRole.FRONTDESK), Optional.empty(), by("boss")))
        .isTrue();
    assertThat(staff.put(grant("v2", "ann", VenueRole.FINANCE), Optional.empty(), by("boss")))
        .isTrue();
    assertThat(staff.put(grant("v1", "bob", VenueRole.ADMIN), Optional.empty(), by("boss")))
        .isTrue();

    assertThat(staff.grant("v1", "ann").orElseThrow().roles()).containsOnly(VenueRole.FRONTDESK);
    assertThat(staff.grantsAt("v1")).extracting(StaffGrant::userId).containsOnly("ann", "bob");
    assertThat(staff.grantsOf("ann"))
        .extracting(StaffGrant::venueId, StaffGrant::roles)
        .containsOnly(
            org.assertj.core.groups.Tuple.tuple("v1", Set.of(VenueRole.FRONTDESK)),
            org.assertj.core.groups.Tuple.tuple("v2", Set.of(VenueRole.FINANCE)));
    assertThat(staff.grantsOf("carol")).isEmpty();
  }

  @Test
  void twoEditsFromTheSameVersionLandOnce() {
    StaffGrant first = grant("v1", "ann", VenueRole.FRONTDESK);
    assertThat(staff.put(first, Optional.empty(), by("boss"))).isTrue();
    assertThat(staff.put(first, Optional.empty(), by("other"))).as("a second new grant").isFalse();

    StaffGrant a = first.regranted(Set.of(VenueRole.ADMIN), "boss", NOW);
    StaffGrant b = first.regranted(Set.of(VenueRole.FINANCE), "other", NOW);
    assertThat(staff.put(a, Optional.of(first), by("boss"))).isTrue();
    assertThat(staff.put(b, Optional.of(first), by("other"))).isFalse();

    assertThat(staff.grant("v1", "ann").orElseThrow().roles()).containsOnly(VenueRole.ADMIN);
    assertThat(staff.grantsOf("ann").get(0).roles()).containsOnly(VenueRole.ADMIN);
  }

  @Test
  void aRevocationRemovesBothCopiesAndOnlyAtTheVersionRead() {
    StaffGrant first = grant("v1", "ann", VenueRole.FRONTDESK);
    staff.put(first, Optional.empty(), by("boss"));
    StaffGrant second = first.regranted(Set.of(VenueRole.FINANCE), "boss", NOW);
    staff.put(second, Optional.of(first), by("boss"));

    assertThat(staff.revoke(first, by("boss"))).as("a stale revocation").isFalse();
    assertThat(staff.grant("v1", "ann")).isPresent();
    assertThat(staff.revoke(second, by("boss"))).isTrue();
    assertThat(staff.grant("v1", "ann")).isEmpty();
    assertThat(staff.grantsOf("ann")).isEmpty();
    assertThat(staff.grantsAt("v1")).isEmpty();
    assertThat(staff.revoke(second, by("boss"))).as("gone already").isFalse();
  }

  @Test
  void everyGrantAndRevocationIsAuditedUnderItsVenue() {
    StaffGrant first = grant("v1", "ann", VenueRole.FRONTDESK);
    staff.put(first, Optional.empty(), by("boss"));
    staff.revoke(first, by("boss"));

    var audit =
        bookings.audit(AuditSubject.VENUE, "v1", new PageRequest(50, Optional.empty())).items();
    assertThat(audit)
        .extracting(AuditEntry::entity, AuditEntry::from, AuditEntry::to, AuditEntry::actor)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("staff:ann", "-", "frontdesk", "boss"),
            org.assertj.core.groups.Tuple.tuple("staff:ann", "frontdesk", "-", "boss"));
  }
}
