package fairslot.handler.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IdsTest {
  private static HttpRequest request(
      Map<String, String> path, Map<String, String> query, String body) {
    return new HttpRequest("POST /x", path, query, Map.of(), body, Optional.empty());
  }

  private static void refused(HttpRequest request) {
    assertThatThrownBy(() -> Ids.check(request, true))
        .isInstanceOfSatisfying(InvalidInput.class, e -> assertThat(e.status()).isEqualTo(422));
  }

  @Test
  void anIdWithWhitespaceControlOrFormatCharactersAnywhereIsRefusedNeverTrimmed() {
    for (String pad :
        List.of(
            " ",
            "\t",
            "\n",
            "\r",
            "\u00a0",
            "\u2007",
            "\u200b",
            "\u0000",
            "\u202e",
            " ".repeat(300))) {
      refused(request(Map.of("slotId", pad + "01J"), Map.of(), null));
      refused(request(Map.of(), Map.of("venueId", "01J" + pad), null));
      refused(request(Map.of(), Map.of(), "{\"slotId\":\"01J" + escape(pad) + "\"}"));
      refused(
          request(Map.of(), Map.of(), "{\"items\":[{\"resourceId\":\"" + escape(pad) + "01J\"}]}"));
      refused(request(Map.of(), Map.of(), "{\"slotIds\":[\"a\",\"0" + escape(pad) + "1J\"]}"));
      refused(request(Map.of(), Map.of(), "{\"ticket\":\"" + escape(pad) + "a.b.c\"}"));
    }
  }

  @Test
  void anIdOver128CharactersIsRefusedAndOneOf128Passes() {
    refused(request(Map.of("bookingId", "b".repeat(129)), Map.of(), null));
    refused(request(Map.of(), Map.of(), "{\"toUserId\":\"" + "u".repeat(129) + "\"}"));
    Ids.check(request(Map.of("bookingId", "b".repeat(128)), Map.of(), null), true);
  }

  @Test
  void plainIdsOtherFieldsAndEmptyQueryValuesPass() {
    Ids.check(
        request(
            Map.of("venueId", "01JE7Z3V8Q9K6"),
            Map.of("slotId", "", "date", "2026-12-05", "cursor", "a b"),
            "{\"slotId\":\"01JE-x_y:z\",\"name\":\" Court 1 \",\"note\":\"two\\nlines\"}"),
        true);
  }

  @Test
  void aSignedProvidersBodyIsLeftToItsSignatureButItsPathIsNot() {
    Ids.check(request(Map.of(), Map.of(), "{\"id\":\" evt \"}"), false);
    assertThatThrownBy(() -> Ids.check(request(Map.of("x", " y"), Map.of(), null), false))
        .isInstanceOf(InvalidInput.class);
  }

  private static String escape(String s) {
    StringBuilder out = new StringBuilder();
    for (char c : s.toCharArray()) {
      out.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", (int) c) : String.valueOf(c));
    }
    return out.toString();
  }
}
