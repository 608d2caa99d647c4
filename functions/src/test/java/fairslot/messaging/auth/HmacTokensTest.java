package fairslot.messaging.auth;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.auth.domain.RefreshToken;
import fairslot.auth.domain.TokenKey;
import fairslot.auth.domain.TokenKeys;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A refresh token's text: its MAC binds family and generation; nothing else verifies. */
class HmacTokensTest {
  private static final HmacTokens CODEC = new HmacTokens();
  private static final TokenKey OLD =
      new TokenKey(
          "k-old", "an old key of at least thirty-two bytes".getBytes(StandardCharsets.UTF_8));
  private static final TokenKey NEW =
      new TokenKey(
          "k-new", "a new key, also thirty-two bytes long".getBytes(StandardCharsets.UTF_8));

  @Test
  void aTokenVerifiesWhileItsKeyIsAcceptedAndNotOnceAltered() {
    RefreshToken token = new RefreshToken("fam1", 3, "k-old");
    String text = CODEC.refreshText(token, OLD);
    TokenKeys rotated = new TokenKeys(NEW, List.of(NEW, OLD));

    assertThat(CODEC.readRefresh(text, rotated)).contains(token);
    assertThat(CODEC.readRefresh(text, TokenKeys.of(NEW))).isEmpty();
    assertThat(CODEC.readRefresh(text.replace("fam1.3.", "fam1.4."), rotated)).isEmpty();
    assertThat(CODEC.readRefresh(text.replace("fam1.", "fam2."), rotated)).isEmpty();
    assertThat(CODEC.readRefresh(text + "x", rotated)).isEmpty();
  }

  @Test
  void malformedTextIsRefusedUnread() {
    TokenKeys keys = TokenKeys.of(NEW);

    assertThat(CODEC.readRefresh(null, keys)).isEmpty();
    assertThat(CODEC.readRefresh("", keys)).isEmpty();
    assertThat(CODEC.readRefresh("a.b.c", keys)).isEmpty();
    assertThat(CODEC.readRefresh("f.-1.k-new.AA", keys)).isEmpty();
    assertThat(CODEC.readRefresh("f.1.k-new.not base64!", keys)).isEmpty();
    assertThat(CODEC.readRefresh("f.1.k-new." + "A".repeat(400), keys)).isEmpty();
  }

  @Test
  void aKeyNeverShowsItsBytes() {
    assertThat(NEW.toString()).isEqualTo("TokenKey[k-new]");
  }
}
