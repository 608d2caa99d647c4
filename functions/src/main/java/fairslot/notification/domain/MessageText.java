package fairslot.notification.domain;

/**
 * What a member reads: a subject (the e-mail's) and a body (the e-mail's text, or the SMS); and
 * why, where the kind has more than one cause (a slot cancelled {@code UNDER_MINIMUM}).
 */
public record MessageText(String subject, String body, java.util.Optional<String> reason) {
  public MessageText(String subject, String body) {
    this(subject, body, java.util.Optional.empty());
  }
}
