package fairslot.shared;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class HmacSha256Test {
  @Test
  void answersRfc4231TestCaseTwoForBytesAndForText() {
    byte[] key = "Jefe".getBytes(StandardCharsets.UTF_8);
    String data = "what do ya want for nothing?";
    String expected = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";

    assertThat(HexFormat.of().formatHex(HmacSha256.of(key, data))).isEqualTo(expected);
    assertThat(HexFormat.of().formatHex(HmacSha256.of(key, data.getBytes(StandardCharsets.UTF_8))))
        .isEqualTo(expected);
  }
}
