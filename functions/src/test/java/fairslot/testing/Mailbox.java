package fairslot.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.emulator.EmulatorMailbox;
import java.util.ArrayList;
import java.util.List;

/**
 * What the emulator's SES and SNS accepted, read back through moto's own records. The emulator
 * serves every test class of the JVM, so tests read by recipient and give each member an address of
 * their own.
 */
public final class Mailbox {
  private static final ObjectMapper JSON = new ObjectMapper();

  public record Email(String from, List<String> to, String subject, String body) {}

  public record Sms(String phoneNumber, String message) {}

  private Mailbox() {}

  public static List<Email> emailsTo(String address) {
    List<Email> found = new ArrayList<>();
    for (JsonNode e : read().get("emails")) {
      List<String> to = new ArrayList<>();
      e.get("to").forEach(a -> to.add(a.asText()));
      if (to.contains(address)) {
        found.add(
            new Email(
                e.get("from").asText(), to, e.get("subject").asText(), e.get("body").asText()));
      }
    }
    return found;
  }

  public static List<Sms> smsTo(String phone) {
    List<Sms> found = new ArrayList<>();
    for (JsonNode s : read().get("sms")) {
      if (s.get("phoneNumber").asText().equals(phone)) {
        found.add(new Sms(phone, s.get("message").asText()));
      }
    }
    return found;
  }

  private static JsonNode read() {
    try {
      return JSON.readTree(new EmulatorMailbox(Aws.endpoint()).json());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
