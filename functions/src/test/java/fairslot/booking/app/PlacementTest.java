package fairslot.booking.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Book;
import fairslot.booking.domain.Placement;
import fairslot.kernel.IdempotentRequest;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each kind of placement and the policy that follows from it, as the booking path applies it. */
class PlacementTest {
  private static final Optional<IdempotentRequest> KEY =
      Optional.of(new IdempotentRequest("u1", "fingerprint"));

  private static WaitlistEntry offer() {
    return new WaitlistEntry(
        "e1",
        "s1",
        "u1",
        1,
        WaitlistStatus.OFFERED,
        Optional.of(Instant.EPOCH),
        Optional.empty(),
        Instant.EPOCH,
        4);
  }

  @Test
  void aMembersOwnBookingIsJudgedByTheWindowAndTheLimitsAndMayBeProbedWithoutAKey() {
    Placement own = new Book("u1", "s1", 1, false, Optional.empty(), "u1").placement();

    assertThat(own).isEqualTo(new Placement.ByMember("u1", Optional.empty()));
    assertThat(own.windowApplies()).isTrue();
    assertThat(own.bindsPolicy()).isTrue();
    assertThat(own.mayProbe()).isTrue();
    assertThat(new Placement.ByMember("u1", KEY).mayProbe()).isFalse(); // a replay to find
  }

  @Test
  void theDesksBookingForACustomerIsPastTheWindowAndTheMemberLimits() {
    Placement desk = new Book("u1", "s1", 1, false, KEY, "desk-1").placement();

    assertThat(desk).isEqualTo(new Placement.AtDesk("u1", "desk-1", KEY));
    assertThat(desk.actor()).isEqualTo("desk-1");
    assertThat(desk.windowApplies()).isFalse();
    assertThat(desk.bindsPolicy()).isFalse();
    assertThat(desk.idempotency()).isEqualTo(KEY);
  }

  @Test
  void anOfferTakesItsOwnSeatOutsideTheWindowAndBindsTheMemberWhoeverAccepts() {
    Placement accepted = new Placement.FromOffer(offer(), "u1");
    Placement held = new Placement.FromOffer(offer(), Placement.SYSTEM_ACTOR + "auto-hold");
    Placement byStaff = new Placement.FromOffer(offer(), "desk-1");

    assertThat(accepted.fromOffer()).contains(offer());
    assertThat(accepted.windowApplies()).isFalse();
    assertThat(accepted.mayProbe()).isFalse();
    assertThat(accepted.bindsPolicy()).isTrue();
    assertThat(held.bindsPolicy()).isTrue();
    assertThat(byStaff.bindsPolicy()).isFalse();
  }

  @Test
  void aQueuedGrantIsTheMembersOwnAndGrantsItsRequest() {
    Placement grant = new Placement.QueuedGrant("u1", "r1");

    assertThat(grant.actor()).isEqualTo("u1");
    assertThat(grant.grantsRequest()).contains("r1");
    assertThat(grant.windowApplies()).isTrue();
    assertThat(grant.bindsPolicy()).isTrue();
    assertThat(grant.mayProbe()).isFalse();
  }
}
