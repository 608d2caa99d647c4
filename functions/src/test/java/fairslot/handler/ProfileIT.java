package fairslot.handler;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Member profiles (v1.1 "Members and notifications"): one phone belongs to at most one account,
 * decided by a conditional claim in the profile's own transaction.
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
  void aPhoneHeldByAnotherAccountIsRefusedAndFreedWhenItsHolderChangesNumber() {
    put("u1", "{\"phone\":\"+8613800138000\"}");

    Reply taken = put("u2", "{\"phone\":\"+86-138-0013-8000\",\"name\":\"Wang\"}");
    Reply u2After = get("u2");
    put("u1", "{\"phone\":\"+8613900139000\"}");
    Reply free = put("u2", "{\"phone\":\"+8613800138000\"}");

    assertThat(taken.status()).isEqualTo(409);
    assertThat(taken.text("code")).isEqualTo("phone_taken");
    assertThat(u2After.json().get("name").isNull()).as("a refused PUT changes nothing").isTrue();
    assertThat(free.status()).isEqualTo(200);
    assertThat(free.text("phone")).isEqualTo("+8613800138000");
  }

  @Test
  void twentyAccountsRacingForOnePhoneLeaveItWithExactlyOne() throws Exception {
    List<Reply> replies =
        Race.all(20, i -> () -> put("racer-" + i, "{\"phone\":\"+8613700137000\"}"));

    assertThat(replies.stream().filter(r -> r.status() == 200)).hasSize(1);
    assertThat(replies.stream().filter(r -> r.status() != 200))
        .allSatisfy(r -> assertThat(r.text("code")).isEqualTo("phone_taken"));
    long holders =
        Aws.dynamo().scan(s -> s.tableName(api.table)).items().stream()
            .filter(i -> i.get("type") != null && i.get("type").s().equals("MEMBER_PROFILE"))
            .filter(i -> i.containsKey("phone"))
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
