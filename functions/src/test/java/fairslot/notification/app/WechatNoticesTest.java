package fairslot.notification.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingMessageFacts;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.member.domain.Channel;
import fairslot.member.domain.MemberProfile;
import fairslot.member.domain.Phone;
import fairslot.memory.MemoryNotificationStore;
import fairslot.memory.MemoryWechatIdentityStore;
import fairslot.memory.MemoryWorld;
import fairslot.notification.app.NotificationSender.SendOutcome;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.DeliveryStatus;
import fairslot.notification.domain.Notification;
import fairslot.notification.domain.SubscribeTemplates;
import fairslot.notification.domain.SubscribeTemplates.Fact;
import fairslot.notification.domain.SubscribeTemplates.Template;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Notices as WeChat subscribe messages on the fakes: a templated notice to a member WeChat knows
 * goes as WECHAT in place of SMS and in-app; when WeChat cannot take it, or its last try fails, it
 * falls back once to the verified phone, else in-app, and the WeChat delivery says why.
 */
class WechatNoticesTest {
  private static final SubscribeTemplates TEMPLATES =
      new SubscribeTemplates(
          Map.of(
              Notification.Kind.BOOKING_CONFIRMED,
              new Template(
                  "t-confirm",
                  "pages/b?id={ref}",
                  new LinkedHashMap<>(Map.of("thing1", Fact.VENUE)))));

  private final MemoryWorld world = new MemoryWorld();
  private final MemoryNotificationStore outbox = new MemoryNotificationStore();
  private final MemoryWechatIdentityStore identities = new MemoryWechatIdentityStore();
  private final List<Delivery> handed = new ArrayList<>();
  private Function<Delivery, SendOutcome> wechat = d -> new SendOutcome.Sent();
  private final Notifications job =
      new Notifications(
          outbox,
          new NotificationSender() {
            @Override
            public void send(Delivery d) {
              handed.add(d);
            }

            @Override
            public SendOutcome deliver(Delivery d) {
              if (d.channel() == Channel.WECHAT) {
                SendOutcome outcome = wechat.apply(d);
                if (outcome instanceof SendOutcome.Sent) {
                  handed.add(d);
                }
                return outcome;
              }
              send(d);
              return new SendOutcome.Sent();
            }
          },
          world.memberProfiles,
          new BookingMessageFacts(world.catalogStore, world.bookingStore, world.waitlistStore),
          new WechatNotices(TEMPLATES, identities),
          world.clock);

  private void confirmed(String user) {
    Slot slot = world.slot(ResourceKind.SEATS, 4, 0, Admission.DIRECT);
    outbox.notify(
        new Notification(user, slot.slotId(), Notification.Kind.BOOKING_CONFIRMED, "b-" + user),
        world.clock.instant());
  }

  private void member(String user, boolean phoneVerified, Set<Channel> channels) {
    world.memberProfiles.save(
        MemberProfile.blank(user),
        new MemberProfile(
            user,
            Optional.empty(),
            Optional.of(user + "@example.com"),
            Optional.of(new Phone("+8613800138" + (100 + user.length()))),
            channels,
            "zh-CN",
            1,
            Set.of(),
            phoneVerified ? Set.of(Channel.EMAIL, Channel.SMS) : Set.of(Channel.EMAIL)));
    identities.link(user, "o-" + user, world.clock.instant());
  }

  private List<String> statuses(String user) {
    return outbox.all().stream()
        .filter(d -> d.about().userId().equals(user))
        .map(d -> d.channel() + ":" + d.status())
        .sorted()
        .toList();
  }

  @Test
  void aTemplatedNoticeToAWechatMemberGoesAsWechatInPlaceOfSmsAndKeepsEmail() {
    member("ann", true, Set.of(Channel.EMAIL, Channel.SMS));
    confirmed("ann");

    job.sendDue(100);

    assertThat(statuses("ann")).containsExactly("EMAIL:SENT", "WECHAT:SENT");
    Delivery sent = handed.stream().filter(d -> d.channel() == Channel.WECHAT).findFirst().get();
    assertThat(sent.address()).isEqualTo("ann");
    assertThat(sent.message().subject()).isEqualTo("t-confirm");
    assertThat(sent.message().body()).startsWith("page\tpages/b?id=b-ann\nthing1\t");
  }

  @Test
  void noSendLeftFallsBackToTheVerifiedPhoneOnceHoweverOftenTheJobRuns() {
    member("bo", true, Set.of());
    wechat = d -> new SendOutcome.FallBack("no subscribe message send left");
    confirmed("bo");

    job.sendDue(100);
    job.sendDue(100);

    assertThat(statuses("bo")).containsExactly("SMS:SENT", "WECHAT:FELL_BACK");
    assertThat(outbox.all())
        .filteredOn(d -> d.status() == DeliveryStatus.FELL_BACK)
        .allSatisfy(d -> assertThat(d.lastError()).contains("no subscribe message send left"));
    assertThat(handed).filteredOn(d -> d.channel() == Channel.SMS).hasSize(1);
  }

  @Test
  void withNoVerifiedPhoneTheFallBackIsInApp() {
    member("cy", false, Set.of());
    wechat = d -> new SendOutcome.FallBack("WeChat: no send left (43101)");
    confirmed("cy");

    job.sendDue(100);

    assertThat(statuses("cy")).containsExactly("IN_APP:SENT", "WECHAT:FELL_BACK");
  }

  @Test
  void aWechatDeliveryWhoseLastTryFailsFallsBackInsteadOfParking() {
    member("di", true, Set.of());
    wechat =
        d -> {
          throw new IllegalStateException("WeChat is busy");
        };
    confirmed("di");

    for (int run = 0; run < Notifications.MAX_ATTEMPTS + 2; run++) {
      job.sendDue(100);
      world.clock.advance(Duration.ofHours(1));
    }

    assertThat(statuses("di")).containsExactly("SMS:SENT", "WECHAT:FELL_BACK");
  }

  @Test
  void aMemberWechatDoesNotKnowAndAKindWithNoTemplateGoAsBefore() {
    world.memberProfiles.save(
        MemberProfile.blank("ed"),
        new MemberProfile(
            "ed",
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Set.of(),
            "en",
            1,
            Set.of(),
            Set.of()));
    confirmed("ed");

    job.sendDue(100);

    assertThat(statuses("ed")).containsExactly("IN_APP:SENT");
  }
}
