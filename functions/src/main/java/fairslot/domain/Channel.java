package fairslot.domain;

/** How a member is reached: e-mail (Amazon SES) or SMS (Amazon SNS). */
public enum Channel {
  EMAIL,
  SMS
}
