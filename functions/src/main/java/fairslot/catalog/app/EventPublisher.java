package fairslot.catalog.app;

/**
 * Port: domain events after their change has committed. Publishing can fail after the commit;
 * consumers therefore never rely on an event arriving (the waitlist fallback job re-finds work).
 */
public interface EventPublisher {
  void seatsReleased(SeatReleased event);

  EventPublisher NONE = e -> {};
}
