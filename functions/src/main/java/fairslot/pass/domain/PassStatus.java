package fairslot.pass.domain;

/**
 * A pass's status as members see it. Stored are PENDING_PAY, ACTIVE and EXPIRED; USED_UP is an
 * ACTIVE pack with no credits left (a cancel may give it credits back), and an ACTIVE pass past its
 * validity reads EXPIRED before the expiry job writes it.
 */
public enum PassStatus {
  PENDING_PAY,
  ACTIVE,
  USED_UP,
  EXPIRED
}
