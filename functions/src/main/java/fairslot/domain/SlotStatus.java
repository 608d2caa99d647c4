package fairslot.domain;

public enum SlotStatus {
  OPEN,
  CLOSED,
  CANCELLED
}
