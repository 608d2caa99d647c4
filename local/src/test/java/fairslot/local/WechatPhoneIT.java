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
 * A phone WeChat verified (API.md v1.3, issue 63 item 2) end to end on the local runtime: the code
 * the mini-program's getPhoneNumber gives (the fake's control) becomes the member's verified phone
 * through WeChat's getuserphonenumber with the shared platform token; a used or forged code is 422
 * and changes nothing; members verifying at once ask stable_token once.
 */
class WechatPhoneIT {
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalRuntime.start(Settings.forTests("wechat-phone-it"));
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  private static String phoneCode(String phone) throws Exception {
    Reply made =
        api.call("POST", "/_local/wechat/phone-codes", null, "{\"phone\":\"" + phone + "\"}");
    assertThat(made.status()).isEqualTo(200);
    return made.json().path("code").asText();
  }

  @Test
  void theCodeFromGetPhoneNumberGivesAVerifiedPhoneOnceAndAForgedOneChangesNothing()
      throws Exception {
    String member = api.token("wx-phone-1", "customer");
    String code = phoneCode("+8613800138001");

    Reply verified = api.call("POST", "/me/phone/wechat", member, "{\"code\":\"" + code + "\"}");
    Reply again = api.call("POST", "/me/phone/wechat", member, "{\"code\":\"" + code + "\"}");
    Reply forged = api.call("POST", "/me/phone/wechat", member, "{\"code\":\"made-up\"}");
    Reply profile = api.call("GET", "/me/profile", member, null);

    assertThat(verified.status()).isEqualTo(200);
    assertThat(verified.json().path("phone").asText()).isEqualTo("+8613800138001");
    assertThat(verified.json().path("phoneVerified").asBoolean()).isTrue();
    assertThat(again.status()).isEqualTo(422);
    assertThat(again.json().path("code").asText()).isEqualTo("invalid_code");
    assertThat(forged.status()).isEqualTo(422);
    assertThat(profile.json().path("phone").asText()).isEqualTo("+8613800138001");
    assertThat(profile.json().path("phoneVerified").asBoolean()).isTrue();
  }

  @Test
  void aPhoneVerifiedByWechatMovesFromTheMemberWhoHeldItAsAnSmsCodeWouldMoveIt() throws Exception {
    String first = api.token("wx-phone-2", "customer");
    String second = api.token("wx-phone-3", "customer");
    String phone = "+8613800138002";
    api.call("POST", "/me/phone/wechat", first, "{\"code\":\"" + phoneCode(phone) + "\"}");

    Reply moved =
        api.call("POST", "/me/phone/wechat", second, "{\"code\":\"" + phoneCode(phone) + "\"}");

    assertThat(moved.status()).isEqualTo(200);
    assertThat(moved.json().path("phoneVerified").asBoolean()).isTrue();
    Reply formerHolder = api.call("GET", "/me/profile", first, null);
    assertThat(formerHolder.json().path("phoneVerified").asBoolean()).isFalse();
  }

  @Test
  void aPlatformTokenForcedNewElsewhereIsRefusedOnceThenFetchedAgainAndThePhoneStillVerified()
      throws Exception {
    String member = api.token("wx-phone-4", "customer");
    api.call(
        "POST", "/me/phone/wechat", member, "{\"code\":\"" + phoneCode("+8613800138004") + "\"}");
    assertThat(api.call("POST", "/_local/wechat/stable-token:force", null, "{}").status())
        .isEqualTo(204);

    Reply after =
        api.call(
            "POST",
            "/me/phone/wechat",
            member,
            "{\"code\":\"" + phoneCode("+8613800138005") + "\"}");

    assertThat(after.status()).isEqualTo(200);
    assertThat(after.json().path("phone").asText()).isEqualTo("+8613800138005");
  }

  @Test
  void aLoginCodeMadeForAMemberLinksTheirOpenidOnceAndWechatPayPaysAsThem() throws Exception {
    String member = api.token("wx-login-1", "customer");
    Reply made =
        api.call("POST", "/_local/wechat/login-codes", null, "{\"openid\":\"oMemberLogin01\"}");
    String code = made.json().path("code").asText();

    Reply linked = api.call("PUT", "/me/wechat", member, "{\"code\":\"" + code + "\"}");
    Reply reused = api.call("PUT", "/me/wechat", member, "{\"code\":\"" + code + "\"}");
    String bookingId = api.hold(member);
    Reply paid =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wechatpay\"}");
    String requests = api.call("GET", "/_local/wechatpay/requests", null, null).raw();

    assertThat(linked.status()).isEqualTo(200);
    assertThat(reused.status()).isEqualTo(422);
    assertThat(reused.json().path("code").asText()).isEqualTo("invalid_code");
    assertThat(paid.status()).isEqualTo(200);
    assertThat(requests).contains("oMemberLogin01"); // the JSAPI order is the member's
  }

  @Test
  void membersVerifyingAtOnceAskWechatForOnePlatformToken() throws Exception {
    int before =
        api.call("GET", "/_local/wechat/stable-token-calls", null, null)
            .json()
            .path("calls")
            .asInt();
    int members = 12;
    List<String> tokens = new ArrayList<>();
    List<String> codes = new ArrayList<>();
    for (int i = 0; i < members; i++) {
      tokens.add(api.token("wx-crowd-" + i, "customer"));
      codes.add(phoneCode("+86139001380" + String.format("%02d", i)));
    }
    ExecutorService pool = Executors.newFixedThreadPool(members);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Integer>> answers = new ArrayList<>();
    for (int i = 0; i < members; i++) {
      String token = tokens.get(i);
      String code = codes.get(i);
      answers.add(
          pool.submit(
              () -> {
                go.await();
                return api.call("POST", "/me/phone/wechat", token, "{\"code\":\"" + code + "\"}")
                    .status();
              }));
    }
    go.countDown();
    for (Future<Integer> a : answers) {
      assertThat(a.get(60, TimeUnit.SECONDS)).isEqualTo(200);
    }
    pool.shutdown();
    int after =
        api.call("GET", "/_local/wechat/stable-token-calls", null, null)
            .json()
            .path("calls")
            .asInt();

    // the runtime's token may already be kept from the other tests: at most one fetch for the crowd
    assertThat(after - before).isLessThanOrEqualTo(1);
  }
}
