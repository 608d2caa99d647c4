package fairslot.booking.domain;

import java.util.List;

/** Items due for a job, and how many items the queries read to find them (cost evidence). */
public record DueBookings(List<Booking> bookings, int itemsRead) {}
