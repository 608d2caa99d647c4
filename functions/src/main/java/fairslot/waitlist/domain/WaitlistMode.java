package fairslot.waitlist.domain;

public enum WaitlistMode {
  OFFER,
  AUTO_HOLD
}
