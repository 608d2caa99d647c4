package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.local.LocalClient.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Signing in with WeChat (API.md v1.3, issue 63 item 1) end to end on the local runtime: a wx.login
 * code (the fake's control) gives fairslot's own tokens, which every route accepts as it accepts a
 * Cognito token; the member is created once however many sign-ins race; a used, forged or busy code
 * creates nothing; refresh tokens work once and a reused one revokes its sign-in.
 */
class WechatSignInIT {
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalRuntime.start(Settings.forTests("wechat-sign-in-it"));
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  private static String loginCode(String openid, String unionid) throws Exception {
    String body =
        unionid == null
            ? "{\"openid\":\"" + openid + "\"}"
            : "{\"openid\":\"" + openid + "\",\"unionid\":\"" + unionid + "\"}";
    Reply made = api.call("POST", "/_local/wechat/login-codes", null, body);
    assertThat(made.status()).isEqualTo(200);
    return made.json().path("code").asText();
  }

  private static Reply signIn(String code) throws Exception {
    return api.call("POST", "/auth/wechat", null, "{\"code\":\"" + code + "\"}");
  }

  @Test
  void aNewMemberSignsInWithACodeAndEveryRouteAcceptsTheToken() throws Exception {
    Reply first = signIn(loginCode("o-new-1", null));
    Reply again = signIn(loginCode("o-new-1", null));

    assertThat(first.status()).isEqualTo(200);
    assertThat(first.json().path("isNew").asBoolean()).isTrue();
    assertThat(first.json().path("expiresIn").asLong()).isEqualTo(3600);
    assertThat(again.json().path("isNew").asBoolean()).isFalse();
    String userId = first.json().path("userId").asText();
    assertThat(again.json().path("userId").asText()).isEqualTo(userId);
    String token = again.json().path("token").asText();
    Reply profile = api.call("GET", "/me/profile", token, null);
    assertThat(profile.status()).isEqualTo(200);
    assertThat(profile.json().path("userId").asText()).isEqualTo(userId);
    // a member signed in with WeChat holds no staff role
    assertThat(api.call("GET", "/finance/exceptions", token, null).status()).isEqualTo(403);
  }

  @Test
  void theSignedInMemberPaysWithWechatPayWithoutLinkingAgain() throws Exception {
    String token = signIn(loginCode("o-payer", "u-payer")).json().path("token").asText();
    String bookingId = api.hold(token);

    Reply paying =
        api.call("POST", "/bookings/" + bookingId + "/pay", token, "{\"provider\":\"wechatpay\"}");

    assertThat(paying.status()).isEqualTo(200);
    assertThat(paying.json().path("provider").asText()).isEqualTo("wechatpay");
  }

  @Test
  void aUsedForgedOrExpiredCodeIs401AndWechatBusyIs503WithRetryAfter() throws Exception {
    String code = loginCode("o-once", null);
    assertThat(signIn(code).status()).isEqualTo(200);

    Reply used = signIn(code);
    Reply forged = signIn("bad-made-up");
    Reply busy = signIn("busy-1");
    Reply empty = api.call("POST", "/auth/wechat", null, "{}");

    assertThat(used.status()).isEqualTo(401);
    assertThat(used.json().path("code").asText()).isEqualTo("invalid_code");
    assertThat(forged.status()).isEqualTo(401);
    assertThat(busy.status()).isEqualTo(503);
    assertThat(busy.json().path("code").asText()).isEqualTo("throttled");
    assertThat(api.call("POST", "/auth/wechat", null, "{\"code\":\"busy-2\"}").raw())
        .doesNotContain("o-");
    assertThat(empty.status()).isEqualTo(422);
  }

  @Test
  void aRefreshTokenWorksOnceARetryIsAnsweredAndReusingOneRevokesTheSignIn() throws Exception {
    Reply signedIn = signIn(loginCode("o-refresh", null));
    String first = signedIn.json().path("refreshToken").asText();

    Reply second = refresh(first);
    assertThat(second.status()).isEqualTo(200);
    assertThat(second.json().path("userId").asText())
        .isEqualTo(signedIn.json().path("userId").asText());
    assertThat(api.call("GET", "/me/profile", second.json().path("token").asText(), null).status())
        .isEqualTo(200);

    // presented again at once, it is a retry (a lost answer) and answers the same next token
    Reply retried = refresh(first);
    assertThat(retried.status()).isEqualTo(200);
    assertThat(retried.json().path("refreshToken").asText())
        .isEqualTo(second.json().path("refreshToken").asText());
    Reply third = refresh(second.json().path("refreshToken").asText());
    assertThat(third.status()).isEqualTo(200);

    // two generations back it can only be a copy: the sign-in is revoked
    Reply replayed = refresh(first);
    Reply current = refresh(third.json().path("refreshToken").asText());

    assertThat(replayed.status()).isEqualTo(401);
    assertThat(replayed.json().path("code").asText()).isEqualTo("invalid_token");
    assertThat(current.status()).isEqualTo(401);
    assertThat(refresh("made.0.up.AAAA").status()).isEqualTo(401);
  }

  @Test
  void twentyFourSignInsRacingWithOneNewWechatUserCreateOneMember() throws Exception {
    int n = 24;
    List<String> codes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      codes.add(loginCode("o-race", "u-race"));
    }
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Reply>> replies = new ArrayList<>();
    for (String code : codes) {
      replies.add(
          pool.submit(
              () -> {
                go.await();
                return signIn(code);
              }));
    }
    go.countDown();
    List<Reply> answers = new ArrayList<>();
    for (Future<Reply> f : replies) {
      answers.add(f.get(120, TimeUnit.SECONDS));
    }
    pool.shutdown();

    assertThat(answers).allMatch(r -> r.status() == 200);
    assertThat(answers.stream().map(r -> r.json().path("userId").asText()).distinct()).hasSize(1);
    assertThat(answers).filteredOn(r -> r.json().path("isNew").asBoolean()).hasSize(1);
  }

  private static Reply refresh(String token) throws Exception {
    return api.call("POST", "/auth/refresh", null, "{\"refreshToken\":\"" + token + "\"}");
  }
}
