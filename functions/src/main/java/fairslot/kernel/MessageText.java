package fairslot.kernel;

import java.util.Optional;

/**
 * What a member reads: a subject (the e-mail's) and a body (the e-mail's text, or the SMS); and
 * why, where the kind has more than one cause (a slot cancelled {@code UNDER_MINIMUM}); and a file
 * an e-mail carries (a confirmation's calendar entry), which other channels leave out.
 */
public record MessageText(
    String subject, String body, Optional<String> reason, Optional<Attachment> attachment) {

  public MessageText(String subject, String body, Optional<String> reason) {
    this(subject, body, reason, Optional.empty());
  }

  public MessageText(String subject, String body) {
    this(subject, body, Optional.empty());
  }

  public MessageText with(Attachment file) {
    return new MessageText(subject, body, reason, Optional.of(file));
  }
}
