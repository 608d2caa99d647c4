package fairslot.messaging.notifications;

import fairslot.kernel.Attachment;
import fairslot.kernel.MessageText;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;

/**
 * A multipart/mixed MIME message (RFC 2045-2049): the text as its first part and one file, each
 * base64 in 76-character lines, every header ASCII (the subject RFC 2047-encoded), lines ending in
 * CRLF. Small enough to write by hand; a mail library would add a dependency for one shape.
 */
final class MimeMessage {
  private MimeMessage() {}

  static String of(String from, String to, MessageText message, Attachment file) {
    String boundary = "fairslot-" + UUID.randomUUID();
    StringBuilder m = new StringBuilder();
    header(m, "From", from);
    header(m, "To", to);
    header(m, "Subject", encodedWord(message.subject()));
    header(m, "MIME-Version", "1.0");
    header(m, "Content-Type", "multipart/mixed; boundary=\"" + boundary + "\"");
    m.append("\r\n");
    m.append("--").append(boundary).append("\r\n");
    header(m, "Content-Type", "text/plain; charset=UTF-8");
    header(m, "Content-Transfer-Encoding", "base64");
    m.append("\r\n").append(base64(message.body()));
    m.append("--").append(boundary).append("\r\n");
    header(m, "Content-Type", file.contentType() + "; name=\"" + file.filename() + "\"");
    header(m, "Content-Disposition", "attachment; filename=\"" + file.filename() + "\"");
    header(m, "Content-Transfer-Encoding", "base64");
    m.append("\r\n").append(base64(file.content()));
    m.append("--").append(boundary).append("--\r\n");
    return m.toString();
  }

  private static void header(StringBuilder m, String name, String value) {
    m.append(name).append(": ").append(value).append("\r\n");
  }

  /** RFC 2047: =?UTF-8?B?...?=, in words short enough for a 78-character line. */
  static String encodedWord(String text) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      int end = i;
      int bytes = 0;
      while (end < text.length()) {
        int cp = text.codePointAt(end);
        int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
        if (bytes + size > 39) {
          break;
        }
        bytes += size;
        end += Character.charCount(cp);
      }
      if (out.length() > 0) {
        out.append("\r\n ");
      }
      out.append("=?UTF-8?B?")
          .append(
              Base64.getEncoder()
                  .encodeToString(text.substring(i, end).getBytes(StandardCharsets.UTF_8)))
          .append("?=");
      i = end;
    }
    return out.toString();
  }

  private static String base64(String text) {
    return Base64.getMimeEncoder(76, "\r\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(text.getBytes(StandardCharsets.UTF_8))
        + "\r\n";
  }
}
