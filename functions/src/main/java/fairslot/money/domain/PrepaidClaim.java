package fairslot.money.domain;

/**
 * A purchase judged within the prepaid rules against what the member held when the guard read
 * {@code seen}: the purchase's transaction moves the member's guard at the venue on from {@code
 * seen}, so two purchases judged on the same holdings never both land (API.md v1.3 "Prepaid
 * rules").
 */
public record PrepaidClaim(String userId, String venueId, long seen) {
  public PrepaidClaim {
    if (seen < 0) {
      throw new IllegalArgumentException("a guard's count is never negative");
    }
  }
}
