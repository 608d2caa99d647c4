package fairslot.handler;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.auth.app.OwnTokens;
import fairslot.auth.app.SessionTokens;
import fairslot.auth.app.TokenCheck;
import fairslot.auth.domain.TokenKeys;
import fairslot.kernel.IdGenerator;
import fairslot.memory.MemoryRefreshFamilies;
import fairslot.messaging.auth.CognitoTokens;
import fairslot.messaging.auth.HmacTokens;
import fairslot.messaging.auth.SecretTokenKeys;
import fairslot.shared.Json;
import fairslot.testing.TestClock;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Lambda authorizer lets in Cognito's tokens (RS256 under the pool's JWKS, our app clients,
 * with their groups) and fairslot's own (a member signed in with WeChat), and nothing else; it
 * hands the handler {@code sub} and {@code groups} in the form Claims reads.
 */
class AuthorizerHandlerTest {
  private static final String POOL = "https://cognito-idp.ap-east-1.amazonaws.com/ap-east-1_pool";
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private static KeyPair cognitoKey;

  private final TestClock clock = new TestClock(Instant.parse("2026-12-01T00:00:00Z"));
  private final TokenKeys own = SecretTokenKeys.random();
  private final AtomicInteger jwksFetches = new AtomicInteger();
  private final AuthorizerHandler authorizer =
      new AuthorizerHandler(
          TokenCheck.anyOf(
              List.of(
                  new OwnTokens(() -> own, new HmacTokens(), clock),
                  new CognitoTokens(
                      POOL,
                      Set.of("console-client", "app-client"),
                      url -> {
                        jwksFetches.incrementAndGet();
                        assertThat(url).isEqualTo(POOL + "/.well-known/jwks.json");
                        return jwks();
                      },
                      clock))));

  @BeforeAll
  static void keys() throws Exception {
    KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
    rsa.initialize(2048);
    cognitoKey = rsa.generateKeyPair();
  }

  private static String jwks() {
    RSAPublicKey pub = (RSAPublicKey) cognitoKey.getPublic();
    return Json.write(
        Map.of(
            "keys",
            List.of(
                Map.of(
                    "kid", "cog-1",
                    "kty", "RSA",
                    "alg", "RS256",
                    "use", "sig",
                    "n", B64.encodeToString(unsigned(pub.getModulus())),
                    "e", B64.encodeToString(unsigned(pub.getPublicExponent()))))));
  }

  private static byte[] unsigned(BigInteger n) {
    byte[] bytes = n.toByteArray();
    return bytes[0] == 0 ? Arrays.copyOfRange(bytes, 1, bytes.length) : bytes;
  }

  private String cognito(ObjectNode claims) throws Exception {
    String input =
        B64.encodeToString("{\"alg\":\"RS256\",\"kid\":\"cog-1\"}".getBytes(StandardCharsets.UTF_8))
            + "."
            + B64.encodeToString(Json.write(claims).getBytes(StandardCharsets.UTF_8));
    Signature rsa = Signature.getInstance("SHA256withRSA");
    rsa.initSign(cognitoKey.getPrivate());
    rsa.update(input.getBytes(StandardCharsets.US_ASCII));
    return input + "." + B64.encodeToString(rsa.sign());
  }

  private ObjectNode idToken(String sub) {
    ObjectNode claims =
        Json.object()
            .put("iss", POOL)
            .put("sub", sub)
            .put("aud", "console-client")
            .put("token_use", "id")
            .put("exp", clock.instant().getEpochSecond() + 3600);
    claims.putArray("cognito:groups").add("frontdesk").add("admin");
    return claims;
  }

  private Map<String, Object> ask(String authorization) {
    return authorizer.handleRequest(
        Map.of("type", "REQUEST", "headers", Map.of("authorization", authorization)), null);
  }

  @Test
  void aCognitoTokenOfOurPoolAndClientIsLetInWithItsGroups() throws Exception {
    Map<String, Object> answer = ask("Bearer " + cognito(idToken("staff-1")));

    assertThat(answer.get("isAuthorized")).isEqualTo(true);
    assertThat(answer.get("context"))
        .isEqualTo(Map.of("sub", "staff-1", "groups", "[admin frontdesk]"));
    ObjectNode access =
        Json.object()
            .put("iss", POOL)
            .put("sub", "m-1")
            .put("client_id", "app-client")
            .put("token_use", "access")
            .put("exp", clock.instant().getEpochSecond() + 3600);
    assertThat(ask(cognito(access)).get("isAuthorized")).isEqualTo(true);
  }

  @Test
  void aCognitoTokenOfAnotherPoolClientOrExpiredOrAlteredIsRefused() throws Exception {
    assertThat(ask("Bearer " + cognito(idToken("s").put("iss", POOL + "x"))))
        .containsEntry("isAuthorized", false);
    assertThat(ask("Bearer " + cognito(idToken("s").put("aud", "someone-elses-client"))))
        .containsEntry("isAuthorized", false);
    assertThat(
            ask(
                "Bearer "
                    + cognito(idToken("s").put("exp", clock.instant().getEpochSecond() - 61))))
        .containsEntry("isAuthorized", false);
    String token = cognito(idToken("s"));
    String[] parts = token.split("\\.");
    String escalated =
        parts[0]
            + "."
            + B64.encodeToString(Json.write(idToken("admin")).getBytes(StandardCharsets.UTF_8))
            + "."
            + parts[2];
    assertThat(ask("Bearer " + escalated)).containsEntry("isAuthorized", false);
  }

  @Test
  void fairslotsOwnTokenIsLetInAsAMemberWithNoGroups() {
    SessionTokens sessions =
        new SessionTokens(
            () -> own, new HmacTokens(), new MemoryRefreshFamilies(), clock, IdGenerator.random());

    Map<String, Object> answer = ask("Bearer " + sessions.issue("wx-member").token());

    assertThat(answer.get("isAuthorized")).isEqualTo(true);
    assertThat(answer.get("context")).isEqualTo(Map.of("sub", "wx-member", "groups", "[]"));
    TokenKeys other = SecretTokenKeys.random();
    SessionTokens foreign =
        new SessionTokens(
            () -> other,
            new HmacTokens(),
            new MemoryRefreshFamilies(),
            clock,
            IdGenerator.random());
    assertThat(ask("Bearer " + foreign.issue("wx-member").token()))
        .containsEntry("isAuthorized", false);
  }

  @Test
  void noTokenOrGarbageIsRefusedAndTheJwksIsFetchedOnlyWhenAKeyIsMissing() throws Exception {
    assertThat(authorizer.handleRequest(Map.of("headers", Map.of()), null))
        .containsEntry("isAuthorized", false);
    assertThat(ask("Bearer ")).containsEntry("isAuthorized", false);
    assertThat(ask("Basic dXNlcjpwYXNz")).containsEntry("isAuthorized", false);

    ask(cognito(idToken("a")));
    ask(cognito(idToken("b")));
    assertThat(jwksFetches.get()).isEqualTo(1);
  }

  @Test
  void snapStartPrimingRefusesATokenOfEachKindAndWarmsTheJwksFetch() {
    authorizer.prime();

    assertThat(jwksFetches.get()).isEqualTo(1);
  }
}
