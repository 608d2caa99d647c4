package fairslot.webhook.domain;

import java.time.Instant;

/**
 * One change a subscriber hears of. {@code eventId} names the change itself (the same however often
 * the stream hands it over); {@code subject} is what it is about (a booking, slot or waitlist
 * entry), and {@code order} its place among that subject's changes: deliveries of one subject reach
 * a subscriber in that order. {@code body} is the JSON POSTed, fixed once, so every attempt sends
 * the same bytes.
 */
public record WebhookEvent(
    String eventId,
    WebhookEventType type,
    String venueId,
    String subject,
    long order,
    Instant createdAt,
    String body) {}
