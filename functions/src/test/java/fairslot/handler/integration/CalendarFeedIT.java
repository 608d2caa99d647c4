package fairslot.handler.integration;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import java.io.StringReader;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.component.VEvent;
import org.junit.jupiter.api.Test;

/**
 * The calendar feed through the HTTP handler on the emulator (API.md v1.2 "Calendar"): a real
 * iCalendar parser reads the member's seat-holding bookings at their venues' local times, and only
 * theirs; a rotation retires the old address at once.
 */
class CalendarFeedIT {
  private final ApiDriver api = new ApiDriver("calendar");

  private Reply address(String userId, String route) {
    return api.send(route, e -> e.as(userId, CUSTOMER));
  }

  private Reply feed(String token) {
    return api.send("GET /me/calendar.ics", e -> e.query("token", token));
  }

  private static Map<String, VEvent> events(Reply feed) throws Exception {
    List<VEvent> events =
        new CalendarBuilder().build(new StringReader(feed.body())).getComponents(Component.VEVENT);
    return events.stream()
        .collect(
            Collectors.toMap(
                e -> e.getProperty("UID").orElseThrow().getValue().replace("@fairslot", ""),
                e -> e));
  }

  @Test
  void theFeedShowsTheMembersSeatsAtVenueTimeAndARotationRetiresTheOldAddress() throws Exception {
    String shanghai = api.venue("Asia/Shanghai", "{}");
    String berlin = api.venue("Europe/Berlin", "{}");
    String court = api.resource(shanghai, "EXCLUSIVE", 1);
    String studio = api.resource(berlin, "SEATS", 10);
    String slotA = api.slot(court, Duration.ofDays(2), Duration.ofHours(1), 6000);
    String slotB = api.slot(studio, Duration.ofDays(3), Duration.ofHours(2), 2000);
    String slotC = api.slot(studio, Duration.ofDays(4), Duration.ofHours(1), 2000);
    String paid = api.paidBooking("m1", slotA);
    String held = api.book("m1", slotB, 2).text("bookingId");
    String cancelled = api.book("m1", slotC, 1).text("bookingId");
    ApiDriver.expect(api.cancel("m1", cancelled), 200);
    String someoneElses = api.book("m2", slotC, 1).text("bookingId");

    Reply first = address("m1", "GET /me/calendar");
    ApiDriver.expect(first, 200);
    String token = first.text("token");
    assertThat(first.text("path")).isEqualTo("/me/calendar.ics?token=" + token);
    assertThat(address("m1", "GET /me/calendar").text("token")).isEqualTo(token);

    Reply ics = feed(token);
    ApiDriver.expect(ics, 200);
    assertThat(ics.headers().get("content-type")).startsWith("text/calendar");
    Map<String, VEvent> events = events(ics);
    assertThat(events.keySet()).containsExactlyInAnyOrder(paid, held);
    assertThat(events).doesNotContainKeys(cancelled, someoneElses);
    VEvent a = events.get(paid);
    assertThat(a.getProperty("STATUS").orElseThrow().getValue()).isEqualTo("CONFIRMED");
    assertThat(events.get(held).getProperty("STATUS").orElseThrow().getValue())
        .isEqualTo("TENTATIVE");
    ZonedDateTime readA = ZonedDateTime.from(a.getDateTimeStart().orElseThrow().getDate());
    String localA = api.slot(slotA).text("start"); // the venue's local time, as the API shows it
    assertThat(readA.toLocalDateTime().toString()).isEqualTo(localA.substring(0, 16));
    assertThat(a.getProperty("DTSTART").orElseThrow().getParameter("TZID").orElseThrow().getValue())
        .isEqualTo("Asia/Shanghai");
    ZonedDateTime readB =
        ZonedDateTime.from(events.get(held).getDateTimeStart().orElseThrow().getDate());
    assertThat(readB.toInstant())
        .isEqualTo(java.time.OffsetDateTime.parse(api.slot(slotB).text("start")).toInstant());
    // Read in the venue's zone: the same wall clock as the feed's DTSTART.
    assertThat(readB.withZoneSameInstant(ZoneId.of("Europe/Berlin")).toLocalDateTime())
        .isEqualTo(readB.toLocalDateTime());

    // Another member's feed address is theirs alone; an edited token opens nothing.
    String other = address("m2", "GET /me/calendar").text("token");
    assertThat(events(feed(other)).keySet()).containsExactly(someoneElses);
    String forged = token.substring(0, token.indexOf('.')) + other.substring(other.indexOf('.'));
    assertThat(feed(forged).status()).isEqualTo(404);
    assertThat(api.send("GET /me/calendar.ics", e -> {}).status()).isEqualTo(422);

    Reply rotated = address("m1", "POST /me/calendar/rotate");
    ApiDriver.expect(rotated, 200);
    assertThat(rotated.text("token")).isNotEqualTo(token);
    assertThat(feed(token).status()).as("the old address").isEqualTo(404);
    assertThat(events(feed(rotated.text("token"))).keySet()).containsExactlyInAnyOrder(paid, held);
    assertThat(address("m1", "GET /me/calendar").text("token")).isEqualTo(rotated.text("token"));
  }
}
