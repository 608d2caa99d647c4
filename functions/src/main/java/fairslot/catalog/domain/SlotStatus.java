package fairslot.catalog.domain;

public enum SlotStatus {
  OPEN,
  CLOSED,
  CANCELLED
}
