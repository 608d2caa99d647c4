package fairslot.handler;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.member.domain.Channel;
import fairslot.testing.ApiDriver;
import fairslot.testing.Aws;
import fairslot.testing.Mailbox;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Runs of send-notifications that overlap (a slow run and the next minute's, or a schedule event
 * delivered twice) send each delivery once: every try is claimed by a conditional write first.
 */
class NotificationRaceIT {
  private static final int MEMBERS = 30;
  private static final int RUNS = 8;

  private final ApiDriver api = new ApiDriver("notifyrace");

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  @Test
  void eightOverlappingRunsSendEachOfSixtyDeliveriesOnceFirstTriesAndRetriesAlike()
      throws Exception {
    long run = ThreadLocalRandom.current().nextLong(1_000_000L, 9_999_999L);
    List<String> emails = new ArrayList<>();
    List<String> phones = new ArrayList<>();
    String slotId = api.openSlot("SEATS", MEMBERS, 0);
    for (int i = 0; i < MEMBERS; i++) {
      String user = "m" + i;
      String email = user + "-" + run + "@example.com";
      String phone = "+86130" + run + String.format("%02d", i);
      ApiDriver.expect(
          api.send(
              "PUT /me/profile",
              e ->
                  e.as(user, CUSTOMER)
                      .body(
                          "{\"email\":\""
                              + email
                              + "\",\"phone\":\""
                              + phone
                              + "\",\"channels\":[\"EMAIL\",\"SMS\"]}")),
          200);
      ApiDriver.expect(fairslot.testing.Contacts.proveEmail(api, user, email), 200);
      ApiDriver.expect(fairslot.testing.Contacts.provePhone(api, user, phone), 200);
      ApiDriver.expect(api.book(user, slotId, 1), 201); // free: PAID, so confirmed
      emails.add(email);
      phones.add(phone);
    }
    // Every e-mail's first try fails, so the retries race too.
    api.notifications.failWhen(d -> d.channel() == Channel.EMAIL && d.attempts() == 1);

    Race.all(RUNS, i -> () -> new ScheduledJobHandler(api.wiring).run("send-notifications"));
    api.clock.advance(Duration.ofSeconds(21));
    Race.all(RUNS, i -> () -> new ScheduledJobHandler(api.wiring).run("send-notifications"));
    api.clock.advance(Duration.ofMinutes(5));
    Race.all(RUNS, i -> () -> new ScheduledJobHandler(api.wiring).run("send-notifications"));

    for (int i = 0; i < MEMBERS; i++) {
      assertThat(Mailbox.emailsTo(emails.get(i))).as("e-mails to m%d", i).hasSize(1);
      assertThat(Mailbox.smsTo(phones.get(i))).as("SMS to m%d", i).hasSize(1);
      assertThat(api.notifications.deliveredTo("m" + i)).as("m%d", i).hasSize(2);
    }
  }
}
