package fairslot.member.domain;

/**
 * How a notification reaches a member: e-mail (Amazon SES) or SMS (Amazon SNS), the two a member
 * chooses in their profile; or {@code IN_APP}, the member's own list (GET /me/notifications), used
 * when they have chosen neither so that no notification goes nowhere.
 */
public enum Channel {
  EMAIL,
  SMS,
  IN_APP;

  /** The channels a member may choose. */
  public boolean choosable() {
    return this != IN_APP;
  }
}
