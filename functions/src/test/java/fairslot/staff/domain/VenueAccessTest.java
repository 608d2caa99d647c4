package fairslot.staff.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class VenueAccessTest {
  private final VenueAccess deskOfA =
      new VenueAccess(
          Set.of(), Map.of("A", Set.of(VenueRole.FRONTDESK), "B", Set.of(VenueRole.FINANCE)));

  @Test
  void aVenueRoleActsAtItsVenueOnly() {
    assertThat(deskOfA.at("A", List.of(VenueRole.FRONTDESK, VenueRole.ADMIN))).isTrue();
    assertThat(deskOfA.at("B", List.of(VenueRole.FRONTDESK, VenueRole.ADMIN))).isFalse();
    assertThat(deskOfA.at("C", List.of(VenueRole.FINANCE))).isFalse();
    assertThat(deskOfA.at("B", List.of(VenueRole.FINANCE))).isTrue();
  }

  @Test
  void aGlobalRoleActsEverywhereAndItsListsAreUnlimited() {
    VenueAccess platform = new VenueAccess(Set.of(VenueRole.ADMIN), Map.of());
    assertThat(platform.at("anywhere", List.of(VenueRole.ADMIN))).isTrue();
    assertThat(platform.venuesFor(List.of(VenueRole.ADMIN))).isEmpty();
    assertThat(platform.at("anywhere", List.of(VenueRole.FINANCE))).isFalse();
  }

  @Test
  void aListShowsTheVenuesWhereTheCallerHoldsOneOfItsRoles() {
    assertThat(deskOfA.venuesFor(List.of(VenueRole.FRONTDESK))).contains(Set.of("A"));
    assertThat(deskOfA.venuesFor(List.of(VenueRole.FRONTDESK, VenueRole.FINANCE)))
        .contains(Set.of("A", "B"));
    assertThat(deskOfA.venuesFor(List.of(VenueRole.ADMIN))).contains(Set.of());
    assertThat(deskOfA.somewhere(List.of(VenueRole.ADMIN))).isFalse();
    assertThat(VenueAccess.none().somewhere(List.of(VenueRole.FRONTDESK))).isFalse();
  }
}
