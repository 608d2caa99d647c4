package fairslot.messaging.notifications;

import fairslot.aws.Lazily;
import fairslot.kernel.Attachment;
import fairslot.kernel.MessageText;
import fairslot.notification.app.NotificationSender;
import fairslot.notification.domain.Delivery;
import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.sesv2.SesV2Client;
import software.amazon.awssdk.services.sesv2.model.EmailContent;

/**
 * EMAIL through Amazon SES v2 SendEmail, from the stack's verified sender identity. The client is
 * made on the first send, so only the function that sends pays for it.
 */
public final class SesEmailSender implements NotificationSender {
  private final Supplier<SesV2Client> ses;
  private final String from;

  public SesEmailSender(Supplier<SesV2Client> ses, String from) {
    this.ses = Lazily.of(ses);
    this.from = from;
  }

  @Override
  public void send(Delivery d) {
    if (d.message().attachment().isPresent()) {
      sendWithFile(d.address(), d.message(), d.message().attachment().get());
      return;
    }
    send(d.address(), d.message());
  }

  /**
   * An e-mail with a file is sent raw: a MIME message of the text and the file, each base64 (so
   * Chinese text and the iCalendar's CRLFs travel unchanged), the subject RFC 2047-encoded.
   */
  private void sendWithFile(String address, MessageText message, Attachment file) {
    String mime = MimeMessage.of(from, address, message, file);
    sendEmail(address, c -> c.raw(raw -> raw.data(SdkBytes.fromUtf8String(mime))));
  }

  private void requireSender() {
    if (from.isBlank()) {
      // Only the send-notifications function is given the identity; a delivery fails (and parks)
      // loudly rather than going out from nowhere.
      throw new IllegalStateException("no sender identity: FAIRSLOT_EMAIL_FROM is not set");
    }
  }

  /** One e-mail to {@code address}: the subject and the text body. */
  public void send(String address, MessageText message) {
    sendEmail(
        address,
        c ->
            c.simple(
                m ->
                    m.subject(s -> s.data(message.subject()).charset("UTF-8"))
                        .body(b -> b.text(t -> t.data(message.body()).charset("UTF-8")))));
  }

  /** From the sender identity to {@code address}, with the content as given. */
  private void sendEmail(String address, Consumer<EmailContent.Builder> content) {
    requireSender();
    ses.get()
        .sendEmail(
            r ->
                r.fromEmailAddress(from)
                    .destination(to -> to.toAddresses(address))
                    .content(content));
  }
}
