package fairslot.catalog.domain;

public enum WaitlistMode {
  OFFER,
  AUTO_HOLD
}
