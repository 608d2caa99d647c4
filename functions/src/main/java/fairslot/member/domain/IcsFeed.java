package fairslot.member.domain;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneOffsetTransitionRule;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A member's bookings as an iCalendar feed (RFC 5545): each event in its venue's own zone, with a
 * VTIMEZONE per zone made from the JDK's rules for the span the events need (so a client with an
 * older zone database still shows the venue's times). Lines end in CRLF and fold at 75 octets.
 */
public final class IcsFeed {
  private IcsFeed() {}

  /** One booking as an event. {@code confirmed}: paid; a hold shows as tentative. */
  public record Event(
      String uid,
      Instant start,
      Instant end,
      ZoneId zone,
      String summary,
      String description,
      boolean confirmed) {}

  private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss");
  private static final DateTimeFormatter UTC =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  public static String of(String name, List<Event> events, Instant now) {
    List<String> lines = new ArrayList<>();
    lines.add("BEGIN:VCALENDAR");
    lines.add("VERSION:2.0");
    lines.add("PRODID:-//fairslot//bookings//EN");
    lines.add("CALSCALE:GREGORIAN");
    lines.add("METHOD:PUBLISH");
    lines.add("X-WR-CALNAME:" + text(name));
    Map<String, List<Event>> byZone = new TreeMap<>();
    for (Event e : events) {
      byZone.computeIfAbsent(e.zone().getId(), z -> new ArrayList<>()).add(e);
    }
    byZone.forEach((zone, inZone) -> timeZone(lines, ZoneId.of(zone), inZone));
    events.stream()
        .sorted(Comparator.comparing(Event::start).thenComparing(Event::uid))
        .forEach(e -> event(lines, e, now));
    lines.add("END:VCALENDAR");
    StringBuilder out = new StringBuilder();
    for (String line : lines) {
      fold(out, line);
    }
    return out.toString();
  }

  private static void event(List<String> lines, Event e, Instant now) {
    String tz = ";TZID=" + e.zone().getId() + ":";
    lines.add("BEGIN:VEVENT");
    lines.add("UID:" + text(e.uid()) + "@fairslot");
    lines.add("DTSTAMP:" + UTC.format(now));
    lines.add("DTSTART" + tz + LOCAL.format(LocalDateTime.ofInstant(e.start(), e.zone())));
    lines.add("DTEND" + tz + LOCAL.format(LocalDateTime.ofInstant(e.end(), e.zone())));
    lines.add("SUMMARY:" + text(e.summary()));
    lines.add("DESCRIPTION:" + text(e.description()));
    lines.add("STATUS:" + (e.confirmed() ? "CONFIRMED" : "TENTATIVE"));
    lines.add("END:VEVENT");
  }

  /**
   * The zone's offsets over the events' span: the offset in force at the first event, as an
   * observance that changes nothing (so a reader needs no history of the zone), then every change
   * up to the last event.
   */
  private static void timeZone(List<String> lines, ZoneId zone, List<Event> events) {
    ZoneRules rules = zone.getRules();
    Instant from = events.stream().map(Event::start).min(Instant::compareTo).orElseThrow();
    Instant to = events.stream().map(Event::end).max(Instant::compareTo).orElseThrow();
    lines.add("BEGIN:VTIMEZONE");
    lines.add("TZID:" + zone.getId());
    List<ZoneOffsetTransition> history = rules.getTransitions();
    boolean recurring =
        !rules.getTransitionRules().isEmpty()
            && (history.isEmpty() || history.get(history.size() - 1).getInstant().isBefore(from));
    if (recurring) {
      // Daylight saving as today's rules have it: one yearly observance per change (the form
      // calendar clients read most reliably).
      int year = LocalDateTime.ofInstant(from, zone).getYear() - 1;
      for (ZoneOffsetTransitionRule rule : rules.getTransitionRules()) {
        ZoneOffsetTransition t = rule.createTransition(year);
        String kind = rules.isDaylightSavings(t.getInstant()) ? "DAYLIGHT" : "STANDARD";
        lines.add("BEGIN:" + kind);
        lines.add("DTSTART:" + LOCAL.format(t.getDateTimeBefore()));
        lines.add("RRULE:" + yearly(rule));
        lines.add("TZOFFSETFROM:" + offset(t.getOffsetBefore()));
        lines.add("TZOFFSETTO:" + offset(t.getOffsetAfter()));
        lines.add("END:" + kind);
      }
      lines.add("END:VTIMEZONE");
      return;
    }
    List<ZoneOffsetTransition> changes = new ArrayList<>();
    for (ZoneOffsetTransition t = rules.nextTransition(from);
        t != null && t.getInstant().isBefore(to);
        t = rules.nextTransition(t.getInstant())) {
      changes.add(t);
    }
    ZoneOffset first = rules.getOffset(from);
    String kind = rules.isDaylightSavings(from) ? "DAYLIGHT" : "STANDARD";
    lines.add("BEGIN:" + kind);
    lines.add("DTSTART:19700101T000000");
    lines.add("TZOFFSETFROM:" + offset(first));
    lines.add("TZOFFSETTO:" + offset(first));
    lines.add("END:" + kind);
    for (ZoneOffsetTransition t : changes) {
      kind = rules.isDaylightSavings(t.getInstant()) ? "DAYLIGHT" : "STANDARD";
      lines.add("BEGIN:" + kind);
      // DTSTART is the local time of the change as read before it (RFC 5545 3.6.5).
      lines.add("DTSTART:" + LOCAL.format(t.getDateTimeBefore()));
      lines.add("TZOFFSETFROM:" + offset(t.getOffsetBefore()));
      lines.add("TZOFFSETTO:" + offset(t.getOffsetAfter()));
      lines.add("END:" + kind);
    }
    lines.add("END:VTIMEZONE");
  }

  /**
   * A transition rule as an RRULE: the weekday within the seven days from the rule's day (before
   * it, counting from the month's end, when negative), which is how the JDK states "the last
   * Sunday" or "the second Sunday"; or the fixed day of the month.
   */
  static String yearly(ZoneOffsetTransitionRule rule) {
    String month = "FREQ=YEARLY;BYMONTH=" + rule.getMonth().getValue();
    int day = rule.getDayOfMonthIndicator();
    if (rule.getDayOfWeek() == null) {
      return month + ";BYMONTHDAY=" + day;
    }
    List<String> days = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      days.add(Integer.toString(day > 0 ? day + i : day - i));
    }
    return month
        + ";BYDAY="
        + rule.getDayOfWeek().name().substring(0, 2)
        + ";BYMONTHDAY="
        + String.join(",", days);
  }

  private static String offset(ZoneOffset o) {
    int seconds = o.getTotalSeconds();
    int abs = Math.abs(seconds);
    String hhmm = String.format("%02d%02d", abs / 3600, (abs / 60) % 60);
    return (seconds < 0 ? "-" : "+")
        + hhmm
        + (abs % 60 == 0 ? "" : String.format("%02d", abs % 60));
  }

  /** TEXT escaping (RFC 5545 3.3.11). */
  static String text(String s) {
    return s.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
        .replace("\r", "\\n");
  }

  /** A content line folded at 75 octets, never inside a UTF-8 character (RFC 5545 3.1). */
  static void fold(StringBuilder out, String line) {
    int octets = 0;
    int limit = 75;
    for (int i = 0; i < line.length(); ) {
      int cp = line.codePointAt(i);
      int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
      if (octets + size > limit) {
        out.append("\r\n ");
        octets = 1;
        limit = 75;
      }
      out.appendCodePoint(cp);
      octets += size;
      i += Character.charCount(cp);
    }
    out.append("\r\n");
  }
}
