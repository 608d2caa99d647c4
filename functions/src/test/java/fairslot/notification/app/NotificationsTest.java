package fairslot.notification.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingMessageFacts;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.member.domain.Channel;
import fairslot.member.domain.MemberProfile;
import fairslot.member.domain.Phone;
import fairslot.memory.MemoryNotificationStore;
import fairslot.memory.MemoryWorld;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.DeliveryStatus;
import fairslot.notification.domain.Notification;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The send-notifications job's rules, on in-memory fakes. */
class NotificationsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final MemoryNotificationStore outbox = new MemoryNotificationStore();
  private final List<Delivery> handed = new ArrayList<>();
  private final Set<Channel> failing = new java.util.HashSet<>();
  private final Notifications job =
      new Notifications(
          outbox,
          d -> {
            if (failing.contains(d.channel())) {
              throw new IllegalStateException(d.channel() + " refused");
            }
            handed.add(d);
          },
          world.memberProfiles,
          new BookingMessageFacts(world.catalogStore, world.bookingStore, world.waitlistStore),
          world.clock);

  private Notification confirmed(String user) {
    Slot slot = world.slot(ResourceKind.SEATS, 4, 0, fairslot.catalog.domain.Admission.DIRECT);
    Notification n =
        new Notification(user, slot.slotId(), Notification.Kind.BOOKING_CONFIRMED, "b-" + user);
    outbox.notify(n, world.clock.instant());
    return n;
  }

  private void chooses(String user, Set<Channel> channels, String locale) {
    MemberProfile blank = MemberProfile.blank(user);
    world.memberProfiles.save(
        blank,
        new MemberProfile(
            user,
            Optional.empty(),
            Optional.of(user + "@example.com"),
            Optional.of(new Phone("+861380013800" + user.length())),
            channels,
            locale,
            1,
            Set.of(),
            // Proved addresses: only those are sent to (v1.2).
            Set.of(Channel.EMAIL, Channel.SMS)));
  }

  @Test
  void aNoticeBecomesOneDeliveryPerChosenChannelOnceHoweverOftenTheJobRuns() {
    chooses("ann", Set.of(Channel.EMAIL, Channel.SMS), "en");
    confirmed("ann");

    job.sendDue(100);
    job.sendDue(100);
    job.sendDue(100);

    assertThat(handed)
        .extracting(Delivery::channel)
        .containsExactlyInAnyOrder(Channel.EMAIL, Channel.SMS);
    assertThat(handed)
        .extracting(Delivery::address)
        .containsExactlyInAnyOrder("ann@example.com", "+8613800138003");
    assertThat(outbox.all()).allMatch(d -> d.status() == DeliveryStatus.SENT);
  }

  @Test
  void aMemberWithoutChannelsGetsTheirOwnListAndTheWordsOfTheirLocale() {
    chooses("bo", Set.of(), "zh-CN");
    confirmed("bo");
    confirmed("nobody"); // no profile at all

    job.sendDue(100);

    assertThat(handed).extracting(Delivery::channel).containsOnly(Channel.IN_APP);
    assertThat(handed).hasSize(2);
    assertThat(handed.stream().filter(d -> d.about().userId().equals("bo")))
        .singleElement()
        .satisfies(d -> assertThat(d.message().subject()).startsWith("预订成功"));
  }

  private Delivery email() {
    return outbox.all().stream()
        .filter(d -> d.channel() == Channel.EMAIL)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aFailingChannelBacksOffDoublingThenParksAfterFiveTriesWithoutHoldingUpTheOther() {
    chooses("cy", Set.of(Channel.EMAIL, Channel.SMS), "en");
    confirmed("cy");
    failing.add(Channel.EMAIL);

    job.sendDue(100); // try 1
    for (int wait : new int[] {20, 40, 80, 160}) {
      int tries = email().attempts();
      world.clock.advance(Duration.ofSeconds(wait - 1));
      job.sendDue(100);
      assertThat(email().attempts()).as("a second before its time").isEqualTo(tries);
      world.clock.advance(Duration.ofSeconds(1));
      job.sendDue(100);
      assertThat(email().attempts()).as("after %d s", wait).isEqualTo(tries + 1);
    }

    assertThat(handed).extracting(Delivery::channel).containsExactly(Channel.SMS);
    assertThat(email().status()).isEqualTo(DeliveryStatus.PARKED);
    assertThat(email().attempts()).isEqualTo(Notifications.MAX_ATTEMPTS);
    assertThat(email().lastError()).contains("EMAIL refused");

    failing.clear();
    world.clock.advance(Duration.ofDays(1));
    job.sendDue(100);
    assertThat(handed).as("parked stays parked until the desk retries").hasSize(1);
    new NotificationDesk(outbox, world.memberProfiles, world.clock).retry(email().id().encode());
    job.sendDue(100);
    assertThat(handed).extracting(Delivery::channel).containsExactly(Channel.SMS, Channel.EMAIL);
    assertThat(email().status()).isEqualTo(DeliveryStatus.SENT);
  }
}
