package fairslot.domain;

import java.time.Instant;

/** One attempt to collect a booking's amount, as snapshotted when the customer chose to pay. */
public record Payment(
    String paymentNo,
    String bookingId,
    String userId,
    Money amount,
    String provider,
    PaymentStatus status,
    int refundAttempts,
    Instant createdAt) {}
