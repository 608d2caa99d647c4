package fairslot.booking.domain;

import java.util.List;

/** Reminders due, and how many items the queries read to find them (cost evidence). */
public record DueReminders(List<DueReminder> due, int itemsRead) {}
