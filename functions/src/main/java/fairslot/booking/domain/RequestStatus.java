package fairslot.booking.domain;

public enum RequestStatus {
  QUEUED,
  GRANTED,
  SOLD_OUT,
  REJECTED
}
