package fairslot.member.domain;

/**
 * How a notification reaches a member: e-mail (Amazon SES) or SMS (Amazon SNS), the two a member
 * chooses in their profile; {@code IN_APP}, the member's own list (GET /me/notifications), used
 * when they have chosen neither so that no notification goes nowhere; or {@code WECHAT}, a
 * subscribe message, for a member signed in with WeChat while they have sends left (v1.3), which
 * falls back to SMS or in-app.
 */
public enum Channel {
  EMAIL,
  SMS,
  IN_APP,
  WECHAT;

  /** The channels a member may choose. */
  public boolean choosable() {
    return this == EMAIL || this == SMS;
  }
}
