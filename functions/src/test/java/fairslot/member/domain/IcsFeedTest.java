package fairslot.member.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.Temporal;
import java.util.List;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.Component;
import net.fortuna.ical4j.model.component.VEvent;
import org.junit.jupiter.api.Test;

/**
 * The feed as a real iCalendar parser (ical4j) reads it: every event at its venue's local time,
 * across a daylight-saving change too, texts unescaped whole, lines folded within 75 octets.
 */
class IcsFeedTest {
  private static final Instant NOW = Instant.parse("2026-10-20T08:00:00Z");
  private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");

  private static ZonedDateTime at(String local, ZoneId zone) {
    return LocalDateTime.parse(local).atZone(zone);
  }

  private static IcsFeed.Event event(
      String uid, ZonedDateTime start, int hours, String summary, String what, boolean paid) {
    return new IcsFeed.Event(
        uid,
        start.toInstant(),
        start.plusHours(hours).toInstant(),
        start.getZone(),
        summary,
        what,
        paid);
  }

  @Test
  void aRealParserReadsEveryEventAtItsVenuesLocalTime() throws Exception {
    // Berlin leaves summer time on 2026-10-25: one event on each side of the change.
    ZonedDateTime summer = at("2026-10-24T18:00", BERLIN);
    ZonedDateTime winter = at("2026-10-26T18:00", BERLIN);
    ZonedDateTime shanghai = at("2026-10-24T09:30", SHANGHAI);
    String summary = "羽毛球 Court 1, east; \"big\" hall \\ level 2 — 一个很长的名字用来测试折行是否会切断多字节字符";
    String ics =
        IcsFeed.of(
            "fairslot",
            List.of(
                event("b-winter", winter, 2, "Court 2", "Booking b-winter", true),
                event("b-summer", summer, 1, summary, "line one\nline two", true),
                event("b-hold", shanghai, 1, "Yoga", "a hold", false)),
            NOW);

    for (String line : ics.split("\r\n")) {
      assertThat(line.getBytes(StandardCharsets.UTF_8).length).as(line).isLessThanOrEqualTo(75);
    }
    assertThat(ics).endsWith("END:VCALENDAR\r\n").doesNotContain("\n\n");

    Calendar calendar = new CalendarBuilder().build(new StringReader(ics));
    List<VEvent> events = calendar.getComponents(Component.VEVENT);
    assertThat(events).hasSize(3);
    assertThat(calendar.getComponents(Component.VTIMEZONE)).hasSize(2);
    VEvent first = events.get(0);
    assertThat(value(first, "UID")).isEqualTo("b-hold@fairslot");
    assertThat(start(first)).isEqualTo(shanghai.toInstant());
    assertThat(value(first, "STATUS")).isEqualTo("TENTATIVE");
    VEvent second = events.get(1);
    assertThat(value(second, "UID")).isEqualTo("b-summer@fairslot");
    assertThat(start(second)).isEqualTo(summer.toInstant());
    assertThat(value(second, "SUMMARY")).isEqualTo(summary);
    assertThat(value(second, "DESCRIPTION")).isEqualTo("line one\nline two");
    VEvent third = events.get(2);
    assertThat(start(third)).isEqualTo(winter.toInstant());
    assertThat(value(third, "DTEND")).isEqualTo("20261026T200000");
    assertThat(
            third
                .getProperty("DTSTART")
                .orElseThrow()
                .getParameter("TZID")
                .orElseThrow()
                .getValue())
        .isEqualTo("Europe/Berlin");
    // The zone as sent: the summer offset before the change and the winter one after.
    assertThat(ics).contains("TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100", "TZOFFSETTO:+0800");
  }

  @Test
  void daylightSavingZonesOfBothHemispheresReadRightAllYear() throws Exception {
    for (String id :
        List.of("America/New_York", "Australia/Sydney", "Europe/London", "America/Santiago")) {
      ZoneId zone = ZoneId.of(id);
      List<IcsFeed.Event> events = new java.util.ArrayList<>();
      for (String day :
          List.of("2026-11-02", "2027-01-15", "2027-03-15", "2027-04-05", "2027-07-01")) {
        ZonedDateTime start = at(day + "T19:00", zone);
        events.add(event(id + day, start, 1, "Court", "b", true));
      }
      Calendar calendar =
          new CalendarBuilder().build(new StringReader(IcsFeed.of("fairslot", events, NOW)));
      List<VEvent> read = calendar.getComponents(Component.VEVENT);
      for (int i = 0; i < events.size(); i++) {
        assertThat(start(read.get(i)))
            .as(value(read.get(i), "UID"))
            .isEqualTo(events.get(i).start());
      }
    }
  }

  @Test
  void anEmptyFeedIsStillACalendar() throws Exception {
    Calendar calendar =
        new CalendarBuilder().build(new StringReader(IcsFeed.of("fairslot", List.of(), NOW)));
    assertThat(calendar.getComponents(Component.VEVENT)).isEmpty();
  }

  private static String value(VEvent e, String property) {
    return e.getProperty(property).orElseThrow().getValue();
  }

  private static Instant start(VEvent e) {
    Temporal t = e.getDateTimeStart().orElseThrow().getDate();
    return Instant.from(t);
  }
}
