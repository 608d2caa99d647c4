package fairslot.handler;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Mailbox;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Messages owed at a set time (v1.1): a hold's expiry warning five minutes before it lapses, the
 * venue's {@code reminderBefore} ahead of a paid session, and a refund's confirmation. Each is sent
 * once, not before its time, and not at all once the booking moved on.
 */
class ReminderIT {
  private final ApiDriver api = new ApiDriver("remind");

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private String emailOf(String user) {
    String email =
        user + "-" + ThreadLocalRandom.current().nextLong(1_000_000_000L) + "@example.com";
    ApiDriver.expect(
        api.send(
            "PUT /me/profile",
            e ->
                e.as(user, CUSTOMER)
                    .body("{\"email\":\"" + email + "\",\"channels\":[\"EMAIL\"]}")),
        200);
    ApiDriver.expect(fairslot.testing.Contacts.proveEmail(api, user, email), 200);
    return email;
  }

  private void runSender() {
    new ScheduledJobHandler(api.wiring).run("send-notifications");
  }

  private long subjects(String email, String prefix) {
    return Mailbox.emailsTo(email).stream().filter(e -> e.subject().startsWith(prefix)).count();
  }

  @Test
  void aPaidSessionIsRemindedOnceReminderBeforeItsStartAndNotEarlier() {
    String email = emailOf("r1");
    String venue = api.venue("Europe/London", "{\"reminderBefore\":\"PT3H\"}");
    String slotId =
        api.slot(api.resource(venue, "SEATS", 4), Duration.ofHours(10), Duration.ofHours(1), 0);
    api.book("r1", slotId, 1); // free: PAID at once

    api.clock.advance(Duration.ofHours(7).minusMinutes(1));
    runSender();
    long early = subjects(email, "Reminder");
    api.clock.advance(Duration.ofMinutes(2));
    runSender();
    runSender();

    assertThat(early).as("one minute before its time").isZero();
    assertThat(subjects(email, "Reminder")).isEqualTo(1);
    assertThat(subjects(email, "Booking confirmed")).isEqualTo(1);
    assertThat(Mailbox.emailsTo(email).stream().filter(e -> e.subject().startsWith("Reminder")))
        .singleElement()
        .satisfies(e -> assertThat(e.body()).contains("(Europe/London)"));
  }

  @Test
  void anUnpaidHoldIsWarnedOnceFiveMinutesBeforeItLapsesAndItsPaymentOwesTheSessionReminder() {
    String email = emailOf("h1");
    String slotId = api.openSlot("SEATS", 3, 3000); // hold PT15M, reminder PT2H by default
    String bookingId = api.book("h1", slotId, 1).text("bookingId");
    String deadline = api.booking("h1", bookingId).text("holdExpiresAt");

    api.clock.advance(Duration.ofMinutes(9));
    runSender();
    long early = subjects(email, "Pay by");
    api.clock.advance(Duration.ofMinutes(2));
    runSender();
    runSender();
    long warned = subjects(email, "Pay by");
    String paymentNo = api.pay("h1", bookingId).text("paymentNo");
    api.provider.report(paymentNo, "SUCCEEDED");
    api.clock.advance(Duration.ofDays(1).minusHours(2).minusMinutes(11)); // the reminder's time
    runSender();

    assertThat(early).isZero();
    assertThat(warned).isEqualTo(1);
    assertThat(Mailbox.emailsTo(email).stream().filter(e -> e.subject().startsWith("Pay by")))
        .singleElement()
        .satisfies(
            e ->
                assertThat(e.body())
                    .contains(deadline.substring(0, 16).replace('T', ' ') + " (Asia/Shanghai)"));
    assertThat(subjects(email, "Reminder")).isEqualTo(1);
  }

  @Test
  void aCancelledBookingIsNeitherWarnedNorReminded() {
    String email = emailOf("c1");
    String slotId = api.openSlot("SEATS", 3, 3000);
    String held = api.book("c1", slotId, 1).text("bookingId");
    api.cancel("c1", held);
    String paid = api.paidBooking("c1", slotId);
    api.cancel("c1", paid);

    api.clock.advance(Duration.ofHours(23));
    runSender();

    assertThat(subjects(email, "Pay by")).isZero();
    assertThat(subjects(email, "Reminder")).isZero();
    assertThat(subjects(email, "Booking confirmed")).isEqualTo(1);
  }

  @Test
  void aRefundIsConfirmedOnceWithItsAmount() {
    String email = emailOf("f1");
    String slotId = api.openSlot("SEATS", 3, 3000);
    String bookingId = api.paidBooking("f1", slotId);
    String paymentNo =
        api.send(
                "GET /bookings/{bookingId}/payments",
                e -> e.as("f1", CUSTOMER).path("bookingId", bookingId))
            .json()
            .get("items")
            .get(0)
            .get("paymentNo")
            .asText();

    Reply cancelled = api.cancel("f1", bookingId);
    api.provider.report(paymentNo, "REFUNDED");
    api.provider.report(paymentNo, "REFUNDED"); // a replayed webhook
    api.deliverSeatReleased();
    runSender();
    runSender();

    assertThat(cancelled.text("status")).isEqualTo("REFUNDING");
    assertThat(Mailbox.emailsTo(email).stream().filter(e -> e.subject().startsWith("Refund")))
        .singleElement()
        .satisfies(e -> assertThat(e.subject()).isEqualTo("Refund sent: 30.00 CNY"));
  }

  @Test
  void aTransferredBookingsReminderGoesToItsNewMemberAndAMovedOneAtItsNewTime() {
    String giver = emailOf("r5");
    String friend = emailOf("r6");
    String venue = api.venue("Europe/London", "{\"reminderBefore\":\"PT3H\"}");
    String resource = api.resource(venue, "SEATS", 4);
    String first = api.slot(resource, Duration.ofHours(10), Duration.ofHours(1), 0);
    String later = api.slot(resource, Duration.ofHours(20), Duration.ofHours(1), 0);
    String bookingId = api.book("r5", first, 1).text("bookingId"); // free: PAID at once

    ApiDriver.expect(
        api.send(
            "POST /bookings/{bookingId}/transfer",
            e -> e.as("r5", CUSTOMER).path("bookingId", bookingId).body("{\"toUserId\":\"r6\"}")),
        200);
    ApiDriver.expect(
        api.send(
            "POST /bookings/{bookingId}/reschedule",
            e ->
                e.as("r6", CUSTOMER)
                    .path("bookingId", bookingId)
                    .body("{\"toSlotId\":\"" + later + "\"}")),
        200);
    api.clock.advance(Duration.ofHours(7).plusMinutes(1)); // the first slot's reminder time
    runSender();
    long atTheOldTime = subjects(friend, "Reminder");
    api.clock.advance(Duration.ofHours(10));
    runSender();

    assertThat(atTheOldTime).as("no reminder at the slot it left").isZero();
    assertThat(subjects(friend, "Reminder")).isEqualTo(1);
    assertThat(subjects(giver, "Reminder")).isZero();
  }
}
