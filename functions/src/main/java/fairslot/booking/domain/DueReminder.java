package fairslot.booking.domain;

public record DueReminder(Booking booking, Reminder reminder) {}
