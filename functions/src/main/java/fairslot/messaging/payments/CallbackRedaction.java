package fairslot.messaging.payments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import fairslot.shared.Json;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A provider's callback as it is kept (issue 28, finding 8): the body finance needs to read a
 * payment's story (ids, amounts, statuses, times), with the payer's personal fields replaced. A
 * field is personal by its name (e-mail, phone, name, address, card, ...), and any other string
 * that holds an e-mail address or a phone number is masked too; a body that is not JSON is masked
 * by pattern alone. The signature was checked on the raw body before this.
 */
public final class CallbackRedaction {
  private CallbackRedaction() {}

  public static final String REDACTED = "[redacted]";

  /** Field names (lower case, without separators) whose values are the payer's. */
  private static final Set<String> PERSONAL =
      Set.of(
          "email",
          "mail",
          "phone",
          "mobile",
          "tel",
          "telephone",
          "name",
          "payer",
          "payername",
          "firstname",
          "lastname",
          "fullname",
          "address",
          "line1",
          "line2",
          "postalcode",
          "zip",
          "city",
          "card",
          "cardnumber",
          "last4",
          "fingerprint",
          "iban",
          "ip",
          "ipaddress",
          "openid",
          "unionid",
          "billingdetails",
          "shipping",
          "customeremail",
          "customername",
          "customerphone",
          "receiptemail");

  private static final Pattern EMAIL =
      Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}");

  /** An international number (a + and 6 to 15 digits): dates and ids keep their digits. */
  private static final Pattern PHONE = Pattern.compile("\\+[0-9][0-9 ()-]{4,18}[0-9]");

  public static String redact(String raw) {
    JsonNode tree;
    try {
      tree = Json.mapper().readTree(raw);
    } catch (Exception notJson) {
      return masked(raw);
    }
    if (tree == null || !tree.isContainerNode()) {
      return masked(raw);
    }
    return Json.write(scrub(tree));
  }

  private static JsonNode scrub(JsonNode node) {
    if (node instanceof ObjectNode object) {
      Iterator<Map.Entry<String, JsonNode>> fields = object.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        if (personal(field.getKey())) {
          field.setValue(new TextNode(REDACTED));
        } else {
          field.setValue(scrub(field.getValue()));
        }
      }
      return object;
    }
    if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        array.set(i, scrub(array.get(i)));
      }
      return array;
    }
    if (node.isTextual()) {
      return new TextNode(masked(node.asText()));
    }
    return node;
  }

  private static boolean personal(String field) {
    return PERSONAL.contains(field.toLowerCase(Locale.ROOT).replaceAll("[_\\-.]", ""));
  }

  /** E-mail addresses and international phone numbers become [redacted]. */
  private static String masked(String text) {
    return PHONE.matcher(EMAIL.matcher(text).replaceAll(REDACTED)).replaceAll(REDACTED);
  }
}
