package fairslot.staff.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.domain.Venue;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryCatalogStore;
import fairslot.memory.MemoryStaffStore;
import fairslot.memory.MemoryTables;
import fairslot.staff.domain.StaffGrant;
import fairslot.staff.domain.VenueAccess;
import fairslot.staff.domain.VenueRole;
import fairslot.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Staff administration and the access cache, on the in-memory fakes. */
class VenueStaffTest {
  private final TestClock clock = new TestClock(Instant.parse("2026-12-01T00:00:00Z"));
  private final MemoryTables tables = new MemoryTables();
  private final MemoryStaffStore store = new MemoryStaffStore(tables);
  private final MemoryCatalogStore catalog = new MemoryCatalogStore(tables);
  private final StaffAccess access = new StaffAccess(store, clock);
  private final VenueStaff staff = new VenueStaff(store, catalog, access, clock);
  private final VenueAccess platform = new VenueAccess(Set.of(VenueRole.ADMIN), Map.of());
  private String venue;

  @BeforeEach
  void aVenue() {
    venue =
        catalog
            .createVenue(
                new Venue(
                    "v-1",
                    "Club",
                    java.time.ZoneId.of("Asia/Shanghai"),
                    fairslot.catalog.domain.VenuePolicy.DEFAULT))
            .venueId();
  }

  private static <T> T done(Outcome<T> o) {
    assertThat(o).isInstanceOf(Outcome.Done.class);
    return ((Outcome.Done<T>) o).value();
  }

  private static Refusal refusal(Outcome<?> o) {
    assertThat(o).isInstanceOf(Outcome.Refused.class);
    return ((Outcome.Refused<?>) o).refusal();
  }

  @Test
  void theSameRolesAgainChangeNothingAndNewRolesMakeANewVersion() {
    StaffGrant first =
        done(staff.grant("boss", platform, venue, "ann", Set.of(VenueRole.FRONTDESK)));
    StaffGrant again =
        done(staff.grant("boss", platform, venue, "ann", Set.of(VenueRole.FRONTDESK)));
    assertThat(again.version()).isEqualTo(first.version());
    StaffGrant more =
        done(
            staff.grant(
                "boss", platform, venue, "ann", Set.of(VenueRole.FRONTDESK, VenueRole.FINANCE)));
    assertThat(more.version()).isEqualTo(first.version() + 1);
    assertThat(store.grantsOf("ann"))
        .singleElement()
        .extracting(StaffGrant::roles)
        .isEqualTo(Set.of(VenueRole.FRONTDESK, VenueRole.FINANCE));
  }

  @Test
  void aVenueAdminCannotChangeTheirOwnRolesButThePlatformAdminCan() {
    VenueAccess venueAdmin = new VenueAccess(Set.of(), Map.of(venue, Set.of(VenueRole.ADMIN)));
    assertThat(refusal(staff.grant("bob", venueAdmin, venue, "bob", Set.of(VenueRole.FINANCE))))
        .isEqualTo(Refusal.FORBIDDEN);
    assertThat(refusal(staff.revoke("bob", venueAdmin, venue, "bob"))).isEqualTo(Refusal.FORBIDDEN);
    done(staff.grant("root", platform, venue, "root", Set.of(VenueRole.ADMIN)));
  }

  @Test
  void unknownRolesAndEmptyListsAreRefusedAsInput() {
    assertThat(refusal(VenueStaff.roles(List.of("owner")))).isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(refusal(VenueStaff.roles(List.of()))).isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(done(VenueStaff.roles(List.of("admin", "finance", "admin"))))
        .containsOnly(VenueRole.ADMIN, VenueRole.FINANCE);
    assertThat(refusal(staff.grant("boss", platform, "no-venue", "ann", Set.of(VenueRole.ADMIN))))
        .isEqualTo(Refusal.NOT_FOUND);
  }

  @Test
  void theCacheReadsGrantsAgainAfterItsLifetimeAndAtOnceAfterItsOwnChange() {
    assertThat(access.of("ann", Set.of()).byVenue()).isEmpty();
    done(staff.grant("boss", platform, venue, "ann", Set.of(VenueRole.FRONTDESK)));
    assertThat(access.of("ann", Set.of()).at(venue, List.of(VenueRole.FRONTDESK)))
        .as("changed here: forgotten at once")
        .isTrue();

    // Changed by another container: this one's copy lives out its TTL, never longer.
    StaffGrant held = store.grant(venue, "ann").orElseThrow();
    store.revoke(held, fairslot.kernel.Change.by("elsewhere", clock.instant(), "test"));
    clock.advance(StaffAccess.TTL);
    assertThat(access.of("ann", Set.of()).at(venue, List.of(VenueRole.FRONTDESK))).isFalse();
    assertThat(StaffAccess.TTL).isLessThanOrEqualTo(Duration.ofSeconds(60));
  }
}
