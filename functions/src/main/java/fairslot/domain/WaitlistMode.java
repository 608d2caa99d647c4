package fairslot.domain;

public enum WaitlistMode {
  OFFER,
  AUTO_HOLD
}
