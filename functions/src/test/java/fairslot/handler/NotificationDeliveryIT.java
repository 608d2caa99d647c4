package fairslot.handler;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.definitions.Fairslot;
import fairslot.member.domain.Channel;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Mailbox;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Notifications reach members through the emulator's SES and SNS (v1.1 "Members and
 * notifications"): once per channel, in the member's language, with the venue's time; a failing
 * channel parks the delivery for the desk, whose retry sends it.
 */
class NotificationDeliveryIT {
  private final ApiDriver api = new ApiDriver("notify");

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  /** An address and a phone no other test (or earlier run) of this emulator used. */
  private record Contact(String email, String phone) {
    static Contact fresh(String user) {
      long digits = ThreadLocalRandom.current().nextLong(100_000_000L, 999_999_999L);
      return new Contact(user + "-" + digits + "@example.com", "+8613" + digits);
    }
  }

  private Contact profile(String user, String channels, String locale) {
    Contact c = Contact.fresh(user);
    Reply r =
        api.send(
            "PUT /me/profile",
            e ->
                e.as(user, CUSTOMER)
                    .body(
                        "{\"email\":\""
                            + c.email()
                            + "\",\"phone\":\""
                            + c.phone()
                            + "\",\"channels\":"
                            + channels
                            + ",\"locale\":\""
                            + locale
                            + "\"}"));
    ApiDriver.expect(r, 200);
    // Only proved addresses are sent to (v1.2).
    ApiDriver.expect(fairslot.testing.Contacts.proveEmail(api, user, c.email()), 200);
    ApiDriver.expect(fairslot.testing.Contacts.provePhone(api, user, c.phone()), 200);
    return c;
  }

  /** A one-seat slot whose seat is released to {@code waiter}'s offer; its offer deadline. */
  private String offerTo(String waiter) {
    String slotId = api.openSlot("SEATS", 1, 3000);
    String held = api.book("holder", slotId, 1).text("bookingId");
    ApiDriver.expect(
        api.send(
            "POST /slots/{slotId}/waitlist", e -> e.as(waiter, CUSTOMER).path("slotId", slotId)),
        201);
    api.cancel("holder", held);
    api.deliverSeatReleased();
    Reply entry =
        api.send(
            "GET /slots/{slotId}/waitlist/me", e -> e.as(waiter, CUSTOMER).path("slotId", slotId));
    assertThat(entry.text("status")).isEqualTo("OFFERED");
    return entry.text("offerExpiresAt");
  }

  private void runSender() {
    new ScheduledJobHandler(api.wiring).run("send-notifications");
  }

  private static String venueMinute(String offsetDateTime) {
    return DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm")
        .format(OffsetDateTime.parse(offsetDateTime));
  }

  @Test
  void anOfferReachesTheMemberOnceByEmailAndOnceBySmsWithTheDeadlineInVenueTime() {
    Contact m = profile("m", "[\"EMAIL\",\"SMS\"]", "en");
    String deadline = offerTo("m");

    runSender();
    runSender(); // a second run (or a duplicate schedule) sends nothing again

    var emails = Mailbox.emailsTo(m.email());
    var sms = Mailbox.smsTo(m.phone());
    String shown = venueMinute(deadline) + " (Asia/Shanghai)";
    assertThat(emails)
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.from()).isEqualTo(Fairslot.LOCAL_EMAIL_FROM);
              assertThat(e.subject()).startsWith("A place is free for you");
              assertThat(e.body()).contains("until " + shown);
            });
    assertThat(sms).singleElement().satisfies(s -> assertThat(s.message()).contains(shown));
    Reply mine = api.send("GET /me/notifications", e -> e.as("m", CUSTOMER));
    assertThat(mine.json().get("items"))
        .hasSize(2)
        .allSatisfy(
            n -> {
              assertThat(n.get("kind").asText()).isEqualTo("OFFER_MADE");
              assertThat(n.get("status").asText()).isEqualTo("SENT");
              assertThat(n.get("sentAt").asText()).isNotEmpty();
            });
    assertThat(mine.json().get("items").findValuesAsText("channel"))
        .containsExactlyInAnyOrder("EMAIL", "SMS");
  }

  @Test
  void aConfirmationEmailCarriesTheBookingAsACalendarEntryAtTheVenuesTimeInTheMembersLanguage()
      throws Exception {
    Contact m = profile("cal", "[\"EMAIL\",\"SMS\"]", "zh-CN");
    String slotId = api.openSlot("SEATS", 3, 3000);
    String bookingId = api.paidBooking("cal", slotId);

    runSender();

    var emails = Mailbox.emailsTo(m.email());
    assertThat(emails).singleElement().satisfies(e -> assertThat(e.subject()).startsWith("预订成功"));
    var email = emails.get(0);
    assertThat(email.body()).contains("已确认");
    assertThat(email.files())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.filename()).isEqualTo("booking.ics");
              assertThat(f.contentType()).isEqualTo("text/calendar");
            });
    net.fortuna.ical4j.model.Calendar calendar =
        new net.fortuna.ical4j.data.CalendarBuilder()
            .build(new java.io.StringReader(email.files().get(0).content()));
    java.util.List<net.fortuna.ical4j.model.component.VEvent> events =
        calendar.getComponents(net.fortuna.ical4j.model.Component.VEVENT);
    assertThat(events).hasSize(1);
    var event = events.get(0);
    assertThat(event.getProperty("UID").orElseThrow().getValue())
        .isEqualTo(bookingId + "@fairslot");
    assertThat(
            event
                .getProperty("DTSTART")
                .orElseThrow()
                .getParameter("TZID")
                .orElseThrow()
                .getValue())
        .isEqualTo("Asia/Shanghai");
    String localStart = api.slot(slotId).text("start"); // the venue's local time, as the API shows
    java.time.ZonedDateTime read =
        java.time.ZonedDateTime.from(event.getDateTimeStart().orElseThrow().getDate());
    assertThat(read.toLocalDateTime().toString()).isEqualTo(localStart.substring(0, 16));
    // The SMS carries the text only.
    assertThat(Mailbox.smsTo(m.phone()))
        .singleElement()
        .satisfies(sms -> assertThat(sms.message()).contains("已确认"));
  }

  @Test
  void aMemberWhoChoseChineseReadsChineseAndOnlyOnTheirChosenChannel() {
    Contact m = profile("zh", "[\"SMS\"]", "zh-CN");
    String deadline = offerTo("zh");

    runSender();

    assertThat(Mailbox.emailsTo(m.email())).as("EMAIL was not chosen").isEmpty();
    assertThat(Mailbox.smsTo(m.phone()))
        .singleElement()
        .satisfies(
            s ->
                assertThat(s.message())
                    .contains("为您保留至 " + venueMinute(deadline) + " (Asia/Shanghai)"));
  }

  @Test
  void aMemberWithoutChannelsFindsTheNotificationInTheirOwnList() {
    offerTo("quiet");

    runSender();

    Reply mine = api.send("GET /me/notifications", e -> e.as("quiet", CUSTOMER));
    assertThat(mine.json().get("items"))
        .singleElement()
        .satisfies(
            n -> {
              assertThat(n.get("channel").asText()).isEqualTo("IN_APP");
              assertThat(n.get("status").asText()).isEqualTo("SENT");
              assertThat(n.get("body").asText()).contains("Asia/Shanghai");
            });
    Reply someoneElse = api.send("GET /me/notifications", e -> e.as("other", CUSTOMER));
    assertThat(someoneElse.json().get("items")).isEmpty();
  }

  @Test
  void aFailingChannelIsParkedListedForTheDeskAndSentAfterARetry() {
    Contact m = profile("p", "[\"EMAIL\",\"SMS\"]", "en");
    api.notifications.failWhen(d -> d.channel() == Channel.EMAIL && d.about().userId().equals("p"));
    offerTo("p");

    for (int run = 0; run < 8; run++) {
      runSender();
      api.clock.advance(Duration.ofMinutes(10));
    }
    Reply parked =
        api.send(
            "GET /staff/notifications", e -> e.as("desk", FRONTDESK).query("status", "PARKED"));
    Reply memberSees = api.send("GET /me/notifications", e -> e.as("p", CUSTOMER));

    assertThat(Mailbox.emailsTo(m.email())).isEmpty();
    assertThat(Mailbox.smsTo(m.phone())).as("the other channel is not held up").hasSize(1);
    var item =
        parked.json().get("items").findParents("userId").stream()
            .filter(n -> n.get("userId").asText().equals("p"))
            .findFirst()
            .orElseThrow();
    assertThat(item.get("channel").asText()).isEqualTo("EMAIL");
    assertThat(item.get("status").asText()).isEqualTo("PARKED");
    assertThat(item.get("attempts").asInt()).isEqualTo(5);
    assertThat(item.get("lastError").asText()).contains("told to fail");
    assertThat(memberSees.json().get("items").findValuesAsText("status"))
        .containsExactlyInAnyOrder("PARKED", "SENT");

    api.notifications.failWhen(d -> false);
    String id = item.get("notificationId").asText();
    Reply retried =
        api.send(
            "POST /staff/notifications/{notificationId}/retry",
            e -> e.as("desk", FRONTDESK).path("notificationId", id));
    Reply again =
        api.send(
            "POST /staff/notifications/{notificationId}/retry",
            e -> e.as("desk", FRONTDESK).path("notificationId", id));
    runSender();
    runSender();
    Reply afterSent =
        api.send(
            "POST /staff/notifications/{notificationId}/retry",
            e -> e.as("desk", FRONTDESK).path("notificationId", id));

    assertThat(retried.status()).isEqualTo(202);
    assertThat(retried.text("status")).isEqualTo("PENDING");
    assertThat(again.status()).as("a repeated retry changes nothing").isEqualTo(202);
    assertThat(Mailbox.emailsTo(m.email())).hasSize(1);
    assertThat(afterSent.status()).isEqualTo(409);
    assertThat(
            api.send(
                    "GET /staff/notifications",
                    e -> e.as("desk", FRONTDESK).query("status", "PARKED"))
                .json()
                .get("items")
                .findValuesAsText("notificationId"))
        .doesNotContain(id);
  }

  @Test
  void aRetryOfAnUnknownNotificationIsNotFoundAndOnlyParkedCanBeListed() {
    Reply unknown =
        api.send(
            "POST /staff/notifications/{notificationId}/retry",
            e -> e.as("desk", FRONTDESK).path("notificationId", "bm90LWFuLWlk"));
    Reply sent =
        api.send("GET /staff/notifications", e -> e.as("desk", FRONTDESK).query("status", "SENT"));

    assertThat(unknown.status()).isEqualTo(404);
    assertThat(sent.status()).isEqualTo(422);
    assertThat(sent.text("code")).isEqualTo("invalid_request");
  }
}
