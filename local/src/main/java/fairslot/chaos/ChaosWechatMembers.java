package fairslot.chaos;

import static fairslot.chaos.ChaosChecks.is;
import static fairslot.chaos.ChaosChecks.s;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * WeChat members in the chaos run (issue 63): sign-ins racing with one WeChat user, refresh chains
 * whose every step is retried as a careful client retries, subscribe-message grants (with their
 * Idempotency-Key) and free bookings whose confirmations go as subscribe messages or fall back.
 * Checked from the raw items: one member per WeChat user, no retried chain revoked, and every
 * member's sends add up: granted = left + taken, and no more messages reached WeChat than taken.
 */
final class ChaosWechatMembers {
  private static final String TEMPLATE = "tmpl-booking-confirmed";

  private final ChaosWorld world;
  private final ChaosWorkload work;
  private final Random random;

  /** openid -> the member ids its sign-ins were answered with. */
  private final Map<String, Set<String>> members = new ConcurrentHashMap<>();

  /** member -> sends granted by answered requests. */
  private final Map<String, AtomicInteger> granted = new ConcurrentHashMap<>();

  /** Members a grant request of whose was never answered (its count is then unknown). */
  private final Set<String> unsure = ConcurrentHashMap.newKeySet();

  /** Refresh chains: the last token each was answered with, which must still refresh. */
  private final Map<String, String> chains = new ConcurrentHashMap<>();

  ChaosWechatMembers(ChaosWorld world, ChaosWorkload work, Random random) {
    this.world = world;
    this.work = work;
    this.random = random;
  }

  void wave(List<Callable<Object>> wave, String freeSlot) {
    for (int p = 0; p < 3; p++) {
      String openid = "o-chaos-" + p;
      String unionid = p == 0 ? "u-chaos-0" : "";
      for (int i = 0; i < 5; i++) {
        String code = world.wechat.fake.miniProgram.loginCode(openid, unionid);
        boolean chain = i == 0;
        int accepts = random.nextInt(3);
        wave.add(() -> signIn(openid, code, chain, accepts, freeSlot));
      }
    }
  }

  private Object signIn(String openid, String code, boolean chain, int accepts, String slot) {
    Reply in = world.call("POST /auth/wechat", Map.of(), null, null, body("code", code), null);
    if (in.status() != 200) {
      return in; // after a 503 whose first try used the code: 401, as WeChat answers a used code
    }
    String member = in.text("userId");
    members.computeIfAbsent(openid, k -> ConcurrentHashMap.newKeySet()).add(member);
    if (chain) {
      String token = in.text("refreshToken");
      for (int step = 0; step < 3 && token != null; step++) {
        Reply next = refresh(token);
        if (random.nextBoolean()) {
          next = refresh(token); // the same refresh again: a retry, answered the same
        }
        token = next.status() == 200 ? next.text("refreshToken") : null;
      }
      if (token != null) {
        chains.put(member + "#" + code, token);
      }
    }
    StringBuilder grants = new StringBuilder("{\"grants\":[");
    for (int a = 0; a < accepts; a++) {
      grants
          .append(a == 0 ? "" : ",")
          .append("{\"templateId\":\"" + TEMPLATE + "\",\"result\":\"accept\"}");
    }
    Reply granted =
        world.call(
            "POST /me/wechat/subscriptions",
            Map.of(),
            member,
            "customer",
            grants.append("]}").toString(),
            "g-" + code);
    if (granted.status() == 200) {
      this.granted.computeIfAbsent(member, k -> new AtomicInteger()).addAndGet(accepts);
    } else if (accepts > 0) {
      unsure.add(member);
    }
    return work.book(member, slot, "k-wx-" + code);
  }

  private Reply refresh(String token) {
    return world.call(
        "POST /auth/refresh", Map.of(), null, null, body("refreshToken", token), null);
  }

  private static String body(String field, String value) {
    return "{\"" + field + "\":\"" + value + "\"}";
  }

  void check(List<Map<String, AttributeValue>> items, List<String> out) {
    members.forEach(
        (openid, ids) -> {
          if (ids.size() != 1) {
            out.add("WeChat user " + openid + " signed in as " + ids.size() + " members");
          }
        });
    if (members.isEmpty()) {
      out.add("no WeChat sign-in succeeded: the workload no longer exercises it");
    }
    chains.forEach(
        (chain, token) -> {
          if (refresh(token).status() != 200) {
            out.add("refresh chain " + chain + " was revoked by its own retries");
          }
        });
    Map<String, Integer> left = new ConcurrentHashMap<>();
    Map<String, Integer> taken = new ConcurrentHashMap<>();
    long tried =
        items.stream().filter(i -> is(i, "DELIVERY") && "WECHAT".equals(s(i, "channel"))).count();
    if (tried == 0) {
      out.add("no subscribe message was tried: the workload no longer exercises them");
    }
    for (var item : items) {
      String member = s(item, "PK").substring(s(item, "PK").indexOf('#') + 1);
      if (is(item, "WECHAT_GRANTS")) {
        left.merge(member, Integer.parseInt(item.get("left").n()), Integer::sum);
      }
      if (is(item, "WECHAT_SEND")) {
        taken.merge(member, 1, Integer::sum);
      }
    }
    granted.forEach(
        (member, n) -> {
          int accounted = left.getOrDefault(member, 0) + taken.getOrDefault(member, 0);
          if (!unsure.contains(member) && accounted != n.get()) {
            out.add(
                "member "
                    + member
                    + " was granted "
                    + n
                    + " sends but holds "
                    + accounted
                    + " (left + taken)");
          }
        });
    int sent = world.wechat.fake.miniProgram.messages.sent().size();
    int takenAll = taken.values().stream().mapToInt(Integer::intValue).sum();
    if (sent > takenAll) {
      out.add(sent + " subscribe messages reached WeChat but " + takenAll + " sends were taken");
    }
  }
}
