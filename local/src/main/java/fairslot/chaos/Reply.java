package fairslot.chaos;

import com.fasterxml.jackson.databind.JsonNode;

/** An answer of the API under chaos: its status and body, read leniently. */
record Reply(int status, String body) {
  JsonNode json() {
    try {
      return ChaosWorld.JSON.readTree(body == null ? "{}" : body);
    } catch (Exception e) {
      return ChaosWorld.JSON.createObjectNode();
    }
  }

  String text(String field) {
    JsonNode v = json().get(field);
    return v == null || v.isNull() ? null : v.asText();
  }
}
