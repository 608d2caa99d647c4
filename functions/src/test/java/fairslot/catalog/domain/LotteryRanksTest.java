package fairslot.catalog.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class LotteryRanksTest {
  @Property
  void theRankIsTheJdksHmacSha256(@ForAll String seed, @ForAll String requestId) throws Exception {
    if (seed.isEmpty()) {
      return; // the JDK refuses an empty key; a seed is 64 hex characters
    }
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(seed.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    String expected =
        HexFormat.of().formatHex(mac.doFinal(requestId.getBytes(StandardCharsets.UTF_8)));
    assertThat(LotteryRanks.rank(seed, requestId)).isEqualTo(expected);
  }

  @Test
  void theSeedHashIsTheHexSha256OfItsUtf8Bytes() {
    // sha256("abc"), the FIPS 180-2 example
    assertThat(LotteryRanks.seedHash("abc"))
        .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }

  @Test
  void entriesAreDrawnLowestRankFirst() {
    List<String> order = LotteryRanks.inDrawOrder("seed", List.of("a", "b", "c", "d"), id -> id);
    assertThat(order)
        .isSortedAccordingTo(
            (x, y) -> LotteryRanks.rank("seed", x).compareTo(LotteryRanks.rank("seed", y)))
        .containsExactlyInAnyOrder("a", "b", "c", "d");
  }
}
