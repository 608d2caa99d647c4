package fairslot.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.emulator.EmulatorMailbox;
import java.util.ArrayList;
import java.util.List;

/**
 * What the emulator's SES and SNS accepted, read back through moto's own records. The emulator
 * serves every test class of the JVM, so tests read by recipient and give each member an address of
 * their own. {@link #emailsTo} and {@link #smsTo} list notifications; verification codes sent to
 * the same address are read by {@link #lastCodeTo}.
 */
public final class Mailbox {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A file an e-mail carried (raw sends): its name, type and text. */
  public record File(String filename, String contentType, String content) {}

  public record Email(
      String from, List<String> to, String subject, String body, List<File> files) {}

  public record Sms(String phoneNumber, String message) {}

  private Mailbox() {}

  public static List<Email> emailsTo(String address) {
    List<Email> found = new ArrayList<>();
    for (JsonNode e : read().get("emails")) {
      List<String> to = new ArrayList<>();
      e.get("to").forEach(a -> to.add(a.asText()));
      if (to.contains(address) && !isCode(e.get("body").asText())) {
        List<File> files = new ArrayList<>();
        e.path("attachments")
            .forEach(
                f ->
                    files.add(
                        new File(
                            f.get("filename").asText(),
                            f.get("contentType").asText(),
                            f.get("content").asText())));
        found.add(
            new Email(
                e.get("from").asText(),
                to,
                e.get("subject").asText(),
                e.get("body").asText(),
                files));
      }
    }
    return found;
  }

  public static List<Sms> smsTo(String phone) {
    List<Sms> found = new ArrayList<>();
    for (JsonNode s : read().get("sms")) {
      if (s.get("phoneNumber").asText().equals(phone) && !isCode(s.get("message").asText())) {
        found.add(new Sms(phone, s.get("message").asText()));
      }
    }
    return found;
  }

  private static final java.util.regex.Pattern CODE =
      java.util.regex.Pattern.compile("fairslot (?:code is|验证码是) ([0-9]{6})");

  private static boolean isCode(String body) {
    return CODE.matcher(body).find();
  }

  /** The newest verification code sent to {@code address} (a phone or an e-mail). */
  public static String lastCodeTo(String address) {
    String last = null;
    JsonNode all = read();
    for (JsonNode s : all.get("sms")) {
      if (s.get("phoneNumber").asText().equals(address)) {
        last = codeIn(s.get("message").asText(), last);
      }
    }
    for (JsonNode e : all.get("emails")) {
      for (JsonNode a : e.get("to")) {
        if (a.asText().equals(address)) {
          last = codeIn(e.get("body").asText(), last);
        }
      }
    }
    if (last == null) {
      throw new AssertionError("no code was sent to " + address);
    }
    return last;
  }

  private static String codeIn(String body, String otherwise) {
    var m = CODE.matcher(body);
    return m.find() ? m.group(1) : otherwise;
  }

  private static JsonNode read() {
    try {
      return JSON.readTree(new EmulatorMailbox(Aws.endpoint()).json());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
