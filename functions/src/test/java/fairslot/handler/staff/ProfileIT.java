package fairslot.handler.staff;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Contacts;
import fairslot.testing.Mailbox;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Member profiles (v1.1 "Members and notifications") and their proved phones (v1.2 "Verified
 * contact points"): a typed phone is stored unverified; only the code sent to it proves it, and at
 * most one member holds a proved phone.
 */
class ProfileIT {
  private final ApiDriver api = new ApiDriver("profile");

  private Reply get(String userId) {
    return api.send("GET /me/profile", e -> e.as(userId, CUSTOMER));
  }

  private Reply put(String userId, String body) {
    return api.send("PUT /me/profile", e -> e.as(userId, CUSTOMER).body(body));
  }

  @Test
  void aMemberSetsTheirProfileAndClearsAFieldWithNull() {
    Reply blank = get("u1");
    Reply set =
        put(
            "u1",
            "{\"name\":\"Li Wei\",\"email\":\"li@example.com\",\"phone\":\"+86 138 0013 8000\","
                + "\"channels\":[\"SMS\",\"EMAIL\"],\"locale\":\"zh-CN\"}");
    Reply noSms = put("u1", "{\"channels\":[\"EMAIL\"],\"phone\":null}");
    Reply read = get("u1");

    assertThat(blank.status()).isEqualTo(200);
    assertThat(blank.text("locale")).isEqualTo("en");
    assertThat(blank.json().get("channels")).isEmpty();
    assertThat(set.status()).isEqualTo(200);
    assertThat(set.text("phone")).isEqualTo("+8613800138000");
    assertThat(set.json().get("channels").toString()).isEqualTo("[\"EMAIL\",\"SMS\"]");
    assertThat(noSms.status()).isEqualTo(200);
    assertThat(read.json().get("phone").isNull()).isTrue();
    assertThat(read.text("email")).isEqualTo("li@example.com");
    assertThat(read.text("locale")).isEqualTo("zh-CN");
  }

  @Test
  void aPhoneIsStoredUnverifiedAndProvedByTheCodeSentToIt() {
    String phone = "+8613800138" + (100 + new java.util.Random().nextInt(900));
    Reply typed = put("u1", "{\"phone\":\"" + phone + "\",\"channels\":[\"SMS\"]}");
    Reply asked = Contacts.askPhoneCode(api, "u1", phone);
    String code = Mailbox.lastCodeTo(phone);
    Reply wrong = Contacts.confirm(api, "u1", "phone", code.equals("000000") ? "111111" : "000000");
    Reply right = Contacts.confirm(api, "u1", "phone", code);
    Reply reused = Contacts.confirm(api, "u1", "phone", code);

    assertThat(typed.json().get("phoneVerified").asBoolean()).isFalse();
    assertThat(asked.status()).isEqualTo(202);
    assertThat(asked.text("expiresAt")).isEqualTo(ApiDriver.START.plusSeconds(600).toString());
    assertThat(wrong.status()).isEqualTo(422);
    assertThat(wrong.text("code")).isEqualTo("invalid_code");
    assertThat(right.status()).isEqualTo(200);
    assertThat(right.json().get("phoneVerified").asBoolean()).isTrue();
    assertThat(reused.status()).isEqualTo(410);
    assertThat(reused.text("code")).isEqualTo("code_expired");
    assertThat(Mailbox.smsTo(phone)).as("a code is not a notification").isEmpty();
  }

  @Test
  void codesAreLimitedPerNumberWith429AndRetryAfterAndCodesAreStoredHashed() {
    String phone = "+8613700137" + (100 + new java.util.Random().nextInt(900));
    List<Reply> asks = new java.util.ArrayList<>();
    for (int i = 0; i < 4; i++) {
      asks.add(Contacts.askPhoneCode(api, "asker-" + i, phone));
    }
    String code = Mailbox.lastCodeTo(phone);

    assertThat(asks.subList(0, 3)).allSatisfy(r -> assertThat(r.status()).isEqualTo(202));
    assertThat(asks.get(3).status()).isEqualTo(429);
    assertThat(asks.get(3).text("code")).isEqualTo("rate_limited");
    assertThat(asks.get(3).headers()).containsKey("retry-after");
    assertThat(Aws.dynamo().scan(s -> s.tableName(api.table)).items().toString())
        .doesNotContain("\"" + code + "\"")
        .doesNotContain("S=" + code + ")");
  }

  /** The send limits are conditions in the issuing transaction: a crowd cannot pass them. */
  @Test
  void twentyMembersRacingForCodesToOneNumberGetExactlyThree() throws Exception {
    String phone = "+8613700137" + (100 + new java.util.Random().nextInt(900));

    List<Reply> asks = Race.all(20, i -> () -> Contacts.askPhoneCode(api, "crowd-" + i, phone));

    assertThat(asks.stream().filter(r -> r.status() == 202)).hasSize(3);
    assertThat(asks.stream().filter(r -> r.status() != 202))
        .allSatisfy(
            r -> {
              assertThat(r.status()).as(r.body()).isEqualTo(429);
              assertThat(r.text("code")).isEqualTo("rate_limited");
            });
    long texts =
        Aws.dynamo().scan(s -> s.tableName(api.table)).items().stream()
            .filter(i -> i.get("type") != null && i.get("type").s().equals("CONTACT_CODE"))
            .count();
    assertThat(texts).isEqualTo(3);
  }

  @Test
  void badVerificationRequestsAre422AndWriteNothing() {
    int before = SeatLedger.itemCount(Aws.dynamo(), api.table);

    List<Reply> bad =
        List.of(
            api.send(
                "POST /me/phone/verify", e -> e.as("u1", CUSTOMER).body("{\"phone\":\"123\"}")),
            api.send("POST /me/phone/verify", e -> e.as("u1", CUSTOMER).body("{}")),
            api.send("POST /me/email/verify", e -> e.as("u1", CUSTOMER).body("{\"email\":\"x\"}")),
            api.send(
                "POST /me/phone/confirm", e -> e.as("u1", CUSTOMER).body("{\"code\":\"12ab56\"}")),
            api.send("POST /me/email/confirm", e -> e.as("u1", CUSTOMER).body("{\"code\":1}")));

    assertThat(bad)
        .allSatisfy(
            r -> {
              assertThat(r.status()).as(r.body()).isEqualTo(422);
              assertThat(r.text("code")).isEqualTo("invalid_request");
            });
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(before);
  }

  @Test
  void membersRacingToConfirmOnePhoneLeaveItWithExactlyOneVerifiedHolder() throws Exception {
    String phone = "+8613700137" + (100 + new java.util.Random().nextInt(900));
    List<String> codes = new java.util.ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ApiDriver.expect(Contacts.askPhoneCode(api, "racer-" + i, phone), 202);
      codes.add(Mailbox.lastCodeTo(phone));
    }

    List<Reply> replies =
        Race.all(3, i -> () -> Contacts.confirm(api, "racer-" + i, "phone", codes.get(i)));

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
    long holders =
        Aws.dynamo().scan(s -> s.tableName(api.table)).items().stream()
            .filter(i -> i.get("type") != null && i.get("type").s().equals("MEMBER_PROFILE"))
            .filter(i -> i.containsKey("phone") && i.get("phoneVerified").bool())
            .count();
    assertThat(holders).isEqualTo(1);
  }

  @Test
  void badFieldsAre422AndWriteNothing() {
    int before = SeatLedger.itemCount(Aws.dynamo(), api.table);

    List<Reply> bad =
        List.of(
            put("u1", "{\"email\":\"not-an-address\"}"),
            put("u1", "{\"phone\":\"13800138000\"}"),
            put("u1", "{\"phone\":\"+1\"}"),
            put("u1", "{\"channels\":[\"PIGEON\"]}"),
            put("u1", "{\"channels\":[\"SMS\"]}"),
            put("u1", "{\"locale\":\"fr\"}"),
            put("u1", "{\"nickname\":\"x\"}"));

    assertThat(bad)
        .allSatisfy(
            r -> {
              assertThat(r.status()).as(r.body()).isEqualTo(422);
              assertThat(r.text("code")).isEqualTo("invalid_request");
            });
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(before);
  }
}
