package fairslot.member.domain;

import fairslot.kernel.Interval;
import java.time.LocalDate;
import java.util.List;

/** A booking as its member's calendar holds it: its time, on the UTC days it occupies. */
public record CalendarEntry(
    String userId, String bookingId, Interval interval, List<LocalDate> days) {}
